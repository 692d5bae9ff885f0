/**
 * The OAuth plugin's flow against a fake API, outside a browser (cookies in memory): the authorize
 * redirect, the callback's code exchange through the one sign-in step, the attacker's cases (a
 * state this browser never started, a replayed callback), typed failures, the second factor, and
 * connected accounts.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApp, isSignetError } from '../../core/index.js';
import { oauth } from '../../plugins/oauth/index.js';
import { codeChallenge } from '../../plugins/oauth/pkce.js';
import { password } from '../../plugins/password/index.js';
import { totp } from '../../plugins/totp/index.js';
import { clientUserJson, fakeApi, json, knownError, type Route, signInAnswer } from '../support/fake-api.js';
import { tokenExpiringIn } from '../support/fake-wire.js';

/** An access token of `userId` (the token answer carries no user id; the kit reads `sub`). */
const tokenOf = (userId: string) => {
  const [head, , sig] = tokenExpiringIn(600).split('.');
  const payload = Buffer.from(
    JSON.stringify({ sub: userId, exp: Math.floor(Date.now() / 1000) + 600 }),
  ).toString('base64url');
  return `${head}.${payload}.${sig}`;
};

/** A token-endpoint answer (wire.md §6.6 step 13). */
const tokenAnswer = (userId: string, extra: Record<string, unknown> = {}) =>
  json({
    access_token: tokenOf(userId),
    refresh_token: `refresh-${userId}`,
    token_type: 'Bearer',
    expires_in: 3599,
    scope: 'legacy',
    is_new_user: false,
    newUser: false,
    after_callback_redirect_url: null,
    afterCallbackRedirectUrl: null,
    ...extra,
  });

function setup(routes: Record<string, Route> = {}, options: { access?: 'server'; signedIn?: boolean } = {}) {
  let here = 'http://app.test/handler/sign-in?after_auth_return_to=%2Fdocs';
  const clock = { now: Date.now() };
  const api = fakeApi({
    'GET /users/me': (request) =>
      request.headers.get('x-stack-access-token') ? json(clientUserJson('u1')) : json({}),
    ...routes,
  });
  const navigate = vi.fn(async (_to: string) => {});
  const app = createApp({
    projectId: 'p',
    baseUrl: 'http://api.test',
    fetch: api.fetch,
    redirectMethod: { navigate },
    urls: { afterSignIn: '/signed-in', afterSignUp: '/signed-up' },
    env: { currentUrl: () => here, now: () => clock.now },
    plugins: [oauth(), password(), totp()],
    ...(options.access === 'server'
      ? { secretServerKey: 'ssk', tokenStore: 'memory' as const }
      : {
          publishableClientKey: 'pck',
          tokenStore: options.signedIn
            ? { read: async () => ({ refreshToken: 'r', accessToken: tokenOf('u1') }), write: async () => {} }
            : ('memory' as const),
        }),
  } as Parameters<typeof createApp>[0]) as ReturnType<
    typeof createApp<[ReturnType<typeof oauth>, ReturnType<typeof password>, ReturnType<typeof totp>]>
  >;
  const goTo = (url: string) => {
    here = url;
  };
  const tokenRequests = () => api.requests.filter((r) => r.url.endsWith('/auth/oauth/token'));
  return { app, api, navigate, goTo, tokenRequests, clock };
}

/** Starts a sign-in and returns the authorize URL the browser was sent to. */
async function started(ctx: ReturnType<typeof setup>, provider = 'GitHub') {
  await ctx.app.oauth.signIn(provider);
  const authorize = new URL(ctx.navigate.mock.calls.at(-1)![0]);
  return { authorize, query: authorize.searchParams };
}

/** The callback URL the server would send the browser back to. */
const callbackOf = (query: URLSearchParams, code = 'the-code') => {
  const url = new URL(query.get('redirect_uri')!);
  url.searchParams.set('code', code);
  url.searchParams.set('state', query.get('state')!);
  return url.href;
};

