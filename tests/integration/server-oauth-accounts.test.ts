/**
 * Who an OAuth sign-in signs in (wire.md §6.6 steps 5–9), with a standard provider ("google" with
 * the project's own keys) pointed at a real OpenID Connect provider process on loopback
 * (tests/support/oidc-provider). Sign-up from the provider's profile and sign-in again; link mode
 * (the signed-in user gains the account; another user's account and a second account of the same
 * provider are refused); the three merge strategies for an address already used for sign-in;
 * sign-up switched off; a user who denies consent; an outer flow past its ten minutes; and two
 * first sign-ins of one new provider account racing (one user, no 500). Every refusal reaches the
 * app's error URL as errorCode, message and details.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import {
  appCode,
  appError,
  authorize,
  authorizeUrl,
  callback,
  exchange,
  outerStart,
} from '../support/oauth-flow.js';
import {
  completeProviderLogin,
  type OidcProvider,
  type ProviderUser,
  startOidcProvider,
} from '../support/oidc-provider/index.js';
import { patchConfig } from '../support/outbox.js';
import { freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const GOOGLE = { client_id: 'signet-google', client_secret: 'google-client-secret' };

let provider: OidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider({
    clients: [
      {
        ...GOOGLE,
        // Native: the loopback redirect URI matches whatever port the test server got (RFC 8252).
        application_type: 'native',
        redirect_uris: ['http://127.0.0.1/api/v1/auth/oauth/callback/google'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
  });
});
afterAll(async () => {
  await provider?.close();
});

/** The provider's stable subject for `email` (as the provider process derives it). */
const subjectOf = (email: string) =>
  `user-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`;

