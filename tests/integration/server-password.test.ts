/**
 * Password sign-up, sign-in and update (wire.md §4.2), users/me (§4.8) and request validation
 * (§1.4), through raw HTTP on every database backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const CALLBACK = 'http://localhost:5173/handler/email-verification';

describe.each(backends())('server password auth and users/me on $name', (backend) => {
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

  const signUpBody = (email: string, password = 'correct horse battery') => ({
    email,
    password,
    verification_callback_url: CALLBACK,
  });

  it('signs up, signs in and reads users/me in the client and server shapes', async () => {
    const user = await signUp(url, dev);
    expect(user.refreshToken).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);
    const signIn = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(200);
    expect(Object.keys(signIn.json).sort()).toEqual(['access_token', 'refresh_token', 'user_id']);
    expect(signIn.json.user_id).toBe(user.userId);
    expect(signIn.json.refresh_token).not.toBe(user.refreshToken);

    const me = await raw(url, '/users/me', { keys: dev, accessToken: signIn.json.access_token });
    expect(me.status).toBe(200);
    expect(me.json).toEqual({
      id: user.userId,
      primary_email: user.email,
      primary_email_verified: false,
      display_name: null,
      client_metadata: null,
      client_read_only_metadata: null,
      profile_image_url: null,
      signed_up_at_millis: expect.any(Number),
      has_password: true,
      auth_with_email: true,
      oauth_providers: [],
      selected_team_id: null,
      selected_team: null,
      requires_totp_mfa: false,
      otp_auth_enabled: false,
      passkey_auth_enabled: false,
    });
    const server = await raw(url, '/users/me', {
      keys: dev,
      access: 'server',
      accessToken: user.accessToken,
    });
    expect(server.json).toEqual({
      ...me.json,
      primary_email_auth_enabled: true,
      server_metadata: null,
      last_active_at_millis: expect.any(Number),
    });
  });

  it('USER_EMAIL_ALREADY_EXISTS (409) for a second sign-up with the same email', async () => {
    const { email } = await signUp(url, dev);
    const again = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: signUpBody(email, 'another password'),
    });
    expectKnownError(again, 'USER_EMAIL_ALREADY_EXISTS');
    expect(again.status).toBe(409);
  });

  it('creates exactly one user when 8 sign-ups of one email race', async () => {
    const admin = { keys: dev, access: 'admin' as const };
    const before = (await raw(url, '/projects/current', admin)).json.user_count;
    const email = freshEmail();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        raw(url, '/auth/password/sign-up', { keys: dev, body: signUpBody(email, `password number ${i}`) }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expectKnownError(r, 'USER_EMAIL_ALREADY_EXISTS');
    expect((await raw(url, '/projects/current', admin)).json.user_count).toBe(before + 1);
    const winner = results.findIndex((r) => r.status === 200);
    const signIn = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email, password: `password number ${winner}` },
    });
    expect(signIn.json.user_id).toBe(results[winner]!.json.user_id);
  });

  it('EMAIL_PASSWORD_MISMATCH for a wrong password and for an unknown email', async () => {
    const user = await signUp(url, dev);
    const wrong = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: user.email, password: 'wrong password' },
    });
    expectKnownError(wrong, 'EMAIL_PASSWORD_MISMATCH');
    expect(wrong.json.error).toBe('Wrong e-mail or password.');
    const unknown = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: freshEmail(), password: 'whatever password' },
    });
    expectKnownError(unknown, 'EMAIL_PASSWORD_MISMATCH');
    // Email matching is exact (no case folding).
    const upper = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expectKnownError(upper, 'EMAIL_PASSWORD_MISMATCH');
  });

  it('PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG, counted in code points', async () => {
    const short = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: signUpBody(freshEmail(), 'short'),
    });
    expectKnownError(short, 'PASSWORD_TOO_SHORT', { min_length: 8 });
    expect(short.json.error).toBe('Password too short. Minimum length is 8.');
    const long = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: signUpBody(freshEmail(), 'x'.repeat(71)),
    });
    expectKnownError(long, 'PASSWORD_TOO_LONG', { maxLength: 70 });
    expect(long.json.error).toBe('Password too long. Maximum length is 70.');
    // 70 emoji are 140 UTF-16 code units but 70 characters: accepted.
    const emoji = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: signUpBody(freshEmail(), '🔑'.repeat(70)),
    });
    expect(emoji.status, emoji.text).toBe(200);
    const sevenEmoji = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: signUpBody(freshEmail(), '🔑'.repeat(7)),
    });
    expectKnownError(sevenEmoji, 'PASSWORD_TOO_SHORT', { min_length: 8 });
    const absurd = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: signUpBody(freshEmail(), 'x'.repeat(5000)),
    });
    expect(absurd.json.code).toBe('SCHEMA_ERROR');
  });

  it('SCHEMA_ERROR for unknown properties, bad types, bad emails and URLs', async () => {
    const extra = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { ...signUpBody(freshEmail()), a: 1, b: 2 },
    });
    expectKnownError(extra, 'SCHEMA_ERROR', {
      message:
        'Request validation failed on POST /api/v1/auth/password/sign-up:\n  - body contains unknown properties: a, b',
    });
    const types = await raw(url, '/auth/password/sign-in', { keys: dev, body: { email: 42 } });
    expect(types.json.code).toBe('SCHEMA_ERROR');
    expect(types.json.error).toBe(
      'Request validation failed on POST /api/v1/auth/password/sign-in:\n' +
        '  - body.email must be a `string` type, but the final value was: `42`.\n' +
        '  - body.password must be defined',
    );
    const badEmail = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: signUpBody('.dot@example.com'),
    });
    expect(badEmail.json.details.message).toContain('body.email must be a valid email address');
    const badUrl = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { ...signUpBody(freshEmail()), verification_callback_url: 'not a url' },
    });
    expect(badUrl.json.details.message).toContain('body.verification_callback_url is not a valid URL');
    const noBody = await raw(url, '/auth/password/sign-up', { keys: dev, method: 'POST' });
    expect(noBody.json.details.message).toBe(
      'Request validation failed on POST /api/v1/auth/password/sign-up:\n  - body must be defined',
    );
    const arrayBody = await raw(url, '/auth/password/sign-up', { keys: dev, body: [1, 2] });
    expect(arrayBody.json.code).toBe('SCHEMA_ERROR');
    const query = await raw(url, '?extra=param');
    expectKnownError(query, 'SCHEMA_ERROR', {
      message: 'Request validation failed on GET /api/v1:\n  - query contains unknown properties: extra',
    });
  });

  it('refuses values the database cannot store as SCHEMA_ERROR, never a 500', async () => {
    const nul = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: signUpBody('a\u0000b@example.com'),
    });
    expect(nul.json.details.message).toContain('body.email must not contain NUL characters');
    const user = await signUp(url, dev);
    const patch = (body: unknown) =>
      raw(url, '/users/me', { method: 'PATCH', keys: dev, accessToken: user.accessToken, body });
    expect((await patch({ client_metadata: { note: 'nul \u0000 here' } })).json.code).toBe('SCHEMA_ERROR');
    expect((await patch({ display_name: 'x\u0000' })).json.code).toBe('SCHEMA_ERROR');
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = { d: deep };
    expect((await patch({ client_metadata: deep })).json.details.message).toContain('is nested too deeply');
    const grant = await raw(url, '/auth/oauth/token', {
      body: { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'a\u0000', client_secret: 'b' },
    });
    expect(grant.status).toBe(400);
    const big = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: 'x'.repeat(9 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
  });

  it('BODY_PARSING_ERROR for invalid JSON and unknown content types, never a 500', async () => {
    const json = await raw(url, '/auth/password/sign-in', { keys: dev, body: '{"email": ' });
    expectKnownError(json, 'BODY_PARSING_ERROR', undefined, {
      messageDetails: { message: 'Invalid JSON in request body' },
    });
    const type = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: 'x',
      headers: { 'content-type': 'application/xml' },
    });
    expectKnownError(type, 'BODY_PARSING_ERROR', undefined, {
      messageDetails: { message: 'Unknown content type in request body: application/xml' },
    });
    const text = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.json.code).toBe('SCHEMA_ERROR');
    const utf8 = await fetch(`${url}/api/v1/auth/password/sign-in`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-stack-project-id': dev.projectId,
        'x-stack-access-type': 'client',
        'x-stack-publishable-client-key': dev.publishableClientKey,
      },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expect(utf8.status).toBe(400);
    expect((await utf8.json()).error).toBe('Request body cannot be parsed as UTF-8');
  });

  it('SIGN_UP_NOT_ENABLED, PASSWORD_AUTHENTICATION_NOT_ENABLED and client deletion follow the config', async () => {
    const configure = (config: Record<string, boolean>) =>
      raw(url, '/projects/current', { method: 'PATCH', keys: dev, access: 'admin', body: { config } });
    const user = await signUp(url, dev);
    try {
      expect((await configure({ sign_up_enabled: false })).json.config.sign_up_enabled).toBe(false);
      const signUpOff = await raw(url, '/auth/password/sign-up', {
        keys: dev,
        body: signUpBody(freshEmail()),
      });
      expectKnownError(signUpOff, 'SIGN_UP_NOT_ENABLED');
      const signInStillOn = await raw(url, '/auth/password/sign-in', {
        keys: dev,
        body: { email: user.email, password: user.password },
      });
      expect(signInStillOn.status).toBe(200);

      await configure({ credential_enabled: false });
      const signIn = await raw(url, '/auth/password/sign-in', {
        keys: dev,
        body: { email: user.email, password: user.password },
      });
      expectKnownError(signIn, 'PASSWORD_AUTHENTICATION_NOT_ENABLED');
      const signUpAgain = await raw(url, '/auth/password/sign-up', {
        keys: dev,
        body: signUpBody(freshEmail()),
      });
      expectKnownError(signUpAgain, 'PASSWORD_AUTHENTICATION_NOT_ENABLED');
      expect((await raw(url, '/projects/current', { keys: dev })).json.config).toMatchObject({
        sign_up_enabled: false,
        credential_enabled: false,
      });

      await configure({ client_user_deletion_enabled: true });
      const deleted = await raw(url, '/users/me', {
        method: 'DELETE',
        keys: dev,
        accessToken: user.accessToken,
      });
      expect(deleted.json).toEqual({ success: true });
      expectKnownError(
        await raw(url, '/users/me', { keys: dev, accessToken: user.accessToken }),
        'CANNOT_GET_OWN_USER_WITHOUT_USER',
      );
    } finally {
      await configure({
        sign_up_enabled: true,
        credential_enabled: true,
        client_user_deletion_enabled: false,
      });
    }
    const client = await raw(url, '/projects/current', { method: 'PATCH', keys: dev, body: { config: {} } });
    expectKnownError(client, 'INSUFFICIENT_ACCESS_TYPE', {
      actual_access_type: 'client',
      allowed_access_types: ['admin'],
    });
  });

  it('updates the password, ends other sessions and keeps the current one', async () => {
    const user = await signUp(url, dev);
    const other = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: user.email, password: user.password },
    });
    const mismatch = await raw(url, '/auth/password/update', {
      keys: dev,
      accessToken: user.accessToken,
      body: { old_password: 'not my password', new_password: 'a brand new password' },
    });
    expectKnownError(mismatch, 'PASSWORD_CONFIRMATION_MISMATCH');
    const tooShort = await raw(url, '/auth/password/update', {
      keys: dev,
      accessToken: user.accessToken,
      body: { old_password: user.password, new_password: 'short' },
    });
    expectKnownError(tooShort, 'PASSWORD_TOO_SHORT', { min_length: 8 });
    const updated = await raw(url, '/auth/password/update', {
      keys: dev,
      accessToken: user.accessToken,
      refreshToken: user.refreshToken,
      body: { old_password: user.password, new_password: 'a brand new password' },
    });
    expect(updated.json).toEqual({ success: true });

    const refresh = (refreshToken: string) =>
      raw(url, '/auth/sessions/current/refresh', { keys: dev, refreshToken, method: 'POST' });
    expect((await refresh(user.refreshToken)).status).toBe(200);
    expectKnownError(await refresh(other.json.refresh_token), 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    const oldPassword = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: user.email, password: user.password },
    });
    expectKnownError(oldPassword, 'EMAIL_PASSWORD_MISMATCH');
    const newPassword = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      body: { email: user.email, password: 'a brand new password' },
    });
    expect(newPassword.status).toBe(200);
  });

  it('PATCH users/me: client fields, image rules, server-only fields refused for clients', async () => {
    const user = await signUp(url, dev);
    const patch = (body: unknown, access: 'client' | 'server' = 'client') =>
      raw(url, '/users/me', { method: 'PATCH', keys: dev, access, accessToken: user.accessToken, body });
    const ok = await patch({
      display_name: 'Ada',
      client_metadata: { theme: 'dark' },
      profile_image_url: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({
      display_name: 'Ada',
      client_metadata: { theme: 'dark' },
      profile_image_url: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(ok.json.server_metadata).toBeUndefined();

    const link = await patch({ profile_image_url: 'https://example.com/me.png' });
    expect(link.status).toBe(400);
    expect(link.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(link.text).toBe('Invalid profile image URL');
    const huge = await patch({ profile_image_url: 'A'.repeat(1_000_001) });
    expect(huge.json.code).toBe('SCHEMA_ERROR');
    const serverOnly = await patch({ server_metadata: { role: 'admin' } });
    expect(serverOnly.json.details.message).toContain('body contains unknown properties: server_metadata');

    const asServer = await patch({ server_metadata: { role: 'admin' }, display_name: '' }, 'server');
    expect(asServer.json).toMatchObject({ server_metadata: { role: 'admin' }, display_name: null });
    const cleared = await patch({ profile_image_url: null, client_metadata: null });
    expect(cleared.json).toMatchObject({ profile_image_url: null, client_metadata: null });
  });

  it('server PATCH users/me cannot take an email another user signs in with', async () => {
    const first = await signUp(url, dev);
    const second = await signUp(url, dev);
    const response = await raw(url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      access: 'server',
      accessToken: second.accessToken,
      body: { primary_email: first.email, primary_email_auth_enabled: true },
    });
    expectKnownError(response, 'USER_EMAIL_ALREADY_EXISTS');
    const unchanged = await raw(url, '/users/me', { keys: dev, accessToken: second.accessToken });
    expect(unchanged.json.primary_email).toBe(second.email);
  });

  it('DELETE users/me is refused for clients unless the project allows it', async () => {
    const user = await signUp(url, dev);
    const response = await raw(url, '/users/me', {
      method: 'DELETE',
      keys: dev,
      accessToken: user.accessToken,
    });
    expect(response.status).toBe(400);
    expect(response.text).toBe('Client user deletion is not enabled for this project');
    expect((await raw(url, '/users/me', { keys: dev, accessToken: user.accessToken })).status).toBe(200);
  });
});
