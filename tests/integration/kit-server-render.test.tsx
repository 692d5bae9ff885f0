/**
 * Server rendering with real state: a request's cookies (as the browser's cookie store writes them)
 * give a per-request app the session, `await app.ready()` loads the user from the real server, and
 * the page renders signed in; `app.snapshot()` carries that state to the browser's app, whose
 * hooks then render the same thing during hydration.
 */
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import { requestCookieDriver } from '../../core/tokens/request-cookie-driver.js';
import { ACCESS_TOKEN_KEY, refreshTokenKey } from '../../core/tokens/token-store.js';
import { password } from '../../plugins/password/index.js';
import { passwordScreens } from '../../plugins/password/screens.js';
import { SignetHandler, SignetProvider, useSessionStatus, useUser } from '../../react/index.js';
import { backends } from '../support/server.js';

let counter = 0;
const freshEmail = () => `ssr-${Date.now()}-${counter++}@example.com`;

function Who() {
  const user = useUser();
  return <p>{`${useSessionStatus()}:${user?.primaryEmail ?? 'nobody'}`}</p>;
}

describe.each(backends())('server rendering with a request’s cookies on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  const options = () => {
    const keys = running.server.seeded.dev;
    return {
      projectId: keys.projectId,
      publishableClientKey: keys.publishableClientKey,
      baseUrl: running.url,
      redirectMethod: 'none' as const,
      env: { currentUrl: () => 'http://localhost:5173/' },
    };
  };

  /** Signs a user up and returns the Cookie header the browser's cookie store would send. */
  async function signedInCookieHeader(email: string) {
    const memory = new Map<string, string>();
    const browser = createApp({
      ...options(),
      plugins: [password()],
      tokenStore: {
        read: async () => ({
          refreshToken: memory.get('r') ?? null,
          accessToken: memory.get('a') ?? null,
        }),
        write: async ({ refreshToken, accessToken }) => {
          memory.set('r', refreshToken ?? '');
          memory.set('a', accessToken ?? '');
        },
      },
    });
    const result = await browser.password.signUp({ email, password: 'correct horse 1', noRedirect: true });
    expect(result.status).toBe('ok');
    const refresh = memory.get('r') ?? '';
    const access = memory.get('a') ?? '';
    const projectId = running.server.seeded.dev.projectId;
    return [
      `theme=dark`,
      `${refreshTokenKey(projectId)}=${encodeURIComponent(refresh)}`,
      `${ACCESS_TOKEN_KEY}=${encodeURIComponent(JSON.stringify([refresh, access]))}`,
    ].join('; ');
  }

  /** What a host's server does per request: an app over the request's cookies, loaded, rendered. */
  async function renderForRequest(cookie: string | null) {
    const server = createApp({
      ...options(),
      plugins: [password()],
      tokenStore: requestCookieDriver(cookie),
    });
    await server.ready();
    const html = renderToString(
      <SignetProvider app={server}>
        <Who />
      </SignetProvider>,
    );
    return { server, html };
  }

  it('renders a signed-in page on the server and hands the same state to the browser', async () => {
    const email = freshEmail();
    const cookie = await signedInCookieHeader(email);

    const { server, html } = await renderForRequest(cookie);
    expect(html).toContain(`signed-in:${email}`);
    // The auth page knows the user is signed in, instead of a skeleton.
    const signInPage = renderToString(
      <SignetProvider app={server} screens={[passwordScreens()]}>
        <SignetHandler path="/handler/sign-in" />
      </SignetProvider>,
    );
    expect(signInPage).toContain('You are already signed in');
    expect(signInPage).not.toContain('signet-skeleton');

    // What the page embeds, through JSON as it travels, starts the browser's app signed in.
    const state = JSON.parse(JSON.stringify(server.snapshot()));
    const browser = createApp({
      ...options(),
      plugins: [password()],
      tokenStore: 'memory',
      initialState: state,
    });
    expect(browser.status.value).toBe('signed-in');
    expect(browser.user.value?.primaryEmail).toBe(email);
    expect(browser.project.value?.id).toBe(running.server.seeded.dev.projectId);
  });

  it('renders signed out for a request without cookies, or with another project’s or forged ones', async () => {
    const projectId = running.server.seeded.dev.projectId;
    for (const cookie of [
      null,
      `${refreshTokenKey('another-project')}=${encodeURIComponent('x'.repeat(45))}`,
      `${refreshTokenKey(projectId)}=forged; ${ACCESS_TOKEN_KEY}=${encodeURIComponent('["forged","eyJhbGciOiJub25lIn0.e30."]')}`,
      `${refreshTokenKey(projectId)}=%E0%A4%A`,
    ]) {
      const { server, html } = await renderForRequest(cookie);
      expect(html, String(cookie)).toContain('signed-out:nobody');
      expect(server.snapshot().user).toBeNull();
    }
  });

  it('keeps the loading state when the server render did not load the user', () => {
    const server = createApp({ ...options(), tokenStore: requestCookieDriver('') });
    const html = renderToString(
      <SignetProvider app={server}>
        <Who />
      </SignetProvider>,
    );
    expect(html).toContain('loading:nobody');
    expect(server.snapshot()).not.toHaveProperty('user');
  });
});
