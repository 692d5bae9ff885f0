/**
 * The seams plugins build on, through a fake fetch that answers as the wire does: the one sign-in
 * step (tokens, method, events, redirect, and the second-factor attempt), plugin-owned error
 * codes, plugin URLs, callback routes run by `app.handle`, access levels, and dispose.
 */
import { describe, expect, it, vi } from 'vitest';
import { SECRET_KEY_IN_BROWSER_MESSAGE } from '../../core/app/access.js';
import { createApp } from '../../core/app.js';
import { SignetError, UpdateClientError } from '../../core/errors/signet-error.js';
import { definePlugin } from '../../core/plugin.js';
import { toResult } from '../../core/result.js';
import { toSignInResult } from '../../core/sign-in.js';
import { magicLink } from '../../plugins/magic-link/index.js';
import { password } from '../../plugins/password/index.js';
import { clientUserJson, fakeApi, json, knownError, signInAnswer } from '../support/fake-api.js';

const base = {
  projectId: 'p',
  publishableClientKey: 'pck',
  baseUrl: 'http://api.test',
  tokenStore: 'memory' as const,
  env: { currentUrl: () => 'http://app.test/handler/sign-in' },
};

describe('the one sign-in step', () => {
  it('stores tokens, loads the user, records the method, emits signed-in and redirects', async () => {
    const { fetch } = fakeApi({
      'POST /auth/password/sign-in': () => signInAnswer('u1'),
      'GET /users/me': () => json(clientUserJson('u1')),
    });
    const navigate = vi.fn(async () => {});
    const app = createApp({ ...base, fetch, plugins: [password()], redirectMethod: { navigate } });
    const signedIn = vi.fn();
    app.events.on('signed-in', signedIn);

    const result = await app.password.signIn({ email: 'u1@example.com', password: 'pw-12345678' });
    expect(result).toEqual({ status: 'ok', data: { userId: 'u1', isNewUser: false } });
    expect(app.user.value?.id).toBe('u1');
    expect(app.lastSignInMethod.value).toBe('password');
    expect(signedIn).toHaveBeenCalledWith({ userId: 'u1', method: 'password', isNewUser: false });
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('tells plugins the session changed on sign-in and sign-out, so they drop what they kept', async () => {
    const { fetch } = fakeApi({
      'POST /auth/password/sign-in': () => signInAnswer('u9'),
      'GET /users/me': () => json(clientUserJson('u9')),
      'DELETE /auth/sessions/current': () => json({ success: true }),
    });
    const app = createApp({ ...base, fetch, plugins: [password()], redirectMethod: 'none' });
    const seen: string[] = [];
    app.events.on('session-changed', () => seen.push('session-changed'));
    app.events.on('signed-in', () => seen.push('signed-in'));
    app.events.on('signed-out', () => seen.push('signed-out'));
    await app.password.signIn({ email: 'u9@example.com', password: 'pw-12345678' });
    await app.signOut({ noRedirect: true });
    expect(seen).toEqual(['session-changed', 'signed-in', 'session-changed', 'signed-out']);
  });

  it('turns MULTI_FACTOR_AUTHENTICATION_REQUIRED into a pending attempt, not an error, and signs in nobody', async () => {
    const now = 1_000_000;
    const { fetch } = fakeApi({
      'POST /auth/otp/sign-in': () =>
        knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', 'MFA required', { attempt_code: 'attempt-1' }),
    });
    const app = createApp({ ...base, env: { ...base.env, now: () => now }, fetch, plugins: [magicLink()] });
    const signedIn = vi.fn();
    app.events.on('signed-in', signedIn);

    const result = await app.magicLink.signInWithLinkCode({ code: 'abc', noRedirect: true });
    expect(result.status).toBe('second-factor-required');
    const attempt = {
      attemptCode: 'attempt-1',
      method: 'magic-link',
      isNewUser: false,
      expiresAt: now + 5 * 60_000,
      noRedirect: true,
    };
    expect(result).toEqual({ status: 'second-factor-required', attempt });
    expect(app.pendingSignIn.value).toEqual(attempt);
    expect(signedIn).not.toHaveBeenCalled();
    expect(await app.getUser()).toBeNull();
    app.cancelPendingSignIn();
    expect(app.pendingSignIn.value).toBeNull();
  });

  it('lets a second-factor plugin complete the attempt through the same step, which clears it', async () => {
    const { fetch, requests } = fakeApi({
      'POST /auth/password/sign-in': () =>
        knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', 'MFA required', { attempt_code: 'attempt-2' }),
      'POST /auth/mfa/sign-in': () => signInAnswer('u2'),
      'GET /users/me': () => json(clientUserJson('u2')),
    });
    const secondFactor = definePlugin({
      id: 'code',
      setup: (ctx) => ({
        verify: (totp: string) => {
          const attempt = ctx.pendingSignIn.value;
          if (!attempt) throw new Error('nothing pending');
          return toSignInResult(
            () =>
              ctx.signIn(
                () =>
                  ctx.http.request('/auth/mfa/sign-in', {
                    method: 'POST',
                    withSession: false,
                    body: { type: 'totp', totp, code: attempt.attemptCode },
                  }),
                { method: attempt.method, noRedirect: attempt.noRedirect },
              ),
            ['INVALID_TOTP_CODE'],
          );
        },
      }),
    });
    const app = createApp({ ...base, fetch, plugins: [password(), secondFactor], redirectMethod: 'none' });
    await app.password.signIn({ email: 'u2@example.com', password: 'pw-12345678', noRedirect: true });
    expect(app.pendingSignIn.value?.attemptCode).toBe('attempt-2');

    expect(await app.code.verify('123456')).toEqual({
      status: 'ok',
      data: { userId: 'u2', isNewUser: false },
    });
    expect(app.pendingSignIn.value).toBeNull();
    expect(app.user.value?.id).toBe('u2');
    expect(app.lastSignInMethod.value).toBe('password');
    const mfa = requests.find((r) => r.url.endsWith('/auth/mfa/sign-in'));
    expect(await mfa?.json()).toEqual({ type: 'totp', totp: '123456', code: 'attempt-2' });
  });

  it('still throws an MFA error that carries no attempt code, rather than inventing an attempt', async () => {
    const { fetch } = fakeApi({
      'POST /auth/password/sign-in': () => knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', 'MFA required'),
    });
    const app = createApp({ ...base, fetch, plugins: [password()], redirectMethod: 'none' });
    await expect(app.password.signIn({ email: 'a@example.com', password: 'pw-12345678' })).rejects.toThrow(
      SignetError,
    );
    expect(app.pendingSignIn.value).toBeNull();
  });
});

describe('plugin-owned error codes', () => {
  const ticket = definePlugin({
    id: 'ticket',
    errorCodes: ['TICKET_EXPIRED'],
    setup: (ctx) => ({
      redeem: () =>
        toResult(() => ctx.http.request('/tickets/redeem', { method: 'POST', body: {} }), ['TICKET_EXPIRED']),
    }),
  });

  it('decode to a SignetError tagged with the plugin and come back as the call’s error result', async () => {
    const { fetch } = fakeApi({
      'POST /tickets/redeem': () => knownError('TICKET_EXPIRED', 'This ticket has expired.', { at: 1 }, 410),
    });
    const app = createApp({ ...base, fetch, plugins: [ticket] });
    const result = await app.ticket.redeem();
    if (result.status !== 'error') throw new Error('expected an error');
    expect(result.error).toBeInstanceOf(SignetError);
    expect(result.error.code).toBe('TICKET_EXPIRED');
    expect(result.error.plugin).toBe('ticket');
    expect(result.error.status).toBe(410);
    expect(result.error.details).toEqual({ at: 1 });
    expect(result.error.message).toBe('This ticket has expired.');
  });

  it('stay unknown ("update the client") for an app without that plugin', async () => {
    const { fetch } = fakeApi({
      'POST /tickets/redeem': () => knownError('TICKET_EXPIRED', 'This ticket has expired.'),
    });
    const app = createApp({ ...base, fetch });
    await expect(app.http.request('/tickets/redeem', { method: 'POST', body: {} })).rejects.toBeInstanceOf(
      UpdateClientError,
    );
  });

  it('may not be claimed by two plugins', () => {
    const other = definePlugin({ id: 'other', errorCodes: ['TICKET_EXPIRED'], setup: () => ({}) });
    expect(() => createApp({ ...base, plugins: [ticket, other] })).toThrow(
      'error code "TICKET_EXPIRED" of plugin "other" is already taken by ticket',
    );
  });
});

describe('plugin URLs and callback routes', () => {
  it('merges plugin pages into app.urls under the handler base, moved by createApp({ urls })', () => {
    const app = createApp({ ...base, plugins: [password(), magicLink()], urls: { handler: '/auth' } });
    expect(app.urls.forgotPassword).toBe('/auth/forgot-password');
    expect(app.urls.magicLinkCallback).toBe('/auth/magic-link-callback');
    expect(app.urls.signIn).toBe('/auth/sign-in');
    const moved = createApp({
      ...base,
      plugins: [magicLink()],
      urls: { magicLinkCallback: '/handler/login-link' },
    });
    expect(moved.urls.magicLinkCallback).toBe('/handler/login-link');
    expect(createApp(base).urls).not.toHaveProperty('magicLinkCallback');
  });

  it('refuses a plugin URL that takes a core page or disagrees with another plugin', () => {
    const takesSignIn = definePlugin({ id: 'a', urls: { signIn: 'x' }, setup: () => ({}) });
    expect(() => createApp({ ...base, plugins: [takesSignIn] })).toThrow(
      'URL "signIn" of plugin "a" is already taken by the core',
    );
    const otherVerification = definePlugin({
      id: 'b',
      urls: { emailVerification: 'verify' },
      setup: () => ({}),
    });
    expect(() => createApp({ ...base, plugins: [password(), otherVerification] })).toThrow(
      'URL "emailVerification" of plugin "b" is already taken by password',
    );
  });

  it('runs the callback route of the page the URL is at, wherever that page was moved', async () => {
    const { fetch, requests } = fakeApi({
      'POST /auth/otp/sign-in': () => signInAnswer('u3', { is_new_user: true }),
      'GET /users/me': () => json(clientUserJson('u3')),
    });
    const app = createApp({
      ...base,
      fetch,
      redirectMethod: 'none',
      plugins: [magicLink()],
      urls: { magicLinkCallback: '/handler/login-link' },
    });
    expect(await app.handle('http://app.test/handler/magic-link-callback?code=abc')).toBeNull();
    expect(await app.handle('http://elsewhere.test/handler/login-link?code=abc')).toBeNull();
    expect(requests).toHaveLength(0);

    const handled = await app.handle(new URL('http://app.test/handler/login-link/?code=ABC123'));
    expect(handled).toEqual({
      urlName: 'magicLinkCallback',
      pluginId: 'magicLink',
      result: { status: 'ok', data: { userId: 'u3', isNewUser: true } },
    });
    expect(await requests[0]?.json()).toEqual({ code: 'abc123' });
    expect(app.user.value?.id).toBe('u3');
  });
});

describe('access levels', () => {
  const serverOnly = definePlugin({ id: 'admin', access: 'server', setup: (ctx) => ({ level: ctx.access }) });

  it('sends the secret server key on a server app and runs server plugins there', async () => {
    const { fetch, requests } = fakeApi({ 'GET /x': () => json({}) });
    const app = createApp({ ...base, secretServerKey: 'ssk', fetch, plugins: [serverOnly] });
    expect(app.access).toBe('server');
    expect(app.admin.level).toBe('server');
    await app.http.request('/x');
    expect(requests[0]?.headers.get('x-stack-access-type')).toBe('server');
    expect(requests[0]?.headers.get('x-stack-secret-server-key')).toBe('ssk');
  });

  it('refuses a server plugin on a client app, in the types and at run time', () => {
    expect(() =>
      // @ts-expect-error: a client app cannot take a plugin that needs server access.
      createApp({ ...base, plugins: [serverOnly] }),
    ).toThrow(/needs server access, but this app has client access/);
  });

  it('refuses a secret key in a browser, but lets an owner’s admin token getter run there', async () => {
    const browser = { ...base.env, isBrowser: true };
    expect(() => createApp({ ...base, env: browser, secretServerKey: 'ssk' })).toThrow(
      SECRET_KEY_IN_BROWSER_MESSAGE,
    );
    expect(() => createApp({ ...base, env: browser, superSecretAdminKey: 'sak' })).toThrow(
      SECRET_KEY_IN_BROWSER_MESSAGE,
    );

    const { fetch, requests } = fakeApi({ 'GET /x': () => json({}) });
    let n = 0;
    const app = createApp({
      ...base,
      env: browser,
      fetch,
      adminAccessToken: async () => `owner-token-${++n}`,
    });
    expect(app.access).toBe('admin');
    await app.http.request('/x');
    await app.http.request('/x');
    expect(requests.map((r) => r.headers.get('x-stack-admin-access-token'))).toEqual([
      'owner-token-1',
      'owner-token-2',
    ]);
    expect(requests[0]?.headers.get('x-stack-access-type')).toBe('admin');
    expect(requests[0]?.headers.get('x-stack-super-secret-admin-key')).toBeNull();
  });
});

describe('dispose', () => {
  it('runs every plugin’s cleanup once, last registered first', () => {
    const order: string[] = [];
    const first = definePlugin({ id: 'first', setup: (ctx) => ctx.onDispose(() => order.push('first')) });
    const second = definePlugin({ id: 'second', setup: (ctx) => ctx.onDispose(() => order.push('second')) });
    const app = createApp({ ...base, plugins: [first, second] });
    app.dispose();
    app.dispose();
    expect(order).toEqual(['second', 'first']);
  });
});
