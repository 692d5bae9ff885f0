/**
 * The sign-in step's `redirectTo`: an explicit target the step goes to on success instead of the
 * after-auth page, checked like every redirect (refused before the call when untrusted), and kept
 * by a pending second-factor attempt so the second factor ends there — unless another sign-in
 * replaced the attempt meanwhile.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../core/app.js';
import { definePlugin } from '../../core/plugin.js';
import { UntrustedRedirectError } from '../../core/redirects.js';
import type { SignInOptions } from '../../core/sign-in.js';
import { totp } from '../../plugins/totp/index.js';
import { clientUserJson, fakeApi, json, knownError, signInAnswer } from '../support/fake-api.js';

/** A plugin whose sign-in passes its options straight to the step (as the OAuth callback does). */
const ticket = definePlugin({
  id: 'ticket',
  setup: (ctx) => ({
    signIn: (ticketCode: string, options: Partial<SignInOptions> = {}) =>
      ctx.signIn(
        () => ctx.http.request('/auth/ticket', { method: 'POST', withSession: false, body: { ticketCode } }),
        { method: 'ticket', ...options },
      ),
  }),
});

function setup() {
  // Each ticket asks for a second factor with an attempt named after it; 'direct' signs in at once.
  const { fetch, requests } = fakeApi({
    'POST /auth/ticket': async (request) => {
      const { ticketCode } = (await request.json()) as { ticketCode: string };
      return ticketCode === 'direct'
        ? signInAnswer('u1')
        : knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', 'MFA required', { attempt_code: ticketCode });
    },
    'POST /auth/mfa/sign-in': () => signInAnswer('u1'),
    'GET /users/me': () => json(clientUserJson('u1')),
  });
  const navigate = vi.fn(async (_to: string, _options: { replace: boolean }) => {});
  const app = createApp({
    projectId: 'p',
    publishableClientKey: 'pck',
    baseUrl: 'http://api.test',
    tokenStore: 'memory',
    env: { currentUrl: () => 'http://app.test/handler/sign-in' },
    urls: { afterSignIn: '/signed-in' },
    trustedDomains: ['https://docs.example.com'],
    redirectMethod: { navigate },
    fetch,
    plugins: [ticket, totp()],
  });
  const sent = (path: string) => requests.filter((r) => new URL(r.url).pathname === `/api/v1${path}`);
  return { app, navigate, sent };
}

describe('the sign-in step’s redirectTo', () => {
  it('goes to redirectTo instead of the after-sign-in page, relative or on a trusted domain', async () => {
    const { app, navigate } = setup();
    expect(await app.ticket.signIn('direct', { redirectTo: '/welcome?tour=1' })).toMatchObject({
      status: 'ok',
    });
    expect(navigate).toHaveBeenLastCalledWith('/welcome?tour=1', { replace: true });
    await app.ticket.signIn('direct', { redirectTo: 'https://docs.example.com/start' });
    expect(navigate).toHaveBeenLastCalledWith('https://docs.example.com/start', { replace: true });
    await app.ticket.signIn('direct');
    expect(navigate).toHaveBeenLastCalledWith('/signed-in', { replace: true });
    // noRedirect still wins: no redirect at all.
    await app.ticket.signIn('direct', { redirectTo: '/welcome', noRedirect: true });
    expect(navigate).toHaveBeenCalledTimes(3);
  });

  it('refuses an untrusted redirectTo before the call: nothing sent, nobody signed in, nothing pending', async () => {
    const { app, navigate, sent } = setup();
    for (const target of ['https://evil.test/', '//evil.test/', 'javascript:alert(1)']) {
      const thrown = await app.ticket.signIn('direct', { redirectTo: target }).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(UntrustedRedirectError);
      expect((thrown as UntrustedRedirectError).target).toBe(target);
    }
    await expect(app.ticket.signIn('attempt-1', { redirectTo: 'https://evil.test/' })).rejects.toThrow(
      UntrustedRedirectError,
    );
    expect(sent('/auth/ticket')).toHaveLength(0);
    expect(app.pendingSignIn.value).toBeNull();
    expect(await app.getUser()).toBeNull();
    expect(app.lastSignInMethod.value).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is kept by a pending attempt, so the second factor given later goes there', async () => {
    const { app, navigate, sent } = setup();
    const outcome = await app.ticket.signIn('attempt-1', { redirectTo: '/welcome' });
    expect(outcome.status).toBe('second-factor-required');
    expect(app.pendingSignIn.value).toMatchObject({
      attemptCode: 'attempt-1',
      method: 'ticket',
      redirectTo: '/welcome',
    });
    expect(navigate).not.toHaveBeenCalled();

    expect(await app.totp.verify('123456')).toEqual({
      status: 'ok',
      data: { userId: 'u1', isNewUser: false },
    });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenLastCalledWith('/welcome', { replace: true });
    expect(app.pendingSignIn.value).toBeNull();
    expect(app.lastSignInMethod.value).toBe('ticket');
    expect(await sent('/auth/mfa/sign-in')[0]!.json()).toMatchObject({ code: 'attempt-1' });
  });

  it('is replaced when a second sign-in starts in between and asks for a second factor too', async () => {
    const { app, navigate, sent } = setup();
    await app.ticket.signIn('attempt-1', { redirectTo: '/first' });
    await app.ticket.signIn('attempt-2', { redirectTo: '/second' });
    expect(app.pendingSignIn.value).toMatchObject({ attemptCode: 'attempt-2', redirectTo: '/second' });
    await app.totp.verify('123456');
    expect(navigate.mock.calls).toEqual([['/second', { replace: true }]]);
    expect(await sent('/auth/mfa/sign-in')[0]!.json()).toMatchObject({ code: 'attempt-2' });

    // One without a target of its own drops the first one's: the after-sign-in page.
    await app.ticket.signIn('attempt-3', { redirectTo: '/third' });
    await app.ticket.signIn('attempt-4');
    expect(app.pendingSignIn.value?.redirectTo).toBeUndefined();
    await app.totp.verify('123456');
    expect(navigate).toHaveBeenLastCalledWith('/signed-in', { replace: true });
  });

  it('is dropped with its attempt when a second sign-in in between signs in at once', async () => {
    const { app, navigate } = setup();
    await app.ticket.signIn('attempt-1', { redirectTo: '/first' });
    await app.ticket.signIn('direct', { redirectTo: '/second' });
    expect(app.pendingSignIn.value).toBeNull();
    expect(navigate.mock.calls).toEqual([['/second', { replace: true }]]);
    expect(() => app.totp.verify('123456')).toThrow('no sign-in is waiting for a second factor');
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