describe('oauth sign-in', () => {
  it('sends the browser to the API authorize endpoint, with no provider last used until it signs in', async () => {
    const ctx = setup();
    const { authorize, query } = await started(ctx);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(
      'http://api.test/api/v1/auth/oauth/authorize/github',
    );
    expect(query.get('client_id')).toBe('p');
    expect(query.get('client_secret')).toBe('pck');
    expect(query.get('redirect_uri')).toBe(
      'http://app.test/handler/oauth-callback?after_auth_return_to=%2Fdocs',
    );
    expect(query.get('error_redirect_url')).toBe('http://app.test/handler/error');
    expect(query.get('type')).toBe('authenticate');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(ctx.app.oauth.lastUsed.value).toBeNull();
  });

  it('sends a relative after-callback URL as an absolute one (the server checks it against trusted domains)', async () => {
    const ctx = setup();
    await ctx.app.oauth.signIn('github', { afterCallbackRedirectUrl: '/dashboard?tab=1' });
    const query = new URL(ctx.navigate.mock.calls.at(-1)![0]).searchParams;
    expect(query.get('after_callback_redirect_url')).toBe('http://app.test/dashboard?tab=1');
  });

  it('refuses an untrusted after-callback URL before leaving', async () => {
    const ctx = setup();
    await expect(
      ctx.app.oauth.signIn('github', { afterCallbackRedirectUrl: 'https://evil.test/' }),
    ).rejects.toThrow('Redirect URL is not trusted');
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(ctx.app.oauth.lastUsed.value).toBeNull();
  });

  it('exchanges the code with the same redirect_uri and the verifier of the challenge, then signs in', async () => {
    const ctx = setup({ 'POST /auth/oauth/token': () => tokenAnswer('u1') });
    const { query } = await started(ctx);
    ctx.goTo(callbackOf(query));
    const handled = await ctx.app.handle();
    expect(handled?.urlName).toBe('oauthCallback');
    expect(handled?.result).toEqual({ status: 'ok', data: { userId: 'u1', isNewUser: false } });

    const [request] = ctx.tokenRequests();
    expect(request!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect([...request!.headers.keys()].filter((h) => h.startsWith('x-stack'))).toEqual([]);
    const form = new URLSearchParams(await request!.text());
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code')).toBe('the-code');
    expect(form.get('redirect_uri')).toBe(query.get('redirect_uri'));
    expect(await codeChallenge(form.get('code_verifier')!)).toBe(query.get('code_challenge'));
    expect(form.get('client_id')).toBe('p');
    expect(form.get('client_secret')).toBe('pck');

    expect(ctx.app.user.value?.id).toBe('u1');
    expect(ctx.app.lastSignInMethod.value).toBe('oauth:github');
    expect(ctx.app.oauth.lastUsed.value).toBe('github');
    // The return-to target came along through the provider and back.
    expect(ctx.navigate).toHaveBeenLastCalledWith('/docs', { replace: true });
  });

  it('goes to after-sign-up for a new user, and to a trusted after-callback URL when the answer names one', async () => {
    const newUser = setup({ 'POST /auth/oauth/token': () => tokenAnswer('u1', { is_new_user: true }) });
    newUser.goTo('http://app.test/handler/sign-in');
    let { query } = await started(newUser);
    newUser.goTo(callbackOf(query));
    await newUser.app.handle();
    expect(newUser.navigate).toHaveBeenLastCalledWith('/signed-up', { replace: true });
    expect(((await newUser.app.oauth.handleCallback()) as { status: string }).status).toBe('not-a-callback');

    const named = setup({
      'POST /auth/oauth/token': () => tokenAnswer('u1', { after_callback_redirect_url: '/welcome' }),
    });
    ({ query } = await started(named));
    named.goTo(callbackOf(query));
    await named.app.handle();
    expect(named.navigate).toHaveBeenLastCalledWith('/welcome', { replace: true });

    const foreign = setup({
      'POST /auth/oauth/token': () =>
        tokenAnswer('u1', { after_callback_redirect_url: 'https://evil.test/' }),
    });
    ({ query } = await started(foreign));
    foreign.goTo(callbackOf(query));
    await foreign.app.handle();
    expect(foreign.navigate).toHaveBeenLastCalledWith('/docs', { replace: true });
  });

  it('exchanges nothing for a state this browser did not start, nor twice for one it did', async () => {
    const ctx = setup({ 'POST /auth/oauth/token': () => tokenAnswer('u1') });
    const { query } = await started(ctx);
    const foreign = new URLSearchParams(query);
    foreign.set('state', 'another-browsers-state');
    ctx.goTo(callbackOf(foreign));
    expect((await ctx.app.handle())?.result).toMatchObject({ status: 'not-a-callback' });
    ctx.goTo('http://app.test/handler/oauth-callback?state=x');
    expect((await ctx.app.handle())?.result).toMatchObject({ status: 'not-a-callback' });
    expect(ctx.tokenRequests()).toHaveLength(0);

    ctx.goTo(callbackOf(query));
    await ctx.app.handle();
    expect((await ctx.app.handle())?.result).toMatchObject({ status: 'not-a-callback' });
    expect(ctx.tokenRequests()).toHaveLength(1);
  });

  it('returns the exchange’s known errors as typed results', async () => {
    const ctx = setup({
      'POST /auth/oauth/token': () =>
        knownError('INVALID_AUTHORIZATION_CODE', 'The given authorization code is invalid.'),
    });
    const { query } = await started(ctx);
    ctx.goTo(callbackOf(query));
    const result = await ctx.app.oauth.handleCallback();
    expect(result.status).toBe('error');
    if (result.status === 'error') expect(result.error.code).toBe('INVALID_AUTHORIZATION_CODE');
    expect(ctx.app.user.value).toBeNull();
  });

  /** A token endpoint that asks for a second factor, and the TOTP sign-in that completes it. */
  const secondFactorRoutes = (): Record<string, Route> => ({
    'POST /auth/oauth/token': () =>
      knownError(
        'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
        'Multi-factor authentication is required for this user.',
        {
          attempt_code: 'attempt',
        },
      ),
    'POST /auth/password/sign-in': () =>
      knownError(
        'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
        'Multi-factor authentication is required for this user.',
        {
          attempt_code: 'password-attempt',
        },
      ),
    'POST /auth/mfa/sign-in': () => signInAnswer('u1'),
  });

  it('keeps a second-factor attempt when the server asks for one, and goes on once it is given', async () => {
    const ctx = setup(secondFactorRoutes());
    const { query } = await started(ctx, 'google');
    ctx.goTo(callbackOf(query));
    const result = await ctx.app.oauth.handleCallback();
    expect(result.status).toBe('second-factor-required');
    expect(ctx.app.pendingSignIn.value).toMatchObject({ attemptCode: 'attempt', method: 'oauth:google' });
    expect(ctx.navigate).toHaveBeenCalledTimes(1);
    // The second factor completes this sign-in through the same step, which goes on to the
    // after-sign-in page (the return-to target the flow carried).
    expect((await ctx.app.totp.verify('123456')).status).toBe('ok');
    expect(ctx.navigate).toHaveBeenCalledTimes(2);
    expect(ctx.navigate).toHaveBeenLastCalledWith('/docs', { replace: true });
    expect(ctx.app.lastSignInMethod.value).toBe('oauth:google');
    const [mfa] = ctx.api.requests.filter((r) => r.url.endsWith('/auth/mfa/sign-in'));
    expect(await mfa!.json()).toMatchObject({ code: 'attempt', totp: '123456' });
  });

  it('ends a waiting OAuth sign-in that another sign-in replaced as that other one', async () => {
    const ctx = setup(secondFactorRoutes());
    const { query } = await started(ctx, 'google');
    ctx.goTo(callbackOf(query));
    expect((await ctx.app.oauth.handleCallback()).status).toBe('second-factor-required');
    await ctx.app.password.signIn({ email: 'u1@example.com', password: 'pw-12345678', noRedirect: true });
    expect(ctx.app.pendingSignIn.value).toMatchObject({
      attemptCode: 'password-attempt',
      method: 'password',
    });
    expect((await ctx.app.totp.verify('123456')).status).toBe('ok');
    expect(ctx.app.lastSignInMethod.value).toBe('password');
    // The password sign-in asked to stay on the page: the OAuth flow's redirect is gone with it.
    expect(ctx.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('the provider recorded for a flow', () => {
  /** A token endpoint answering for whichever user each code belongs to. */
  const byCode = (): Record<string, Route> => ({
    'POST /auth/oauth/token': async (request) =>
      tokenAnswer(new URLSearchParams(await request.text()).get('code') === 'code-a' ? 'u1' : 'u2'),
  });

  it('is the one each flow started with, whichever of two flows started last or ends first', async () => {
    // Two flows under way at once (GitHub in one tab, Google in another), sharing this storage.
    const ctx = setup(byCode());
    const a = await started(ctx, 'GitHub');
    const b = await started(ctx, 'google');
    expect(a.query.get('state')).not.toBe(b.query.get('state'));
    expect(ctx.app.oauth.lastUsed.value).toBeNull();

    ctx.goTo(callbackOf(a.query, 'code-a'));
    expect((await ctx.app.handle())?.result).toMatchObject({ status: 'ok', data: { userId: 'u1' } });
    expect(ctx.app.oauth.lastUsed.value).toBe('github');
    expect(ctx.app.lastSignInMethod.value).toBe('oauth:github');

    ctx.goTo(callbackOf(b.query, 'code-b'));
    expect((await ctx.app.handle())?.result).toMatchObject({ status: 'ok', data: { userId: 'u2' } });
    expect(ctx.app.oauth.lastUsed.value).toBe('google');
    expect(ctx.app.lastSignInMethod.value).toBe('oauth:google');
  });

  it('is the same in the other order of endings, and survives a reload (kept in storage)', async () => {
    const ctx = setup(byCode());
    const a = await started(ctx, 'github');
    const b = await started(ctx, 'gitlab');
    ctx.goTo(callbackOf(b.query, 'code-b'));
    await ctx.app.handle();
    expect(ctx.app.oauth.lastUsed.value).toBe('gitlab');
    ctx.goTo(callbackOf(a.query, 'code-a'));
    await ctx.app.handle();
    expect(ctx.app.oauth.lastUsed.value).toBe('github');
    expect(ctx.app.lastSignInMethod.value).toBe('oauth:github');
  });

  it('counts a flow that asks for a second factor, but not a refused exchange', async () => {
    let answer: Route = () =>
      knownError('INVALID_AUTHORIZATION_CODE', 'The given authorization code is invalid.');
    const ctx = setup({ 'POST /auth/oauth/token': (request) => answer(request) });
    const refused = await started(ctx, 'github');
    ctx.goTo(callbackOf(refused.query));
    expect((await ctx.app.oauth.handleCallback()).status).toBe('error');
    expect(ctx.app.oauth.lastUsed.value).toBeNull();

    answer = () =>
      knownError(
        'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
        'Multi-factor authentication is required for this user.',
        {
          attempt_code: 'attempt',
        },
      );
    const waiting = await started(ctx, 'google');
    ctx.goTo(callbackOf(waiting.query));
    expect((await ctx.app.oauth.handleCallback()).status).toBe('second-factor-required');
    expect(ctx.app.oauth.lastUsed.value).toBe('google');
    expect(ctx.app.pendingSignIn.value?.method).toBe('oauth:google');
  });

  it('is not last used for a link, though its sign-in method is recorded', async () => {
    const ctx = setup({ 'POST /auth/oauth/token': () => tokenAnswer('u1') }, { signedIn: true });
    await ctx.app.oauth.link('github');
    const query = new URL(ctx.navigate.mock.calls.at(-1)![0]).searchParams;
    ctx.goTo(callbackOf(query));
    expect((await ctx.app.handle())?.result).toMatchObject({ status: 'ok' });
    expect(ctx.app.oauth.lastUsed.value).toBeNull();
    expect(ctx.app.lastSignInMethod.value).toBe('oauth:github');
  });

  it('expires with the verifier cookie’s hour: a flow never finished leaves no record behind', async () => {
    const ctx = setup({
      'POST /auth/oauth/token': () =>
        knownError(
          'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
          'Multi-factor authentication is required for this user.',
          {
            attempt_code: 'attempt',
          },
        ),
    });
    const stale = await started(ctx, 'github');
    ctx.clock.now += 60 * 60_000 + 1;
    // Starting another flow sweeps the stale record (a browser would also have dropped its cookie,
    // which this memory jar keeps: the callback still runs, with no provider to record).
    await started(ctx, 'google');
    ctx.goTo(callbackOf(stale.query));
    expect((await ctx.app.oauth.handleCallback()).status).toBe('second-factor-required');
    expect(ctx.app.pendingSignIn.value?.method).toBe('oauth');
    expect(ctx.app.oauth.lastUsed.value).toBeNull();
  });
});

describe('oauth link and connected accounts', () => {
  it('links in link mode with the access token and scopes, coming back to the page it started on', async () => {
    const ctx = setup({}, { signedIn: true });
    ctx.goTo('http://app.test/handler/account-settings');
    await ctx.app.oauth.link('github', { scopes: ['repo', 'gist'] });
    const query = new URL(ctx.navigate.mock.calls.at(-1)![0]).searchParams;
    expect(query.get('type')).toBe('link');
    expect(query.get('token')).toBe(tokenOf('u1'));
    expect(query.get('provider_scope')).toBe('repo gist');
    expect(query.get('after_callback_redirect_url')).toBe('http://app.test/handler/account-settings');
  });

  it('gives a connected account with its token, or null when not connected / lacking the scope', async () => {
    let answer: Route = () => json({ access_token: 'provider-token' }, 201);
    const ctx = setup(
      { 'POST /connected-accounts/me/github/access-token': (r) => answer(r) },
      { signedIn: true },
    );
    const account = await ctx.app.oauth.getConnectedAccount('github', { scopes: ['repo', 'gist'] });
    expect(account?.provider).toBe('github');
    expect(await account!.getAccessToken()).toEqual({ accessToken: 'provider-token' });
    const sent = ctx.api.requests.filter((r) => r.url.endsWith('/access-token'));
    expect(await sent[0]!.json()).toEqual({ scope: 'repo gist' });

    answer = () =>
      knownError(
        'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
        'The OAuth connection does not have the required scope.',
      );
    await expect(account!.getAccessToken()).rejects.toThrow('No access token available');
    expect(await ctx.app.oauth.getConnectedAccount('github', { scopes: ['admin'] })).toBeNull();
    const thrown = await ctx.app.oauth
      .getConnectedAccount('github', { or: 'throw' })
      .catch((e: unknown) => e);
    expect(isSignetError(thrown, 'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE')).toBe(true);

    answer = () =>
      knownError(
        'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER',
        'The OAuth connection is not connected to any user.',
      );
    ctx.navigate.mockClear();
    expect(
      await ctx.app.oauth.getConnectedAccount('github', { scopes: ['repo'], or: 'redirect' }),
    ).toBeNull();
    const query = new URL(ctx.navigate.mock.calls.at(-1)![0]).searchParams;
    expect(query.get('type')).toBe('link');
    expect(query.get('provider_scope')).toBe('repo');
  });

  it('refuses to add scopes on an app that is not the user’s', async () => {
    const ctx = setup({}, { access: 'server' });
    await expect(ctx.app.oauth.getConnectedAccount('github', { or: 'redirect' })).rejects.toThrow(
      'Cannot add new scopes to a user that is not a CurrentUser',
    );
  });

  it('disconnects a provider and loads the user again; a refusal is thrown with its reason', async () => {
    let refuse = false;
    const ctx = setup(
      {
        'DELETE /connected-accounts/me/github': () =>
          refuse
            ? new Response('This is the only way this user can sign in.', { status: 400 })
            : json({ success: true }),
      },
      { signedIn: true },
    );
    await ctx.app.oauth.disconnect('github');
    const paths = ctx.api.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
    expect(paths.slice(-2)).toEqual(['DELETE /api/v1/connected-accounts/me/github', 'GET /api/v1/users/me']);
    refuse = true;
    await expect(ctx.app.oauth.disconnect('github')).rejects.toThrow('only way this user can sign in');
  });
});