describe.each(backends())('OAuth accounts with a standard provider on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  let clock = Date.UTC(2026, 10, 25, 12, 0, 5);
  beforeAll(async () => {
    running = await backend.create({
      now: () => clock,
      oauthProviderEndpoints: { google: { issuer: provider.issuer } },
    });
    dev = running.server.seeded.dev;
    await patchConfig(running.url, dev, {
      oauth_providers: [
        { id: 'github', type: 'shared', enabled: true },
        { id: 'google', type: 'standard', enabled: true, ...GOOGLE },
      ],
    });
  });
  afterAll(async () => {
    await running?.close();
  });

  const me = (accessToken: string) => raw(running.url, '/users/me', { keys: dev, accessToken });
  const userCount = async () => {
    const list = await raw(running.url, '/users', { keys: dev, access: 'server' });
    expect(list.status, list.text).toBe(200);
    return list.json.items.length as number;
  };

  /** Authorize, the provider's login as `user`, and the server's callback. */
  async function flow(user: ProviderUser, extra: Record<string, string> = {}) {
    const start = outerStart();
    const { providerUrl, cookie } = await authorize(authorizeUrl(running.url, dev, 'google', start, extra));
    const back = await callback(await completeProviderLogin(providerUrl, user), cookie);
    return { start, back };
  }

  /** A whole sign-in as `user`; the token answer. */
  async function signIn(user: ProviderUser, extra: Record<string, string> = {}) {
    const { start, back } = await flow(user, extra);
    const answer = await exchange(running.url, dev, { code: appCode(back, start), verifier: start.verifier });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json;
  }

  /** A password user whose address the server marked verified. */
  async function verifiedPasswordUser() {
    const user = await signUp(running.url, dev);
    const proven = await raw(running.url, `/users/${user.userId}`, {
      method: 'PATCH',
      keys: dev,
      access: 'server',
      body: { primary_email_verified: true },
    });
    expect(proven.status, proven.text).toBe(200);
    return user;
  }

  const emailTaken = {
    errorCode: 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE',
    message: 'This email is already used for authentication by another account.',
    details: { type: 'email' },
  };

  it('signs a new user up from the provider’s profile, and the same user in again', async () => {
    const email = freshEmail();
    const before = await userCount();
    const first = await signIn({ email, name: 'Grace Hopper' });
    expect(first.is_new_user).toBe(true);
    const user = await me(first.access_token);
    const sub = subjectOf(email);
    expect(user.json).toMatchObject({
      display_name: 'Grace Hopper',
      primary_email: email,
      primary_email_verified: true,
      profile_image_url: `${provider.issuer}/pictures/${sub}.png`,
      has_password: false,
      oauth_providers: [{ id: 'google', account_id: sub, email }],
    });
    const again = await signIn({ email, name: 'Renamed at the provider' });
    expect(again.is_new_user).toBe(false);
    expect((await me(again.access_token)).json.id).toBe(user.json.id);
    expect(await userCount()).toBe(before + 1);
  });

  it('keeps an unverified provider address unverified', async () => {
    const email = freshEmail();
    const first = await signIn({ email, emailVerified: false });
    expect(first.is_new_user).toBe(true);
    expect((await me(first.access_token)).json).toMatchObject({
      primary_email: email,
      primary_email_verified: false,
      display_name: null,
    });
  });

  describe('link mode', () => {
    it('connects the provider account to the signed-in user', async () => {
      const owner = await signUp(running.url, dev);
      const accountEmail = freshEmail();
      const before = await userCount();
      const linked = await signIn({ email: accountEmail }, { type: 'link', token: owner.accessToken });
      expect(linked.is_new_user).toBe(false);
      const view = await me(linked.access_token);
      expect(view.json.id).toBe(owner.userId);
      expect(view.json.oauth_providers).toEqual([
        { id: 'google', account_id: subjectOf(accountEmail), email: accountEmail },
      ]);
      // The user's own address is unchanged; the provider's is not added as a sign-in address.
      expect(view.json.primary_email).toBe(owner.email);
      // Signing in with that provider account now signs the owner in.
      const later = await signIn({ email: accountEmail });
      expect(later.is_new_user).toBe(false);
      expect((await me(later.access_token)).json.id).toBe(owner.userId);
      // Linking the same account again is fine.
      const relinked = await signIn({ email: accountEmail }, { type: 'link', token: owner.accessToken });
      expect((await me(relinked.access_token)).json.id).toBe(owner.userId);
      expect(await userCount()).toBe(before);
    });

    it('refuses another user’s provider account and a second account of the same provider', async () => {
      const first = await signUp(running.url, dev);
      const second = await signUp(running.url, dev);
      const firstAccount = freshEmail();
      await signIn({ email: firstAccount }, { type: 'link', token: first.accessToken });

      const stolen = await flow({ email: firstAccount }, { type: 'link', token: second.accessToken });
      expect(appError(stolen.back)).toEqual({
        errorCode: 'OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER',
        message: 'The OAuth connection is already connected to another user.',
        details: {},
      });
      const other = await flow({ email: freshEmail() }, { type: 'link', token: first.accessToken });
      expect(appError(other.back)).toEqual({
        errorCode: 'USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION',
        message:
          'The user is already connected to another OAuth account. Did you maybe selected the wrong account?',
        details: {},
      });
      const seconds = await me(second.accessToken);
      expect(seconds.json.oauth_providers).toEqual([]);
      const firsts = await me(first.accessToken);
      expect(firsts.json.oauth_providers.map((p: { email: string }) => p.email)).toEqual([firstAccount]);
    });

    it('needs a valid access token of the project', async () => {
      const start = outerStart();
      const missing = await fetch(authorizeUrl(running.url, dev, 'google', start, { type: 'link' }), {
        redirect: 'manual',
      });
      expect(missing.status).toBe(400);
      expect(await missing.text()).toBe(
        'Linking an OAuth account needs the access token of the signed-in user (token).',
      );
      const garbage = await fetch(
        authorizeUrl(running.url, dev, 'google', start, { type: 'link', token: 'x.y.z' }),
        {
          redirect: 'manual',
        },
      );
      expect(garbage.status).toBe(401);
      expect(garbage.headers.get('x-stack-known-error')).toBe('UNPARSABLE_ACCESS_TOKEN');
      expect(garbage.headers.get('location')).toBeNull();
    });

    it('refuses the access token of a session that has ended', async () => {
      const user = await signUp(running.url, dev);
      const out = await raw(running.url, '/auth/sessions/current', {
        method: 'DELETE',
        keys: dev,
        accessToken: user.accessToken,
        refreshToken: user.refreshToken,
      });
      expect(out.status, out.text).toBe(200);
      const refused = await fetch(
        authorizeUrl(running.url, dev, 'google', outerStart(), { type: 'link', token: user.accessToken }),
        { redirect: 'manual' },
      );
      expect(refused.status).toBe(401);
      expect(await refused.text()).toBe('The access token is no longer valid: its session has ended.');
      expect(refused.headers.get('set-cookie')).toBeNull();
    });
  });

  describe('an address already used for sign-in', () => {
    it('link_method: links when both sides verified the address', async () => {
      await patchConfig(running.url, dev, { oauth_account_merge_strategy: 'link_method' });
      const existing = await verifiedPasswordUser();
      const answer = await signIn({ email: existing.email });
      expect(answer.is_new_user).toBe(false);
      const view = await me(answer.access_token);
      expect(view.json.id).toBe(existing.userId);
      expect(view.json.has_password).toBe(true);
      expect(view.json.oauth_providers).toEqual([
        { id: 'google', account_id: subjectOf(existing.email), email: existing.email },
      ]);
    });

    it('link_method: refuses when either side did not verify it', async () => {
      await patchConfig(running.url, dev, { oauth_account_merge_strategy: 'link_method' });
      const before = await userCount();
      const unverified = await signUp(running.url, dev);
      expect(appError((await flow({ email: unverified.email })).back)).toEqual(emailTaken);
      const verified = await verifiedPasswordUser();
      const claim = await flow({ email: verified.email, emailVerified: false });
      expect(appError(claim.back)).toEqual(emailTaken);
      expect(await userCount()).toBe(before + 2);
      expect((await me(verified.accessToken)).json.oauth_providers).toEqual([]);
    });

    it('link_method: refuses a second account of a provider the user already has, without a 500', async () => {
      await patchConfig(running.url, dev, { oauth_account_merge_strategy: 'link_method' });
      const existing = await verifiedPasswordUser();
      // The user links a first account (another address) of the provider.
      await signIn({ email: freshEmail() }, { type: 'link', token: existing.accessToken });
      const before = await userCount();
      // Another account of that provider reports the user's verified address.
      const second = await flow({ email: existing.email });
      expect(appError(second.back)).toEqual({
        errorCode: 'USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION',
        message:
          'The user is already connected to another OAuth account. Did you maybe selected the wrong account?',
        details: {},
      });
      expect(await userCount()).toBe(before);
      expect((await me(existing.accessToken)).json.oauth_providers).toHaveLength(1);
    });

    it('raise_error: always refuses', async () => {
      await patchConfig(running.url, dev, { oauth_account_merge_strategy: 'raise_error' });
      try {
        const existing = await verifiedPasswordUser();
        const before = await userCount();
        expect(appError((await flow({ email: existing.email })).back)).toEqual(emailTaken);
        expect(await userCount()).toBe(before);
      } finally {
        await patchConfig(running.url, dev, { oauth_account_merge_strategy: 'link_method' });
      }
    });

    it('allow_duplicates: makes a new user whose address is not used for sign-in', async () => {
      await patchConfig(running.url, dev, { oauth_account_merge_strategy: 'allow_duplicates' });
      try {
        const existing = await verifiedPasswordUser();
        const before = await userCount();
        const answer = await signIn({ email: existing.email });
        expect(answer.is_new_user).toBe(true);
        const view = await me(answer.access_token);
        expect(view.json.id).not.toBe(existing.userId);
        expect(view.json.primary_email).toBe(existing.email);
        const channels = await raw(running.url, '/contact-channels', {
          keys: dev,
          accessToken: answer.access_token,
        });
        expect(channels.json.items).toEqual([
          expect.objectContaining({
            value: existing.email,
            is_primary: true,
            is_verified: true,
            used_for_auth: false,
          }),
        ]);
        expect(await userCount()).toBe(before + 1);
        // The password still signs the first user in; the duplicate signs in with the provider.
        const password = await raw(running.url, '/auth/password/sign-in', {
          keys: dev,
          body: { email: existing.email, password: existing.password },
        });
        expect(password.json.user_id).toBe(existing.userId);
        const again = await signIn({ email: existing.email });
        expect((await me(again.access_token)).json.id).toBe(view.json.id);
      } finally {
        await patchConfig(running.url, dev, { oauth_account_merge_strategy: 'link_method' });
      }
    });
  });

  it('refuses new users while sign-up is off, and still signs existing ones in', async () => {
    const known = freshEmail();
    await signIn({ email: known });
    await patchConfig(running.url, dev, { sign_up_enabled: false });
    try {
      const before = await userCount();
      const refused = await flow({ email: freshEmail() });
      expect(appError(refused.back)).toEqual({
        errorCode: 'SIGN_UP_NOT_ENABLED',
        message:
          'Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.',
        details: {},
      });
      expect(await userCount()).toBe(before);
      const existing = await signIn({ email: known });
      expect(existing.is_new_user).toBe(false);
    } finally {
      await patchConfig(running.url, dev, { sign_up_enabled: true });
    }
  });

  it('answers a denied consent as OAUTH_PROVIDER_ACCESS_DENIED', async () => {
    const before = await userCount();
    const denied = await flow({ email: freshEmail(), deny: true });
    expect(appError(denied.back)).toEqual({
      errorCode: 'OAUTH_PROVIDER_ACCESS_DENIED',
      message: 'The OAuth provider denied access to the user.',
      details: {},
    });
    expect(await userCount()).toBe(before);
  });

  it('times the outer flow out after ten minutes', async () => {
    const before = await userCount();
    const start = outerStart();
    const { providerUrl, cookie } = await authorize(authorizeUrl(running.url, dev, 'google', start));
    const callbackUrl = await completeProviderLogin(providerUrl, { email: freshEmail() });
    clock += 10 * 60_000 + 1000;
    const late = await callback(callbackUrl, cookie);
    expect(appError(late)).toEqual({
      errorCode: 'OUTER_OAUTH_TIMEOUT',
      message: 'The OAuth flow has timed out. Please sign in again.',
      details: {},
    });
    expect(await userCount()).toBe(before);
    // Nine minutes is fine.
    const next = outerStart();
    const started = await authorize(authorizeUrl(running.url, dev, 'google', next));
    const url = await completeProviderLogin(started.providerUrl, { email: freshEmail() });
    clock += 9 * 60_000;
    appCode(await callback(url, started.cookie), next);
  });

  it('makes one user of two simultaneous first sign-ins of one provider account', async () => {
    for (let round = 0; round < 2; round++) {
      const email = freshEmail();
      const before = await userCount();
      const flows = await Promise.all(
        [0, 1].map(async () => {
          const start = outerStart();
          const { providerUrl, cookie } = await authorize(authorizeUrl(running.url, dev, 'google', start));
          return { start, cookie, url: await completeProviderLogin(providerUrl, { email }) };
        }),
      );
      const backs = await Promise.all(flows.map((f) => callback(f.url, f.cookie)));
      const ids = new Set<string>();
      let newUsers = 0;
      for (const [i, back] of backs.entries()) {
        expect(back.status, back.text).toBe(307);
        const target = new URL(back.location!);
        // A clean failure reaches the error URL; it must not be a 500.
        if (target.searchParams.has('errorCode')) continue;
        const answer = await exchange(running.url, dev, {
          code: appCode(back, flows[i]!.start),
          verifier: flows[i]!.start.verifier,
        });
        expect(answer.status, JSON.stringify(answer.json)).toBe(200);
        if (answer.json.is_new_user) newUsers++;
        ids.add((await me(answer.json.access_token)).json.id);
      }
      expect(ids.size).toBe(1);
      expect(newUsers).toBe(1);
      expect(await userCount()).toBe(before + 1);
    }
  });
});
