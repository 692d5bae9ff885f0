/**
 * Access tokens, JWKS and refresh tokens (wire.md §3): claims verified with jose against the
 * served JWKS, expiry with an injected clock, the refresh grant and sign-out.
 */
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const ISSUER = 'https://access-token.jwt-signature.stack-auth.com';

describe.each(backends())('server tokens on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let clock = Date.now();

  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    url = running.url;
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  /** POSTs the refresh grant the way oauth4webapi does: form body, no X-Stack headers. */
  const grant = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/v1/auth/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...headers,
      },
      body: new URLSearchParams(fields),
    }).then(async (r) => ({
      status: r.status,
      headers: r.headers,
      text: await r.clone().text(),
      json: await r.json(),
    }));

  const refreshFields = (refreshToken: string) => ({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: dev.projectId,
    client_secret: dev.publishableClientKey,
  });

  it('issues ES256 access tokens with the wire claims, verifiable against the JWKS', async () => {
    const user = await signUp(url, dev);
    const jwks = await raw(url, `/projects/${dev.projectId}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(jwks.json.keys).toHaveLength(1);
    expect(jwks.json.keys[0]).toEqual({
      kty: 'EC',
      alg: 'ES256',
      crv: 'P-256',
      x: expect.any(String),
      y: expect.any(String),
      kid: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
    });
    const header = decodeProtectedHeader(user.accessToken);
    expect(header).toEqual({ alg: 'ES256', kid: jwks.json.keys[0].kid });
    const { payload } = await jwtVerify(user.accessToken, createLocalJWKSet(jwks.json), {
      issuer: ISSUER,
      audience: dev.projectId,
      currentDate: new Date(clock),
    });
    expect(Object.keys(payload).sort()).toEqual([
      'aud',
      'branchId',
      'exp',
      'iat',
      'iss',
      'refreshTokenId',
      'sub',
    ]);
    expect(payload).toMatchObject({ sub: user.userId, branchId: 'main', iss: ISSUER, aud: dev.projectId });
    expect(payload.refreshTokenId).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(payload.iat).toBe(Math.floor(clock / 1000));

    // Another project has another key.
    const other = await raw(url, '/projects/internal/.well-known/jwks.json');
    expect(other.json.keys[0].kid).not.toBe(jwks.json.keys[0].kid);
    const unknown = await raw(url, '/projects/00000000-0000-4000-8000-000000000000/.well-known/jwks.json');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('Project not found');
  });

  it('ACCESS_TOKEN_EXPIRED once the clock passes exp, with expired_at_millis', async () => {
    const user = await signUp(url, dev);
    const exp = JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString())
      .exp as number;
    const start = clock;
    try {
      clock = exp * 1000 - 1;
      expect((await raw(url, '/users/me', { keys: dev, accessToken: user.accessToken })).status).toBe(200);
      clock = exp * 1000 + 1;
      const expired = await raw(url, '/users/me', { keys: dev, accessToken: user.accessToken });
      expectKnownError(expired, 'ACCESS_TOKEN_EXPIRED', { expired_at_millis: exp * 1000 });
      expect(expired.json.error).toBe(
        `Access token has expired. Please refresh it and try again. (The access token expired at ${new Date(exp * 1000).toISOString()}.)`,
      );
      // The refresh grant mints a token that is valid at the new time.
      const refreshed = await grant(refreshFields(user.refreshToken));
      expect(refreshed.status).toBe(200);
      expect(
        (await raw(url, '/users/me', { keys: dev, accessToken: refreshed.json.access_token })).status,
      ).toBe(200);
    } finally {
      clock = start;
    }
  });

  it('refresh grant: form body, JSON body, Basic credentials; no refresh token in the answer', async () => {
    const user = await signUp(url, dev);
    const form = await grant(refreshFields(user.refreshToken));
    expect(form.status).toBe(200);
    expect(form.json).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3599,
      scope: 'legacy',
    });
    expect(form.headers.get('cache-control')).toBe('no-store, max-age=0');
    expect(form.headers.get('pragma')).toBe('no-cache');
    const me = await raw(url, '/users/me', { keys: dev, accessToken: form.json.access_token });
    expect(me.json.id).toBe(user.userId);

    const json = await raw(url, '/auth/oauth/token', { body: refreshFields(user.refreshToken) });
    expect(json.status).toBe(200);
    const basic = await grant(
      { grant_type: 'refresh_token', refresh_token: user.refreshToken },
      {
        authorization: `Basic ${Buffer.from(`${dev.projectId}:${dev.publishableClientKey}`).toString('base64')}`,
      },
    );
    expect(basic.status).toBe(200);
  });

  it('refresh grant errors: real statuses, INVALID_OAUTH_CLIENT_ID_OR_SECRET, REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', async () => {
    const user = await signUp(url, dev);
    const badSecret = await grant({ ...refreshFields(user.refreshToken), client_secret: 'pck_wrong' });
    expect(badSecret.status).toBe(400);
    expect(badSecret.headers.get('x-stack-known-error')).toBe('INVALID_OAUTH_CLIENT_ID_OR_SECRET');
    expect(badSecret.json.details).toEqual({ client_id: dev.projectId });
    const badId = await grant({ ...refreshFields(user.refreshToken), client_id: 'internal' });
    expect(badId.json).toMatchObject({
      code: 'INVALID_OAUTH_CLIENT_ID_OR_SECRET',
      details: { client_id: 'internal' },
    });

    const unknown = await grant(refreshFields('0'.repeat(45)));
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual({
      code: 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
      error: 'Refresh token not found for this project, or the session has expired/been revoked.',
    });
    const noGrant = await grant({ refresh_token: user.refreshToken });
    expect(noGrant.status).toBe(400);
    expect(noGrant.json.error).toBe('invalid_request');
    const otherGrant = await grant({ ...refreshFields(user.refreshToken), grant_type: 'password' });
    expect(otherGrant.json.error).toBe('unsupported_grant_type');
  });

  it('sign-out deletes the session: refresh fails after, and its access tokens carry no user any more', async () => {
    const user = await signUp(url, dev);
    const signOut = await raw(url, '/auth/sessions/current', {
      method: 'DELETE',
      keys: dev,
      accessToken: user.accessToken,
      body: {},
    });
    expect(signOut.status).toBe(200);
    expect(signOut.json).toEqual({ success: true });

    const refresh = await grant(refreshFields(user.refreshToken));
    expect(refresh.status).toBe(401);
    expect(refresh.json.code).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    expectKnownError(
      await raw(url, '/auth/sessions/current/refresh', {
        method: 'POST',
        keys: dev,
        refreshToken: user.refreshToken,
      }),
      'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
    );
    const again = await raw(url, '/auth/sessions/current', {
      method: 'DELETE',
      keys: dev,
      accessToken: user.accessToken,
      body: {},
    });
    expectKnownError(again, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    // Stricter than wire.md §1.5 step 8 (stateless access tokens): a token whose session is gone
    // has no user, so a revoked session is out at once, not when its token expires.
    expectKnownError(
      await raw(url, '/users/me', { keys: dev, accessToken: user.accessToken }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
  });

  it('a refresh token expires after a year', async () => {
    const user = await signUp(url, dev);
    const start = clock;
    try {
      clock = start + 366 * 24 * 3600 * 1000;
      const refresh = await grant(refreshFields(user.refreshToken));
      expect(refresh.status).toBe(401);
      expect(refresh.json.code).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    } finally {
      clock = start;
    }
  });

  it('POST auth/sessions (server) creates a session for a user; unknown users are refused', async () => {
    const user = await signUp(url, dev);
    const created = await raw(url, '/auth/sessions', {
      keys: dev,
      access: 'server',
      body: { user_id: user.userId },
    });
    expect(created.status, created.text).toBe(200);
    expect(Object.keys(created.json).sort()).toEqual(['access_token', 'refresh_token']);
    expect((await grant(refreshFields(created.json.refresh_token))).status).toBe(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await raw(url, '/auth/sessions', {
      keys: dev,
      access: 'server',
      body: { user_id: missing },
    });
    expectKnownError(response, 'USER_ID_DOES_NOT_EXIST', { user_id: missing });
    const me = await raw(url, '/auth/sessions', { keys: dev, access: 'server', body: { user_id: 'me' } });
    expectKnownError(me, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
  });
});
