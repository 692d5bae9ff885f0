/**
 * `signet/cli`'s `cliLogin` against a scripted API: the headers it sends (the kit's, no session),
 * the link it builds and tells before opening, polling until success, and how it ends otherwise:
 * expired, used, aborted while waiting, a refused start, network failures ridden out up to a limit,
 * and an opener that fails. The platform openers are spawned without a shell.
 */
import { describe, expect, it } from 'vitest';
import { CliLoginError, cliLogin, openerFor } from '../../cli/index.js';

type Poll = { status: string; refresh_token?: string } | 'network-error';

/** A fetch that answers the start, then each poll from `polls` in turn (the last one repeats). */
function scriptedApi(polls: Poll[]) {
  const requests: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  let polled = 0;
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    requests.push({
      url,
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)),
    });
    if (url.endsWith('/auth/cli'))
      return Response.json({
        polling_code: 'p'.repeat(45),
        login_code: 'l'.repeat(45),
        expires_at: new Date(0).toISOString(),
      });
    const next = polls[Math.min(polled++, polls.length - 1)]!;
    if (next === 'network-error') throw new TypeError('fetch failed');
    return Response.json(next, { status: next.status === 'success' ? 201 : 200 });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests, polls: () => polled };
}

const base = {
  baseUrl: 'http://api.test/',
  projectId: 'project-1',
  publishableClientKey: 'pck_1',
  appUrl: 'http://app.test',
  pollIntervalMillis: 1,
};

