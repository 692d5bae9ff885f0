/**
 * The command-line login on the server (wire.md §4.7, §6.10): starting an attempt with or without
 * a body, its default and largest lifetimes, polling through waiting, success (201, once) and used,
 * expiry on the server's clock, and the retention sweep. From the attacker's side: concurrent
 * pollers racing for one token, a replayed or raced confirmation, refresh tokens that are made up,
 * signed out, expired or another project's, codes of another project, hostile strings in every
 * field, and what the table keeps (hashes and a sealed token, never either in clear).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { expectKnownError, type RawRequest, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const INVALID_LOGIN_CODE = 'Invalid login code or the code has expired';
/** 45 lowercase Crockford-base32 characters, as every code of the wire. */
const CODE = /^[0-9a-hjkmnp-tv-z]{45}$/;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(backends())('CLI login on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let internal: ProjectKeys;
  const start = Date.UTC(2026, 10, 25, 12, 0, 0);
  let clock = start;
  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    url = running.url;
    dev = running.server.seeded.dev;
    internal = running.server.seeded.internal;
  });
  afterAll(async () => {
    await running?.close();
  });

  const call = (path: string, options: RawRequest = {}) => raw(url, path, { keys: dev, ...options });
  /** Starts an attempt with client access (the tool has only the publishable key). */
  async function begin(body: unknown = {}, options: RawRequest = {}) {
    const started = await call('/auth/cli', { body, ...options });
    expect(started.status, started.text).toBe(200);
    return started.json as { polling_code: string; login_code: string; expires_at: string };
  }
  const poll = (polling_code: string, options: RawRequest = {}) =>
    call('/auth/cli/poll', { body: { polling_code }, ...options });
  const complete = (login_code: string, refresh_token: string, options: RawRequest = {}) =>
    call('/auth/cli/complete', { body: { login_code, refresh_token }, ...options });
  const expectInvalidLoginCode = (response: Awaited<ReturnType<typeof raw>>) => {
    expect({ status: response.status, text: response.text }).toEqual({
      status: 400,
      text: INVALID_LOGIN_CODE,
    });
    expect(response.headers.get('x-stack-known-error')).toBeNull();
  };
  const schemaError = (response: Awaited<ReturnType<typeof raw>>, fragment?: string) => {
    expect(response.status, response.text).toBe(400);
    expect(response.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
    if (fragment) expect(response.json.error).toContain(fragment);
  };

  it('starts an attempt with no body at all, or {}, for 2 hours; each code 45 random characters', async () => {
    clock = start;
    const bare = await raw(url, '/auth/cli', { keys: dev, method: 'POST' });
    expect(bare.status, bare.text).toBe(200);
    const empty = await begin({});
    for (const attempt of [bare.json, empty]) {
      expect(Object.keys(attempt).sort()).toEqual(['expires_at', 'login_code', 'polling_code']);
      expect(attempt.polling_code).toMatch(CODE);
      expect(attempt.login_code).toMatch(CODE);
      expect(attempt.polling_code).not.toBe(attempt.login_code);
      expect(attempt.expires_at).toBe(new Date(start + 2 * HOUR).toISOString());
    }
    expect(bare.json.polling_code).not.toBe(empty.polling_code);
  });

  it('takes a lifetime up to 24 hours (0 or less: already expired, as the reference); above it, or not a number, is a schema error', async () => {
    clock = start;
    expect((await begin({ expires_in_millis: 30 * 60 * 1000 })).expires_at).toBe(
      new Date(start + 30 * 60 * 1000).toISOString(),
    );
    expect((await begin({ expires_in_millis: DAY })).expires_at).toBe(new Date(start + DAY).toISOString());
    schemaError(
      await call('/auth/cli', { body: { expires_in_millis: DAY + 1 } }),
      'body.expires_in_millis must be less than or equal to 86400000',
    );
    const expired = await begin({ expires_in_millis: 0 });
    expect(expired.expires_at).toBe(new Date(start).toISOString());
    expect((await poll(expired.polling_code)).json).toEqual({ status: 'expired' });
    expect((await begin({ expires_in_millis: -1000 })).expires_at).toBe(new Date(start - 1000).toISOString());
    for (const expires_in_millis of [-1e300, Number.MAX_VALUE * -1, '1000', null, [1000]])
      schemaError(await call('/auth/cli', { body: { expires_in_millis } }), 'body.expires_in_millis');
    schemaError(await call('/auth/cli', { body: { scope: 'all' } }), 'unknown properties: scope');
  });

  it('answers with each access type, and under /api/latest as under /api/v1', async () => {
    clock = start;
    for (const access of ['client', 'server', 'admin'] as const) {
      const attempt = await begin({}, { access });
      expect((await poll(attempt.polling_code, { access })).json).toEqual({ status: 'waiting' });
    }
    const latest = await fetch(`${url}/api/latest/auth/cli`, {
      method: 'POST',
      headers: {
        'x-stack-project-id': dev.projectId,
        'x-stack-access-type': 'client',
        'x-stack-publishable-client-key': dev.publishableClientKey,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(latest.status).toBe(200);
    expect((await latest.json()).login_code).toMatch(CODE);
    // Without project headers nobody may start one.
    expectKnownError(await raw(url, '/auth/cli', { body: {} }), 'ACCESS_TYPE_REQUIRED');
  });

  it('waits, hands the confirmed refresh token to one poll (201), then answers used', async () => {
    clock = start;
    const attempt = await begin();
    expect({
      status: (await poll(attempt.polling_code)).status,
      body: (await poll(attempt.polling_code)).json,
    }).toEqual({
      status: 200,
      body: { status: 'waiting' },
    });
    const user = await signUp(url, dev);
    const confirmed = await complete(attempt.login_code, user.refreshToken, {
      accessToken: user.accessToken,
    });
    expect({ status: confirmed.status, body: confirmed.json }).toEqual({
      status: 200,
      body: { success: true },
    });

    const handed = await poll(attempt.polling_code);
    expect({ status: handed.status, body: handed.json }).toEqual({
      status: 201,
      body: { status: 'success', refresh_token: user.refreshToken },
    });
    // The token is the browser's session: it refreshes.
    const refreshed = await call('/auth/sessions/current/refresh', {
      body: {},
      refreshToken: handed.json.refresh_token,
    });
    expect(refreshed.status, refreshed.text).toBe(200);

    for (let i = 0; i < 2; i++) {
      const again = await poll(attempt.polling_code);
      expect({ status: again.status, body: again.json }).toEqual({ status: 200, body: { status: 'used' } });
    }
    expectInvalidLoginCode(await complete(attempt.login_code, user.refreshToken));
  });

  it('of many concurrent pollers of a confirmed attempt, exactly one gets the token', async () => {
    clock = start;
    const user = await signUp(url, dev);
    for (let round = 0; round < 3; round++) {
      const attempt = await begin();
      expect((await complete(attempt.login_code, user.refreshToken)).status).toBe(200);
      const answers = await Promise.all(Array.from({ length: 12 }, () => poll(attempt.polling_code)));
      const winners = answers.filter((a) => a.status === 201);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.json).toEqual({ status: 'success', refresh_token: user.refreshToken });
      for (const loser of answers.filter((a) => a.status !== 201))
        expect({ status: loser.status, body: loser.json }).toEqual({ status: 200, body: { status: 'used' } });
    }
  });

  it('a login code confirms once: a replay, or two confirmations racing, leave one token', async () => {
    clock = start;
    const [a, b] = [await signUp(url, dev), await signUp(url, dev)];
    const attempt = await begin();
    const raced = await Promise.all([
      complete(attempt.login_code, a.refreshToken),
      complete(attempt.login_code, b.refreshToken),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    for (const loser of raced.filter((r) => r.status === 400)) expectInvalidLoginCode(loser);
    const winner = raced[0]!.status === 200 ? a : b;
    expectInvalidLoginCode(await complete(attempt.login_code, a.refreshToken));
    expect((await poll(attempt.polling_code)).json).toEqual({
      status: 'success',
      refresh_token: winner.refreshToken,
    });
  });

  it('expires on the server clock: polls say expired, confirming is refused, nothing is handed over', async () => {
    clock = start;
    const user = await signUp(url, dev);
    const waiting = await begin({ expires_in_millis: 1000 });
    const confirmedLate = await begin({ expires_in_millis: 1000 });
    expect((await complete(confirmedLate.login_code, user.refreshToken)).status).toBe(200);
    clock = start + 999;
    expect((await poll(waiting.polling_code)).json).toEqual({ status: 'waiting' });
    clock = start + 1000;
    for (const attempt of [waiting, confirmedLate]) {
      const expired = await poll(attempt.polling_code);
      expect({ status: expired.status, body: expired.json }).toEqual({
        status: 200,
        body: { status: 'expired' },
      });
    }
    expectInvalidLoginCode(await complete(waiting.login_code, user.refreshToken));
    clock = start;
  });

  it('an unknown polling code, a login code, or another project’s polling code is INVALID_POLLING_CODE', async () => {
    clock = start;
    const mine = await begin();
    const theirs = await begin({}, { keys: internal });
    for (const code of [
      'invalid-code',
      mine.login_code,
      theirs.polling_code,
      mine.polling_code.toUpperCase(),
      '',
    ])
      expectKnownError(await poll(code), 'INVALID_POLLING_CODE');
    expectKnownError(await poll(mine.login_code, { access: 'server' }), 'INVALID_POLLING_CODE');
    // Nor can the other project confirm this project's attempt, even with its own valid session.
    const stranger = await signUp(url, internal);
    expectInvalidLoginCode(await complete(mine.login_code, stranger.refreshToken, { keys: internal }));
    expect((await poll(mine.polling_code)).json).toEqual({ status: 'waiting' });
  });

  it('client access confirms only with a live session of this project', async () => {
    clock = start;
    const attempt = await begin();
    const stranger = await signUp(url, internal);
    const signedOut = await signUp(url, dev);
    const out = await call('/auth/sessions/current', {
      method: 'DELETE',
      body: {},
      accessToken: signedOut.accessToken,
    });
    expect(out.status, out.text).toBe(200);
    const shortLived = await call('/auth/sessions', {
      access: 'server',
      body: { user_id: signedOut.userId, expires_in_millis: 1000 },
    });
    expect(shortLived.status, shortLived.text).toBe(200);
    clock = start + 1000;
    for (const token of [
      stranger.refreshToken,
      signedOut.refreshToken,
      shortLived.json.refresh_token,
      'test-refresh-token',
      attempt.login_code,
    ])
      expectKnownError(await complete(attempt.login_code, token), 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    expect((await poll(attempt.polling_code)).json).toEqual({ status: 'waiting' });
    // The app's backend (server access) is trusted with any token, as on the reference.
    expect((await complete(attempt.login_code, 'test-refresh-token', { access: 'server' })).status).toBe(200);
    expect((await poll(attempt.polling_code, { access: 'server' })).json).toEqual({
      status: 'success',
      refresh_token: 'test-refresh-token',
    });
    clock = start;
  });

  it('hostile strings in every field are a 400, never a 500, and change nothing', async () => {
    clock = start;
    const user = await signUp(url, dev);
    const attempt = await begin();
    const hostile: unknown[] = ['a\u0000b', '\ud800', 'x'.repeat(70_000), 7, null, {}, ['a']];
    for (const value of hostile) {
      if (typeof value !== 'number')
        schemaError(await call('/auth/cli', { body: { expires_in_millis: value } }));
      schemaError(await call('/auth/cli/poll', { body: { polling_code: value } }));
      schemaError(await complete(value as string, user.refreshToken));
      schemaError(await complete(attempt.login_code, value as string));
      schemaError(await complete(attempt.login_code, value as string, { access: 'server' }));
    }
    schemaError(await call('/auth/cli/poll', { body: {} }), 'body.polling_code must be defined');
    schemaError(
      await call('/auth/cli/complete', { body: { login_code: attempt.login_code } }),
      'body.refresh_token',
    );
    for (const body of ['not json', '[]', '"x"']) {
      const response = await call('/auth/cli/poll', { body });
      expect(response.status, response.text).toBe(400);
    }
    expect((await poll(attempt.polling_code)).json).toEqual({ status: 'waiting' });
  });

  it('the retention sweep drops attempts expired over 7 days; younger ones still say expired', async () => {
    clock = start;
    const old = await begin({ expires_in_millis: 1000 });
    clock = start + 2 * DAY;
    const recent = await begin({ expires_in_millis: 1000 });
    clock = start + 8 * DAY;
    const swept = await running.server.sweep();
    expect(swept.cliAuthAttempts).toBeGreaterThanOrEqual(1);
    expectKnownError(await poll(old.polling_code), 'INVALID_POLLING_CODE');
    expect((await poll(recent.polling_code)).json).toEqual({ status: 'expired' });
    clock = start;
  });
});

// What is stored is read with a second connection, which only PostgreSQL allows (PGlite lives in
// the server's process); the same code runs on PGlite for every other test above.
describe.each(backends().filter((b) => b.name === 'postgres'))('CLI login storage on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  beforeAll(async () => {
    running = await backend.create();
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  it('stores both codes only hashed, and the token sealed until its poll, then neither', async () => {
    const call = (path: string, body: unknown) => raw(running.url, path, { keys: dev, body });
    const user = await signUp(running.url, dev);
    const attempt = (await call('/auth/cli', {})).json;
    const client = new pg.Client({ connectionString: running.databaseUrl });
    await client.connect();
    try {
      const row = async () =>
        (
          await client.query('SELECT * FROM cli_auth_attempts WHERE polling_code_hash = $1', [
            sha256(attempt.polling_code),
          ])
        ).rows[0];
      const before = await row();
      expect(before.login_code_hash).toBe(sha256(attempt.login_code));
      expect(before.refresh_token_sealed).toBeNull();
      expect(JSON.stringify(before)).not.toContain(attempt.polling_code);
      expect(JSON.stringify(before)).not.toContain(attempt.login_code);

      const completed = await call('/auth/cli/complete', {
        login_code: attempt.login_code,
        refresh_token: user.refreshToken,
      });
      expect(completed.status, completed.text).toBe(200);
      const sealed = await row();
      expect(sealed.refresh_token_sealed).toMatch(/^v1\./);
      expect(JSON.stringify(sealed)).not.toContain(user.refreshToken);
      expect(sealed.completed_at).toBeInstanceOf(Date);
      expect(sealed.used_at).toBeNull();

      expect((await call('/auth/cli/poll', { polling_code: attempt.polling_code })).status).toBe(201);
      const after = await row();
      expect(after.refresh_token_sealed).toBeNull();
      expect(after.used_at).toBeInstanceOf(Date);
      // Nothing else in the table holds the token either.
      const { rows } = await client.query(
        'SELECT count(*)::int AS n FROM cli_auth_attempts WHERE refresh_token_sealed LIKE $1',
        [`%${user.refreshToken}%`],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  });
});
