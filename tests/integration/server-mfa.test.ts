/**
 * The second factor on the server (wire.md §6.5): with TOTP on, every first factor answers
 * MULTI_FACTOR_AUTHENTICATION_REQUIRED with an attempt code, and `/auth/mfa/sign-in` completes it
 * with a code of the current or the previous 30-second step, each step once per user. From the
 * attacker's side: wrong, empty, replayed, racing and expired codes, another project's attempt, the
 * attempt cap, and a database copy holding no usable secret. The codes here are computed by the test's own RFC 6238 implementation.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { emailedSignInCode, patchConfig } from '../support/outbox.js';
import { expectKnownError, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { totp } from '../support/totp.js';

describe.each(backends())('TOTP second factor on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  let clock = Date.UTC(2026, 10, 24, 12, 0, 5);
  beforeAll(async () => {
    running = await backend.create({ now: () => clock, resetCodeResponseTimeMs: { min: 0, max: 0 } });
    dev = running.server.seeded.dev;
    await patchConfig(running.url, dev, { magic_link_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  /** A signed-up user with TOTP turned on through `users/me`. */
  async function userWithTotp() {
    const user = await signUp(running.url, dev);
    const secret = randomBytes(20);
    const on = await raw(running.url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      accessToken: user.accessToken,
      body: { totp_secret_base64: secret.toString('base64') },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.json.requires_totp_mfa).toBe(true);
    return { ...user, secret };
  }

  const passwordSignIn = (email: string, password: string) =>
    raw(running.url, '/auth/password/sign-in', { keys: dev, body: { email, password } });
  const mfa = (code: string, code6: string) =>
    raw(running.url, '/auth/mfa/sign-in', { keys: dev, body: { code, type: 'totp', totp: code6 } });

  async function attempt(email: string, password: string): Promise<string> {
    const first = await passwordSignIn(email, password);
    expect(first.status, first.text).toBe(400);
    expect(first.json.code).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
    expect(first.json.details.attempt_code).toMatch(/^[0-9a-z]{45}$/);
    expect(first.json.access_token).toBeUndefined();
    return first.json.details.attempt_code;
  }

  it('asks for the second factor after the password, and signs in with the current code once', async () => {
    const user = await userWithTotp();
    const code = await attempt(user.email, user.password);
    expectKnownError(await mfa(code, '000000'), 'INVALID_TOTP_CODE');
    expectKnownError(await mfa(code, ''), 'INVALID_TOTP_CODE');
    // The code of two steps ago is no longer good.
    expectKnownError(await mfa(code, totp(user.secret, clock - 60_000)), 'INVALID_TOTP_CODE');
    const ok = await mfa(code, totp(user.secret, clock));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.user_id).toBe(user.userId);
    expect(ok.json.is_new_user).toBe(false);
    const me = await raw(running.url, '/users/me', { keys: dev, accessToken: ok.json.access_token });
    expect(me.json.id).toBe(user.userId);
    // The attempt is spent, and the same code cannot open a second attempt in its step.
    expectKnownError(await mfa(code, totp(user.secret, clock)), 'VERIFICATION_CODE_ALREADY_USED');
    const again = await attempt(user.email, user.password);
    expectKnownError(await mfa(again, totp(user.secret, clock)), 'INVALID_TOTP_CODE');
    clock += 30_000;
    expect((await mfa(again, totp(user.secret, clock))).status).toBe(200);
  });

  it('takes the previous step’s code too, not older nor the next one, each step once per user', async () => {
    const user = await userWithTotp();
    const code = await attempt(user.email, user.password);
    expectKnownError(await mfa(code, totp(user.secret, clock - 60_000)), 'INVALID_TOTP_CODE');
    // The reference's verifier (oslo's TOTPController) takes the current step only: no next step.
    expectKnownError(await mfa(code, totp(user.secret, clock + 30_000)), 'INVALID_TOTP_CODE');
    const previous = await mfa(code, totp(user.secret, clock - 30_000));
    expect(previous.status, previous.text).toBe(200);
    expect(previous.json.user_id).toBe(user.userId);
    // Replay: the previous step's code again is refused on a new attempt; the current one works once.
    const again = await attempt(user.email, user.password);
    expectKnownError(await mfa(again, totp(user.secret, clock - 30_000)), 'INVALID_TOTP_CODE');
    expect((await mfa(again, totp(user.secret, clock))).status).toBe(200);
    const third = await attempt(user.email, user.password);
    expectKnownError(await mfa(third, totp(user.secret, clock)), 'INVALID_TOTP_CODE');
    // A step later, the used code is the previous step's, still in the window, and still refused.
    clock += 30_000;
    expectKnownError(await mfa(third, totp(user.secret, clock - 30_000)), 'INVALID_TOTP_CODE');
    expect((await mfa(third, totp(user.secret, clock))).status).toBe(200);
  });

  it('lets exactly one of two concurrent uses of one code through', async () => {
    const user = await userWithTotp();
    clock += 30_000;
    const [a, b] = [await attempt(user.email, user.password), await attempt(user.email, user.password)];
    const code6 = totp(user.secret, clock - 30_000);
    const results = await Promise.all([mfa(a, code6), mfa(b, code6)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expectKnownError(results.find((r) => r.status === 400)!, 'INVALID_TOTP_CODE');
  });

  it('asks for it after a code sign-in too', async () => {
    const user = await userWithTotp();
    // Prove the address first (an unproven sign-up address cannot get a code).
    const proven = await raw(running.url, `/users/${user.userId}`, {
      method: 'PATCH',
      keys: dev,
      access: 'server',
      body: { primary_email_verified: true },
    });
    expect(proven.status, proven.text).toBe(200);
    const mailboxUrl = (await running.server.listenMailbox(0)).url;
    const code = await emailedSignInCode(
      { url: running.url, keys: dev, mailboxUrl },
      user.email,
      'http://localhost:5173/handler/magic-link-callback',
    );
    const first = await raw(running.url, '/auth/otp/sign-in', { keys: dev, body: { code } });
    expect(first.json.code).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
    clock += 30_000;
    const ok = await mfa(first.json.details.attempt_code, totp(user.secret, clock));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.user_id).toBe(user.userId);
  });

  it('refuses an expired attempt, another project’s attempt, and more than twenty tries', async () => {
    const user = await userWithTotp();
    const expired = await attempt(user.email, user.password);
    clock += 5 * 60_000 + 1000;
    expectKnownError(await mfa(expired, totp(user.secret, clock)), 'VERIFICATION_CODE_EXPIRED');

    const code = await attempt(user.email, user.password);
    const other = running.server.seeded.internal;
    const foreign = await raw(running.url, '/auth/mfa/sign-in', {
      keys: other,
      body: { code, type: 'totp', totp: totp(user.secret, clock) },
    });
    expectKnownError(foreign, 'VERIFICATION_CODE_NOT_FOUND');

    for (let i = 0; i < 20; i++) expectKnownError(await mfa(code, '111111'), 'INVALID_TOTP_CODE');
    expectKnownError(await mfa(code, totp(user.secret, clock)), 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
  });

  it('turns off with null, refuses a secret that is not base64, and keeps the secret sealed at rest', async () => {
    const user = await userWithTotp();
    const bad = await raw(running.url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      accessToken: user.accessToken,
      body: { totp_secret_base64: randomBytes(10).toString('base64url').replace(/=/g, '') },
    });
    expect(bad.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
    if (backend.name === 'postgres') {
      // What a stolen copy of the database holds: no secret in clear, in any encoding.
      const stored = await readStoredSecret(running, user.userId);
      expect(stored).toMatch(/^v1\./);
      for (const form of ['base64', 'hex', 'base64url'] as const)
        expect(stored).not.toContain(user.secret.toString(form));
    }
    const off = await raw(running.url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      accessToken: user.accessToken,
      body: { totp_secret_base64: null },
    });
    expect(off.json.requires_totp_mfa).toBe(false);
    expect((await passwordSignIn(user.email, user.password)).status).toBe(200);
  });

  it('turns off at /auth/mfa/disable only with a current code, once, and then signs in without one', async () => {
    const user = await userWithTotp();
    const disable = (code: string, accessToken = user.accessToken) =>
      raw(running.url, '/auth/mfa/disable', { keys: dev, accessToken, body: { totp: code } });
    expectKnownError(await disable(''), 'INVALID_TOTP_CODE');
    expectKnownError(await disable('000000'), 'INVALID_TOTP_CODE');
    // Another user's session cannot turn this user's factor off, even with this user's code.
    const other = await signUp(running.url, dev);
    expectKnownError(await disable(totp(user.secret, clock), other.accessToken), 'INVALID_TOTP_CODE');
    clock += 30_000;
    const off = await disable(totp(user.secret, clock));
    expect(off.status, off.text).toBe(200);
    expect(off.json.requires_totp_mfa).toBe(false);
    const signedIn = await passwordSignIn(user.email, user.password);
    expect(signedIn.status, signedIn.text).toBe(200);
    // Signed out, there is nothing to turn off.
    expectKnownError(
      await raw(running.url, '/auth/mfa/disable', { keys: dev, body: { totp: '123456' } }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
  });
});

/** The stored TOTP column of a user, read straight from the test's PostgreSQL database. */
async function readStoredSecret(running: RunningServer, userId: string): Promise<string> {
  const client = new pg.Client({ connectionString: running.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT totp_secret FROM users WHERE id = $1', [userId]);
    return rows[0].totp_secret;
  } finally {
    await client.end();
  }
}

describe.each(backends())('recovery codes on $name', (backend) => {
  let running: RunningServer;
  let dev: ProjectKeys;
  const clock = Date.UTC(2026, 10, 24, 13, 0, 5);
  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  async function enrolled() {
    const user = await signUp(running.url, dev);
    const secret = randomBytes(20);
    await raw(running.url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      accessToken: user.accessToken,
      body: { totp_secret_base64: secret.toString('base64') },
    });
    const made = await raw(running.url, '/auth/mfa/recovery-codes', {
      keys: dev,
      accessToken: user.accessToken,
      body: {},
    });
    expect(made.status, made.text).toBe(200);
    return { ...user, secret, codes: made.json.codes as string[] };
  }
  const attempt = async (email: string, password: string) =>
    (await raw(running.url, '/auth/password/sign-in', { keys: dev, body: { email, password } })).json.details
      .attempt_code as string;
  const mfa = (code: string, totp: string) =>
    raw(running.url, '/auth/mfa/sign-in', { keys: dev, body: { code, type: 'totp', totp } });

  it('makes ten distinct codes, each signing in once in place of a TOTP code', async () => {
    const user = await enrolled();
    expect(user.codes).toHaveLength(10);
    expect(new Set(user.codes).size).toBe(10);
    expect(user.codes.every((c) => /^[0-9a-z]{5}-[0-9a-z]{5}$/.test(c))).toBe(true);
    const ok = await mfa(await attempt(user.email, user.password), user.codes[0]!.toUpperCase());
    expect(ok.status, ok.text).toBe(200);
    expectKnownError(
      await mfa(await attempt(user.email, user.password), user.codes[0]!),
      'INVALID_TOTP_CODE',
    );
    // Typed without the dash, the next one works too.
    expect(
      (await mfa(await attempt(user.email, user.password), user.codes[1]!.replace('-', ''))).status,
    ).toBe(200);
  });

  it('a new set voids the old, another user’s code is no code, and two uses of one code race to one sign-in', async () => {
    const user = await enrolled();
    const other = await enrolled();
    expectKnownError(
      await mfa(await attempt(user.email, user.password), other.codes[0]!),
      'INVALID_TOTP_CODE',
    );
    const again = await raw(running.url, '/auth/mfa/recovery-codes', {
      keys: dev,
      accessToken: user.accessToken,
      body: {},
    });
    expectKnownError(
      await mfa(await attempt(user.email, user.password), user.codes[2]!),
      'INVALID_TOTP_CODE',
    );
    const fresh = again.json.codes as string[];
    const [a, b] = [await attempt(user.email, user.password), await attempt(user.email, user.password)];
    const results = await Promise.all([mfa(a, fresh[0]!), mfa(b, fresh[0]!)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('needs TOTP on, and turning TOTP off voids the codes', async () => {
    const plain = await signUp(running.url, dev);
    const refused = await raw(running.url, '/auth/mfa/recovery-codes', {
      keys: dev,
      accessToken: plain.accessToken,
      body: {},
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toBe('Turn on TOTP before making recovery codes.');
    const user = await enrolled();
    await raw(running.url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      accessToken: user.accessToken,
      body: { totp_secret_base64: randomBytes(20).toString('base64') },
    });
    expectKnownError(
      await mfa(await attempt(user.email, user.password), user.codes[0]!),
      'INVALID_TOTP_CODE',
    );
  });
});
