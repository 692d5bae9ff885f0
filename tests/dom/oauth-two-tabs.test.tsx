/**
 * Two tabs of one browser, each with its own app, sharing what tabs share (local storage and the
 * cookies): an OAuth flow started in each, finished in either order, records the provider that
 * flow started with, never the other tab's; each flow's record goes when it ends, and the record of
 * a flow never finished goes with its verifier cookie's hour.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../core/index.js';
import { oauth } from '../../plugins/oauth/index.js';
import { clientUserJson, fakeApi, json } from '../support/fake-api.js';
import { tokenExpiringIn } from '../support/fake-wire.js';

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the DOM's cookies.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
};

let clock = Date.now();
beforeEach(() => {
  clearCookies();
  localStorage.clear();
  clock = Date.now();
});
afterEach(() => clearCookies());

/** One tab: an app at its own page, over a token endpoint that signs in `user-<code>`. */
function tab() {
  let here = 'http://app.test/handler/sign-in';
  const navigate = vi.fn(async (_to: string, _options: { replace: boolean }) => {});
  const api = fakeApi({
    'POST /auth/oauth/token': async (request) => {
      const code = new URLSearchParams(await request.text()).get('code');
      return json({
        access_token: tokenExpiringIn(600),
        refresh_token: `refresh-${code}`,
        user_id: `user-${code}`,
        is_new_user: false,
      });
    },
    'GET /users/me': () => json(clientUserJson('u1')),
  });
  const app = createApp({
    projectId: 'p',
    publishableClientKey: 'pck',
    baseUrl: 'http://api.test',
    tokenStore: 'memory',
    redirectMethod: { navigate },
    env: { currentUrl: () => here, now: () => clock },
    fetch: api.fetch,
    plugins: [oauth()],
  });
  /** Starts a sign-in with `provider` and returns its state and where the provider sends back. */
  async function start(provider: string) {
    await app.oauth.signIn(provider);
    const query = new URL(navigate.mock.calls.at(-1)![0]).searchParams;
    return { state: query.get('state')!, redirectUri: query.get('redirect_uri')! };
  }
  /** The provider sends this tab back to the callback with `code`. */
  function finish(flow: { state: string; redirectUri: string }, code: string) {
    const url = new URL(flow.redirectUri);
    url.searchParams.set('code', code);
    url.searchParams.set('state', flow.state);
    here = url.href;
    return app.handle();
  }
  return { app, start, finish };
}

const record = (state: string) => localStorage.getItem(`signet:p:oauth:flow:${state}`);
const lastUsed = () => localStorage.getItem('signet:p:oauth:last-used-provider');

describe('OAuth flows in two tabs', () => {
  it('each record the provider they started with, whichever started last or ends first', async () => {
    const a = tab();
    const b = tab();
    const github = await a.start('GitHub');
    const google = await b.start('google');
    expect(JSON.parse(record(github.state)!)).toEqual({ provider: 'github', link: false });
    expect(JSON.parse(record(google.state)!)).toEqual({ provider: 'google', link: false });
    expect(lastUsed()).toBeNull();

    expect((await a.finish(github, 'a'))?.result).toEqual({
      status: 'ok',
      data: { userId: 'user-a', isNewUser: false },
    });
    expect(a.app.oauth.lastUsed.value).toBe('github');
    expect(a.app.lastSignInMethod.value).toBe('oauth:github');
    expect(lastUsed()).toBe('github');
    expect(record(github.state)).toBeNull();
    expect(record(google.state)).not.toBeNull();

    await b.finish(google, 'b');
    expect(b.app.oauth.lastUsed.value).toBe('google');
    expect(b.app.lastSignInMethod.value).toBe('oauth:google');
    expect(lastUsed()).toBe('google');
    expect(record(google.state)).toBeNull();
    expect(JSON.parse(localStorage.getItem('signet:p:oauth:flows')!)).toEqual([]);
    // A tab opened now shows the provider that signed in last.
    expect(tab().app.oauth.lastUsed.value).toBe('google');
  });

  it('forget a flow never finished once its hour is over, when another flow starts', async () => {
    const a = tab();
    const abandoned = await a.start('github');
    clock += 30 * 60_000;
    const b = tab();
    const kept = await b.start('gitlab');
    expect(record(abandoned.state)).not.toBeNull();
    clock += 30 * 60_000 + 1;
    const later = await b.start('google');
    expect(record(abandoned.state)).toBeNull();
    expect(record(kept.state)).not.toBeNull();
    expect(
      (JSON.parse(localStorage.getItem('signet:p:oauth:flows')!) as [string, number][]).map(([s]) => s),
    ).toEqual([kept.state, later.state]);
  });
});