describe('cliLogin', () => {
  it('starts, tells and opens the confirmation link, polls until success and returns the token', async () => {
    const api = scriptedApi([
      { status: 'waiting' },
      { status: 'waiting' },
      { status: 'success', refresh_token: 'rt' },
    ]);
    const told: string[] = [];
    const opened: string[] = [];
    const result = await cliLogin({
      ...base,
      fetch: api.fetch,
      expiresInMillis: 60_000,
      onUrl: (url) => told.push(url),
      open: (url) => void opened.push(url),
    });
    const link = `http://app.test/handler/cli-auth-confirm?login_code=${'l'.repeat(45)}`;
    expect(result).toEqual({ refreshToken: 'rt', url: link });
    expect(told).toEqual([link]);
    expect(opened).toEqual([link]);
    expect(api.requests.map((r) => [r.url, r.body])).toEqual([
      ['http://api.test/api/v1/auth/cli', { expires_in_millis: 60_000 }],
      ['http://api.test/api/v1/auth/cli/poll', { polling_code: 'p'.repeat(45) }],
      ['http://api.test/api/v1/auth/cli/poll', { polling_code: 'p'.repeat(45) }],
      ['http://api.test/api/v1/auth/cli/poll', { polling_code: 'p'.repeat(45) }],
    ]);
    for (const { headers } of api.requests) {
      expect(Object.keys(headers).sort()).toEqual([
        'content-type',
        'x-stack-access-type',
        'x-stack-client-version',
        'x-stack-override-error-status',
        'x-stack-project-id',
        'x-stack-publishable-client-key',
        'x-stack-random-nonce',
      ]);
      expect(headers).toMatchObject({
        'content-type': 'application/json',
        'x-stack-access-type': 'client',
        'x-stack-project-id': 'project-1',
        'x-stack-publishable-client-key': 'pck_1',
      });
      expect(headers['x-stack-random-nonce']).toMatch(/^[0-9a-z]{45}$/);
    }
    // Without expiresInMillis the body is {} and the server's default applies.
    const again = scriptedApi([{ status: 'success', refresh_token: 'rt' }]);
    await cliLogin({
      ...base,
      fetch: again.fetch,
      onUrl: () => {},
      open: () => {},
      confirmPath: '/auth/cli?x=1',
    });
    expect(again.requests[0]!.body).toEqual({});
  });

  it('builds the link on a moved confirmation page', async () => {
    const api = scriptedApi([{ status: 'success', refresh_token: 'rt' }]);
    const { url } = await cliLogin({
      ...base,
      appUrl: 'https://app.test/base/',
      confirmPath: 'auth/confirm-cli',
      fetch: api.fetch,
      onUrl: () => {},
      open: () => {},
    });
    expect(url).toBe(`https://app.test/base/auth/confirm-cli?login_code=${'l'.repeat(45)}`);
  });

  it.each([
    ['expired', 'The login link expired'],
    ['used', 'already collected'],
  ] as const)('rejects with reason %s when the server says so', async (status, words) => {
    const api = scriptedApi([{ status: 'waiting' }, { status }]);
    const failure = cliLogin({ ...base, fetch: api.fetch, onUrl: () => {}, open: () => {} });
    await expect(failure).rejects.toBeInstanceOf(CliLoginError);
    await expect(failure).rejects.toMatchObject({ reason: status, message: expect.stringContaining(words) });
  });

  it('stops waiting when the signal aborts, and does not start when already aborted', async () => {
    const api = scriptedApi([{ status: 'waiting' }]);
    const controller = new AbortController();
    const failure = cliLogin({
      ...base,
      pollIntervalMillis: 60_000,
      fetch: api.fetch,
      signal: controller.signal,
      onUrl: () => {},
      open: () => {},
    });
    await expect.poll(() => api.polls()).toBe(1);
    controller.abort();
    await expect(failure).rejects.toMatchObject({ name: 'CliLoginError', reason: 'aborted' });
    expect(api.polls()).toBe(1);

    const before = scriptedApi([{ status: 'waiting' }]);
    await expect(
      cliLogin({
        ...base,
        fetch: before.fetch,
        signal: AbortSignal.abort(),
        onUrl: () => {},
        open: () => {},
      }),
    ).rejects.toMatchObject({ reason: 'aborted' });
    expect(before.requests).toEqual([]);
  });

  it('rides out a few network failures while polling, then gives up', async () => {
    const flaky = scriptedApi(['network-error', 'network-error', { status: 'success', refresh_token: 'rt' }]);
    expect(
      (await cliLogin({ ...base, fetch: flaky.fetch, onUrl: () => {}, open: () => {} })).refreshToken,
    ).toBe('rt');
    const down = scriptedApi(['network-error']);
    await expect(cliLogin({ ...base, fetch: down.fetch, onUrl: () => {}, open: () => {} })).rejects.toThrow(
      'fetch failed',
    );
    expect(down.polls()).toBe(6);
  });

  it('a refused start is the kit’s decoded error; a failing opener is ignored', async () => {
    const refusing = (async () =>
      new Response(JSON.stringify({ code: 'INVALID_PUBLISHABLE_CLIENT_KEY', error: 'bad key' }), {
        status: 200,
        headers: {
          'x-stack-known-error': 'INVALID_PUBLISHABLE_CLIENT_KEY',
          'x-stack-actual-status': '401',
        },
      })) as typeof fetch;
    await expect(
      cliLogin({ ...base, fetch: refusing, onUrl: () => {}, open: () => {} }),
    ).rejects.toMatchObject({
      name: 'SignetError',
      code: 'INVALID_PUBLISHABLE_CLIENT_KEY',
      status: 401,
    });
    const api = scriptedApi([{ status: 'success', refresh_token: 'rt' }]);
    const result = await cliLogin({
      ...base,
      fetch: api.fetch,
      onUrl: () => {},
      open: async () => {
        throw new Error('no display');
      },
    });
    expect(result.refreshToken).toBe('rt');
  });

  it('opens with the platform’s opener, the URL one argument (no shell to split it at &)', () => {
    const url = 'http://app.test/handler/cli-auth-confirm?login_code=abc&x=1';
    expect(openerFor('linux', url)).toEqual(['xdg-open', [url]]);
    expect(openerFor('darwin', url)).toEqual(['open', [url]]);
    expect(openerFor('win32', url)).toEqual(['rundll32', ['url.dll,FileProtocolHandler', url]]);
  });
});
