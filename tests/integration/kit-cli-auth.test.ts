/**
 * The CLI login with the kit on both sides against the real server: `signet/cli`'s `cliLogin` as
 * the tool, and a browser app whose `cliAuth` plugin confirms the link's code. The tool gets the
 * browser's session; a second confirmation of the same code, a made-up code and a signed-out or
 * signed-out-elsewhere browser each fail with their code; the tool sees expiry as `expired`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliLoginError, cliLogin } from '../../cli/index.js';
import { createApp } from '../../core/app.js';
import { cliAuth } from '../../plugins/cli-auth/index.js';
import { password } from '../../plugins/password/index.js';
import { sessions } from '../../plugins/sessions/index.js';
import { backends, type RunningServer } from '../support/server.js';

let counter = 0;
const freshEmail = () => `cli-kit-${Date.now()}-${counter++}@example.com`;
const PASSWORD = 'correct horse 1';

describe.each(backends())('CLI login with the kit on $name', (backend) => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await backend.create();
  });
  afterAll(async () => {
    await running?.close();
  });

  const keys = () => ({
    projectId: running.server.seeded.dev.projectId,
    publishableClientKey: running.server.seeded.dev.publishableClientKey,
    baseUrl: running.url,
  });
  const browserApp = () =>
    createApp({
      ...keys(),
      redirectMethod: 'none',
      env: { currentUrl: () => 'http://localhost:5173/' },
      tokenStore: 'memory',
      plugins: [password(), cliAuth(), sessions()],
    });
  async function signedInBrowser(email = freshEmail()) {
    const app = browserApp();
    const signedUp = await app.password.signUp({ email, password: PASSWORD, noRedirect: true });
    if (signedUp.status !== 'ok') throw new Error(`sign-up failed: ${JSON.stringify(signedUp)}`);
    return app;
  }
  const codeOf = (url: string) => new URL(url).searchParams.get('login_code') ?? '';

  it('the tool gets the session of the browser that confirmed, once', async () => {
    const browser = await signedInBrowser();
    const confirmations: unknown[] = [];
    const { refreshToken, url } = await cliLogin({
      ...keys(),
      appUrl: 'http://localhost:5173',
      pollIntervalMillis: 20,
      onUrl: () => {},
      open: async (link) => {
        confirmations.push(await browser.cliAuth.confirm(codeOf(link)));
      },
    });
    expect(confirmations).toEqual([{ status: 'ok', data: undefined }]);
    expect(url).toMatch(/^http:\/\/localhost:5173\/handler\/cli-auth-confirm\?login_code=[0-9a-z]{45}$/);
    // The tool's app, on the handed-over refresh token, is the same user.
    const tool = createApp({
      ...keys(),
      redirectMethod: 'none',
      tokenStore: { read: async () => ({ refreshToken, accessToken: null }), write: async () => {} },
    });
    expect((await tool.getUser())?.id).toBe(browser.user.value?.id);
    // The code is spent.
    const again = await browser.cliAuth.confirm(codeOf(url));
    expect(again.status === 'error' && again.error.code).toBe('CLI_LOGIN_CODE_INVALID');
    expect(again.status === 'error' && again.error.message).toBe(
      'Invalid login code or the code has expired',
    );
  });

  it('a made-up code, a signed-out browser and a session revoked elsewhere each fail with their code', async () => {
    const browser = await signedInBrowser();
    for (const code of ['x'.repeat(45), '', 'y'.repeat(5000)]) {
      const result = await browser.cliAuth.confirm(code);
      expect(result.status === 'error' && result.error.code).toBe('CLI_LOGIN_CODE_INVALID');
    }
    const signedOut = browserApp();
    const refused = await signedOut.cliAuth.confirm('x'.repeat(45));
    expect(refused.status === 'error' && refused.error.code).toBe('USER_AUTHENTICATION_REQUIRED');
    // The wire's own message, from its catalogue loaded for the occasion.
    expect(refused.status === 'error' && refused.error.message).toBe(
      'User authentication required for this endpoint.',
    );
    await browser.signOut({ noRedirect: true });
    const after = await browser.cliAuth.confirm('x'.repeat(45));
    expect(after.status === 'error' && after.error.code).toBe('USER_AUTHENTICATION_REQUIRED');

    // Its access token still fresh, a browser whose session another device revoked hands on nothing.
    const email = freshEmail();
    const revoked = await signedInBrowser(email);
    const other = browserApp();
    expect((await other.password.signIn({ email, password: PASSWORD, noRedirect: true })).status).toBe('ok');
    await other.sessions.revokeOthers();
    // A live attempt's code, from a tool that gives up a second later.
    const code = await new Promise<string>((resolve) => {
      void cliLogin({
        ...keys(),
        appUrl: 'http://localhost:5173',
        onUrl: (url) => resolve(codeOf(url)),
        open: () => {},
        signal: AbortSignal.timeout(1000),
      }).catch(() => undefined);
    });
    const ended = await revoked.cliAuth.confirm(code);
    expect(ended.status === 'error' && ended.error.code).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  });

  it('the tool ends with reason expired when nobody confirms in time', async () => {
    const failure = cliLogin({
      ...keys(),
      appUrl: 'http://localhost:5173',
      expiresInMillis: 300,
      pollIntervalMillis: 50,
      onUrl: () => {},
      open: () => {},
    });
    await expect(failure).rejects.toBeInstanceOf(CliLoginError);
    await expect(failure).rejects.toMatchObject({ reason: 'expired' });
  });
});
