/**
 * Connected accounts (wire.md §4.5) with a standard provider ("google" with the project's own
 * keys) pointed at a real OpenID Connect provider process on loopback: the provider access token
 * handed to the app works at the provider, is reused while it has more than five minutes left and
 * refreshed with the stored refresh token after; scopes never granted, a provider not connected,
 * another user's account from a client (403) and any user's from the server; the deprecated path;
 * extra provider scopes asked in link mode; disconnecting, refused while it is the user's last way
 * in; and, on PostgreSQL, no provider token readable in the table.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { appCode, authorize, authorizeUrl, callback, exchange, outerStart } from '../support/oauth-flow.js';
import {
  completeProviderLogin,
  type OidcProvider,
  type ProviderUser,
  startOidcProvider,
} from '../support/oidc-provider/index.js';
import { patchConfig } from '../support/outbox.js';
import { expectKnownError, freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const GOOGLE = { client_id: 'signet-google', client_secret: 'google-client-secret' };
/** The provider's access tokens live 400 s: 100 s of reuse before the server's 5-minute margin. */
const ACCESS_TOKEN_TTL_S = 400;

let provider: OidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider({
    clients: [
      {
        ...GOOGLE,
        application_type: 'native',
        redirect_uris: ['http://127.0.0.1/api/v1/auth/oauth/callback/google'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    accessTokenTtl: ACCESS_TOKEN_TTL_S,
    extraScopes: ['calendar', 'drive'],
  });
});
afterAll(async () => {
  await provider?.close();
});

/** What the provider's userinfo endpoint says of `accessToken`: status and claims. */
async function userinfo(accessToken: string): Promise<{ status: number; json: any }> {
  const response = await fetch(provider.userInfoUrl, { headers: { authorization: `Bearer ${accessToken}` } });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const subjectOf = (email: string) =>
  `user-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`;

describe.each(backends())('connected accounts on $name', (backend) => {
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
        // Configured with keys but never signed in with here.
        { id: 'gitlab', type: 'standard', enabled: true, client_id: 'gl', client_secret: 'gl-secret' },
        { id: 'discord', type: 'standard', enabled: false, client_id: 'dc', client_secret: 'dc-secret' },
      ],
    });
  });
  afterAll(async () => {
    await running?.close();
  });

  const me = (accessToken: string) => raw(running.url, '/users/me', { keys: dev, accessToken });

  /** A whole sign-in (or link, with `extra`) as `user`; the token answer. */
  async function signIn(user: ProviderUser, extra: Record<string, string> = {}) {
    const start = outerStart();
    const { providerUrl, cookie } = await authorize(authorizeUrl(running.url, dev, 'google', start, extra));
    const back = await callback(await completeProviderLogin(providerUrl, user), cookie);
    const answer = await exchange(running.url, dev, { code: appCode(back, start), verifier: start.verifier });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return { ...answer.json, providerUrl } as {
      access_token: string;
      is_new_user: boolean;
      providerUrl: string;
    };
  }

  /** POST the connected-account access-token route as the signed-in user (client access). */
  const tokenFor = (
    accessToken: string,
    scope?: string,
    path = '/connected-accounts/me/google/access-token',
  ) => raw(running.url, path, { keys: dev, accessToken, body: scope === undefined ? {} : { scope } });

  it('hands out a provider token that works, reuses it while valid, refreshes it after', async () => {
    const email = freshEmail();
    const session = await signIn({ email });
    const first = await tokenFor(session.access_token);
    expect(first.status, first.text).toBe(201);
    expect(Object.keys(first.json)).toEqual(['access_token']);
    const token = first.json.access_token as string;
    expect(await userinfo(token)).toMatchObject({ status: 200, json: { sub: subjectOf(email), email } });

    // Reused: the same token, with or without scopes it was granted.
    expect((await tokenFor(session.access_token)).json.access_token).toBe(token);
    expect((await tokenFor(session.access_token, 'openid email')).json.access_token).toBe(token);
    clock += (ACCESS_TOKEN_TTL_S - 300 - 5) * 1000;
    expect((await tokenFor(session.access_token)).json.access_token).toBe(token);

    // Within five minutes of its end: a new one from the refresh token, kept for next time.
    clock += 10_000;
    const refreshed = await tokenFor(session.access_token);
    expect(refreshed.status, refreshed.text).toBe(201);
    const fresh = refreshed.json.access_token as string;
    expect(fresh).not.toBe(token);
    expect(await userinfo(fresh)).toMatchObject({ status: 200, json: { sub: subjectOf(email) } });
    expect((await tokenFor(session.access_token)).json.access_token).toBe(fresh);
  });

  it('answers the wire’s errors for scopes, providers and users', async () => {
    const session = await signIn({ email: freshEmail() });
    expectKnownError(
      await tokenFor(session.access_token, 'calendar'),
      'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
    );
    expectKnownError(
      await tokenFor(session.access_token, 'openid drive'),
      'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
    );
    expectKnownError(
      await tokenFor(session.access_token, undefined, '/connected-accounts/me/gitlab/access-token'),
      'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER',
    );
    for (const off of ['discord', 'spotify', 'nope']) {
      expectKnownError(
        await tokenFor(session.access_token, undefined, `/connected-accounts/me/${off}/access-token`),
        'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED',
      );
    }
    // A password user with no provider account.
    const plain = await signUp(running.url, dev);
    expectKnownError(await tokenFor(plain.accessToken), 'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER');
  });

  it('lets a client reach only its own user, and the server any user', async () => {
    const owner = await signIn({ email: freshEmail() });
    const ownerId = (await me(owner.access_token)).json.id as string;
    const other = await signUp(running.url, dev);
    const foreign = await raw(running.url, `/connected-accounts/${ownerId}/google/access-token`, {
      keys: dev,
      accessToken: other.accessToken,
      body: {},
    });
    expect(foreign.status, foreign.text).toBe(403);
    expect(foreign.text).toBe('Client can only access connected accounts of their own user.');
    expect(foreign.headers.get('x-stack-known-error')).toBeNull();

    const own = await raw(running.url, `/connected-accounts/${ownerId}/google/access-token`, {
      keys: dev,
      accessToken: owner.access_token,
      body: {},
    });
    expect(own.status, own.text).toBe(201);
    const server = await raw(running.url, `/connected-accounts/${ownerId}/google/access-token`, {
      keys: dev,
      access: 'server',
      body: {},
    });
    expect(server.status, server.text).toBe(201);
    expect(server.json.access_token).toBe(own.json.access_token);
    const unknown = await raw(
      running.url,
      '/connected-accounts/00000000-0000-4000-8000-000000000000/google/access-token',
      { keys: dev, access: 'server', body: {} },
    );
    expectKnownError(unknown, 'USER_NOT_FOUND');
    // Another project's server key does not reach this project's user.
    const internal = await raw(running.url, `/connected-accounts/${ownerId}/google/access-token`, {
      keys: running.server.seeded.internal,
      access: 'server',
      body: {},
    });
    expectKnownError(internal, 'USER_NOT_FOUND');

    const deprecated = await tokenFor(
      owner.access_token,
      undefined,
      '/auth/oauth/connected-accounts/google/access-token',
    );
    expect(deprecated.status, deprecated.text).toBe(201);
    expect(deprecated.json.access_token).toBe(own.json.access_token);
    expectKnownError(
      await tokenFor(owner.access_token, 'calendar', '/auth/oauth/connected-accounts/google/access-token'),
      'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
    );
  });

  it('asks the provider for extra scopes in link mode, and hands out tokens covering them', async () => {
    const email = freshEmail();
    const session = await signIn({ email });
    expectKnownError(
      await tokenFor(session.access_token, 'calendar'),
      'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
    );
    const linked = await signIn(
      { email },
      { type: 'link', token: session.access_token, provider_scope: 'calendar' },
    );
    expect(new URL(linked.providerUrl).searchParams.get('scope')!.split(' ')).toContain('calendar');
    const scoped = await tokenFor(session.access_token, 'calendar');
    expect(scoped.status, scoped.text).toBe(201);
    expect(await userinfo(scoped.json.access_token)).toMatchObject({
      status: 200,
      json: { sub: subjectOf(email) },
    });
    expectKnownError(
      await tokenFor(session.access_token, 'calendar drive'),
      'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
    );

    // A user who grants less than asked gets no token for what was refused.
    const stingy = freshEmail();
    const other = await signIn({ email: stingy });
    await signIn(
      { email: stingy, grantScopes: ['email', 'profile'] },
      { type: 'link', token: other.access_token, provider_scope: 'drive' },
    );
    expectKnownError(
      await tokenFor(other.access_token, 'drive'),
      'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
    );
  });

  it('disconnects a provider, but not the last way in', async () => {
    const email = freshEmail();
    const session = await signIn({ email });
    const disconnect = (accessToken: string, provider = 'google') =>
      raw(running.url, `/connected-accounts/me/${provider}`, { method: 'DELETE', keys: dev, accessToken });

    const refused = await disconnect(session.access_token);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.text).toBe(
      'This is the only way this user can sign in. Add a password or another sign-in method before disconnecting it.',
    );
    expect((await me(session.access_token)).json.oauth_providers).toHaveLength(1);
    expectKnownError(
      await disconnect(session.access_token, 'gitlab'),
      'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER',
    );

    const set = await raw(running.url, '/auth/password/set', {
      keys: dev,
      accessToken: session.access_token,
      body: { password: 'a new password 123' },
    });
    expect(set.status, set.text).toBe(200);
    const done = await disconnect(session.access_token);
    expect(done.status, done.text).toBe(200);
    expect(done.json).toEqual({ success: true });
    const view = await me(session.access_token);
    expect(view.json.oauth_providers).toEqual([]);
    expect(view.json.has_password).toBe(true);
    expectKnownError(await tokenFor(session.access_token), 'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER');
    expectKnownError(await disconnect(session.access_token), 'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER');

    // A client cannot disconnect another user's provider.
    const victim = await signIn({ email: freshEmail() });
    const victimId = (await me(victim.access_token)).json.id;
    const foreign = await raw(running.url, `/connected-accounts/${victimId}/google`, {
      method: 'DELETE',
      keys: dev,
      accessToken: session.access_token,
    });
    expect(foreign.status, foreign.text).toBe(403);
    expect((await me(victim.access_token)).json.oauth_providers).toHaveLength(1);
  });

  // Only PostgreSQL can be read from outside the server: the test exists there alone (not skipped).
  if (backend.name === 'postgres') {
    it('keeps provider tokens sealed at rest', async () => {
      const session = await signIn({ email: freshEmail() });
      const token = (await tokenFor(session.access_token)).json.access_token as string;
      expect(token.length).toBeGreaterThan(20);
      const client = new pg.Client({ connectionString: running.databaseUrl });
      await client.connect();
      try {
        const rows = (await client.query('SELECT kind, token FROM oauth_tokens')).rows as {
          kind: string;
          token: string;
        }[];
        expect(rows.filter((r) => r.kind === 'access').length).toBeGreaterThan(0);
        expect(rows.filter((r) => r.kind === 'refresh').length).toBeGreaterThan(0);
        const dump = JSON.stringify((await client.query('SELECT * FROM oauth_tokens')).rows);
        expect(dump).not.toContain(token);
        // Not even one half of it (no encoding that merely splits or wraps it).
        expect(dump).not.toContain(token.slice(0, 16));
        expect(dump).not.toContain(Buffer.from(token).toString('base64').slice(0, 16));
      } finally {
        await client.end();
      }
    });
  }
});
