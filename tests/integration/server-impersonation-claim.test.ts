/**
 * The `is_impersonation` access-token claim (a signet addition to wire.md §3.1): present, as
 * `true`, on every access token of an impersonation session — the one `POST /auth/sessions`
 * answers and those both refresh endpoints mint later — and absent from every other token, whose
 * payload stays exactly the reference's.
 */
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const ISSUER = 'https://access-token.jwt-signature.stack-auth.com';

describe.each(backends())('impersonation claim on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;

  beforeAll(async () => {
    running = await backend.create();
    url = running.url;
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  const createSession = async (userId: string, isImpersonation?: boolean) => {
    const created = await raw(url, '/auth/sessions', {
      keys: dev,
      access: 'server',
      body: {
        user_id: userId,
        expires_in_millis: 3600_000,
        ...(isImpersonation === undefined ? {} : { is_impersonation: isImpersonation }),
      },
    });
    expect(created.status, created.text).toBe(200);
    return created.json as { refresh_token: string; access_token: string };
  };

  const refreshBoth = async (refreshToken: string) => {
    const current = await raw(url, '/auth/sessions/current/refresh', { keys: dev, refreshToken, body: {} });
    expect(current.status, current.text).toBe(200);
    const grant = await fetch(`${url}/api/v1/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: dev.projectId,
        client_secret: dev.publishableClientKey,
      }),
    });
    expect(grant.status).toBe(200);
    const granted = (await grant.json()) as { access_token: string };
    return [current.json.access_token as string, granted.access_token];
  };

  it('marks every access token of an impersonation session, signed with the project key', async () => {
    const user = await signUp(url, dev);
    const session = await createSession(user.userId, true);
    const jwks = await raw(url, `/projects/${dev.projectId}/.well-known/jwks.json`);
    for (const token of [session.access_token, ...(await refreshBoth(session.refresh_token))]) {
      const { payload } = await jwtVerify(token, createLocalJWKSet(jwks.json), {
        issuer: ISSUER,
        audience: dev.projectId,
      });
      expect(payload.is_impersonation).toBe(true);
      expect(payload.sub).toBe(user.userId);
    }
  });

  it('leaves the claim out of normal sessions: their payload keeps exactly the reference claims', async () => {
    const user = await signUp(url, dev);
    const explicit = await createSession(user.userId, false);
    const implicit = await createSession(user.userId);
    const tokens = [
      user.accessToken,
      ...(await refreshBoth(user.refreshToken)),
      explicit.access_token,
      implicit.access_token,
      ...(await refreshBoth(explicit.refresh_token)),
    ];
    for (const token of tokens) {
      expect(Object.keys(decodeJwt(token)).sort()).toEqual([
        'aud',
        'branchId',
        'exp',
        'iat',
        'iss',
        'refreshTokenId',
        'sub',
      ]);
    }
  });

  it('the server still accepts an impersonation token as the user it names', async () => {
    const user = await signUp(url, dev);
    const session = await createSession(user.userId, true);
    const me = await raw(url, '/users/me', { keys: dev, accessToken: session.access_token });
    expect(me.status, me.text).toBe(200);
    expect(me.json.id).toBe(user.userId);
  });
});
