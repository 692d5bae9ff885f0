/**
 * OAuth sign-in with shared keys (wire.md §4.5, §6.6), from the user's side, through the
 * development identity provider signet-server serves on loopback: sign-up makes a user from what
 * was typed on the provider's page (name, email, whether it is verified), the next sign-in finds
 * the same user, production mode refuses shared keys with a readable message, shared keys give
 * neither extra provider scopes nor provider access tokens, and a user with TOTP on must pass the
 * second factor after the code exchange.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import {
  appError,
  authorize,
  authorizeUrl,
  callback,
  devProviderLogin,
  devSignIn,
  navigate,
  outerStart,
} from '../support/oauth-flow.js';
import { PRODUCTION_ORIGIN, setProductionMode, trustProductionOrigin } from '../support/rate-limits.js';
import { expectKnownError, freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { totp } from '../support/totp.js';

describe.each(backends())('OAuth sign-in with shared keys on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  let clock = Date.UTC(2026, 10, 25, 12, 0, 5);
  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    dev = running.server.seeded.dev;
    await running.server.listenDevIdentityProvider();
  });
  afterAll(async () => {
    await running?.close();
  });

  const me = (accessToken: string) => raw(running.url, '/users/me', { keys: dev, accessToken });

  it('signs a new user up from the provider page, then signs the same user in again', async () => {
    const email = freshEmail();
    const first = await devSignIn(running.url, dev, 'github', { email, name: 'Ada Lovelace' });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3599,
      scope: 'legacy',
      is_new_user: true,
      newUser: true,
      after_callback_redirect_url: null,
      afterCallbackRedirectUrl: null,
    });
    const user = await me(first.json.access_token);
    expect(user.status, user.text).toBe(200);
    expect(user.json).toMatchObject({
      display_name: 'Ada Lovelace',
      primary_email: email,
      primary_email_verified: true,
      has_password: false,
    });
    expect(user.json.oauth_providers).toEqual([{ id: 'github', account_id: expect.any(String), email }]);
    expect(user.json.oauth_providers[0].account_id.length).toBeGreaterThan(0);

    const again = await devSignIn(running.url, dev, 'github', { email, name: 'Someone Else' });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.is_new_user).toBe(false);
    expect(again.json.newUser).toBe(false);
    const same = await me(again.json.access_token);
    expect(same.json.id).toBe(user.json.id);
    // A later sign-in does not rewrite the profile.
    expect(same.json.display_name).toBe('Ada Lovelace');
    expect(same.json.oauth_providers).toEqual(user.json.oauth_providers);

    // Another provider with the same address is another provider account: a verified address
    // on both sides links it to the same user (link_method, the default).
    const google = await devSignIn(running.url, dev, 'google', { email });
    expect(google.status, JSON.stringify(google.json)).toBe(200);
    expect(google.json.is_new_user).toBe(false);
    const both = await me(google.json.access_token);
    expect(both.json.id).toBe(user.json.id);
    expect(both.json.oauth_providers.map((p: { id: string }) => p.id)).toEqual(['github', 'google']);
  });

  it('keeps the provider’s word on the address: unverified stays unverified, the name defaults', async () => {
    const email = freshEmail();
    const signedUp = await devSignIn(running.url, dev, 'github', { email, emailVerified: false });
    expect(signedUp.status, JSON.stringify(signedUp.json)).toBe(200);
    expect(signedUp.json.is_new_user).toBe(true);
    const user = await me(signedUp.json.access_token);
    expect(user.json.primary_email).toBe(email);
    expect(user.json.primary_email_verified).toBe(false);
    // The development page's default name: the address's local part.
    expect(user.json.display_name).toBe(email.split('@')[0]);
  });

  it('answers the after-callback URL in the token answer', async () => {
    const after = 'http://localhost:5173/dashboard?tab=1';
    const signedIn = await devSignIn(
      running.url,
      dev,
      'github',
      { email: freshEmail() },
      { after_callback_redirect_url: after },
    );
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    expect(signedIn.json.after_callback_redirect_url).toBe(after);
    expect(signedIn.json.afterCallbackRedirectUrl).toBe(after);
  });

  it('refuses extra provider scopes and provider access tokens with shared keys', async () => {
    const start = outerStart();
    const scoped = await navigate(
      authorizeUrl(running.url, dev, 'github', start, { provider_scope: 'repo read:org' }),
    );
    expectKnownError(scoped, 'OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
    expect(scoped.headers.get('set-cookie')).toBeNull();
    // An empty provider_scope asks for nothing extra.
    const blank = await navigate(
      authorizeUrl(running.url, dev, 'github', outerStart(), { provider_scope: ' ' }),
    );
    expect(blank.status, blank.text).toBe(307);

    const signedIn = await devSignIn(running.url, dev, 'github', { email: freshEmail() });
    const token = await raw(running.url, '/connected-accounts/me/github/access-token', {
      keys: dev,
      accessToken: signedIn.json.access_token,
      body: {},
    });
    expectKnownError(token, 'OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
    const deprecated = await raw(running.url, '/auth/oauth/connected-accounts/github/access-token', {
      keys: dev,
      accessToken: signedIn.json.access_token,
      body: { scope: 'repo' },
    });
    expectKnownError(deprecated, 'OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
  });

  it('asks a user with TOTP on for the second factor at the code exchange', async () => {
    const email = freshEmail();
    const signedUp = await devSignIn(running.url, dev, 'github', { email });
    expect(signedUp.status).toBe(200);
    const secret = randomBytes(20);
    const on = await raw(running.url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      accessToken: signedUp.json.access_token,
      body: { totp_secret_base64: secret.toString('base64') },
    });
    expect(on.status, on.text).toBe(200);
    const userId = on.json.id;

    const second = await devSignIn(running.url, dev, 'github', { email });
    expect(second.status, JSON.stringify(second.json)).toBe(400);
    expect(second.json.code).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
    expect(second.json.access_token).toBeUndefined();
    const attempt = second.json.details.attempt_code;
    expect(attempt).toMatch(/^[0-9a-z]{45}$/);

    const mfa = (code6: string) =>
      raw(running.url, '/auth/mfa/sign-in', {
        keys: dev,
        body: { code: attempt, type: 'totp', totp: code6 },
      });
    expectKnownError(await mfa('000000'), 'INVALID_TOTP_CODE');
    clock += 30_000;
    const done = await mfa(totp(secret, clock));
    expect(done.status, done.text).toBe(200);
    expect(done.json.user_id).toBe(userId);
    expect((await me(done.json.access_token)).json.id).toBe(userId);
  });

  it('refuses shared keys in production mode with a clear message, and allows them again after', async () => {
    await trustProductionOrigin(running.url, dev);
    await setProductionMode(running.url, dev, true);
    try {
      const start = outerStart();
      const refused = await navigate(
        authorizeUrl(running.url, dev, 'github', start, {
          redirect_uri: `${PRODUCTION_ORIGIN}/handler/oauth-callback`,
          error_redirect_url: `${PRODUCTION_ORIGIN}/handler/error`,
        }),
      );
      expect(refused.status, refused.text).toBe(400);
      expect(refused.headers.get('location')).toBeNull();
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect(refused.headers.get('x-stack-known-error')).toBeNull();
      expect(refused.text).toContain('Shared OAuth keys are for development only');
      expect(refused.text).toContain('GitHub');
    } finally {
      await setProductionMode(running.url, dev, false);
    }
    const back = await devSignIn(running.url, dev, 'github', { email: freshEmail() });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
  });

  it('answers a clear error while the development identity provider is not running', async () => {
    const other = await backend.create();
    try {
      const response = await navigate(
        authorizeUrl(other.url, other.server.seeded.dev, 'github', outerStart()),
      );
      expect(response.status, response.text).toBe(400);
      expect(response.text).toContain('development identity provider, which is not running');
    } finally {
      await other.close();
    }
  });

  it('does not attach a provider account to an unverified password sign-up address', async () => {
    const user = await signUp(running.url, dev);
    const start = outerStart();
    const { providerUrl, cookie } = await authorize(authorizeUrl(running.url, dev, 'github', start));
    const back = await callback(await devProviderLogin(providerUrl, { email: user.email }), cookie);
    expect(appError(back).errorCode).toBe('CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE');
    const signIn = await raw(running.url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: user.email, password: user.password },
    });
    expect(signIn.status, signIn.text).toBe(200);
    expect((await me(signIn.json.access_token)).json.oauth_providers).toEqual([]);
  });
});
