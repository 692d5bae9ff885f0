/**
 * Password reset and set (wire.md §4.2, §6.3) and the sign-up verification email (§6.2), with the
 * emails read from the outbox, on every database backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { codeFromLink, latestMessage, patchConfig, readMailbox } from '../support/outbox.js';
import { expectKnownError, freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const RESET_CALLBACK = 'http://localhost:5173/handler/password-reset';
const MAYBE = { success: 'maybe, only if user with e-mail exists' };

describe.each(backends())('server password reset and verification emails on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let mailbox: string;
  let dev: ProjectKeys;
  let clockOffset = 0;

  beforeAll(async () => {
    running = await backend.create({
      now: () => Date.now() + clockOffset,
      resetCodeResponseTimeMs: { min: 0, max: 0 },
    });
    url = running.url;
    mailbox = (await running.server.listenMailbox(0)).url;
    dev = running.server.seeded.dev;
  });
  afterAll(async () => {
    await running?.close();
  });

  const sendReset = (email: string, callback_url = RESET_CALLBACK) =>
    raw(url, '/auth/password/send-reset-code', { keys: dev, body: { email, callback_url } });
  const reset = (code: string, password: string) =>
    raw(url, '/auth/password/reset', { keys: dev, body: { code, password } });
  const signIn = (email: string, password: string) =>
    raw(url, '/auth/password/sign-in', { keys: dev, body: { email, password } });

  async function resetCodeFor(email: string) {
    const sent = await sendReset(email);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toEqual(MAYBE);
    const message = await latestMessage(mailbox, email);
    expect(message.subject).toMatch(/^Reset your password at /);
    expect(message.body.text).toContain(`${RESET_CALLBACK}?code=`);
    return codeFromLink(message);
  }

  it('sign-up puts the verification email in the outbox before it answers; its link verifies the email', async () => {
    const user = await signUp(url, dev);
    const message = await latestMessage(mailbox, user.email);
    expect(message.subject).toMatch(/^Verify your email at /);
    expect(message.body.text).toContain('http://localhost:5173/handler/email-verification?code=');
    const code = codeFromLink(message);
    const check = await raw(url, '/contact-channels/verify/check-code', { keys: dev, body: { code } });
    expect(check.json).toEqual({ is_code_valid: true });
    const verify = await raw(url, '/contact-channels/verify', { keys: dev, body: { code } });
    expect(verify.status, verify.text).toBe(200);
    expect(verify.json).toEqual({ success: true });
    const me = await raw(url, '/users/me', { keys: dev, accessToken: user.accessToken });
    expect(me.json.primary_email_verified).toBe(true);
    expectKnownError(
      await raw(url, '/contact-channels/verify', { keys: dev, body: { code } }),
      'VERIFICATION_CODE_ALREADY_USED',
    );
  });

  it('sign-up with an untrusted verification callback still succeeds, without an email', async () => {
    const email = freshEmail();
    const response = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { email, password: 'correct horse battery', verification_callback_url: 'https://evil.example/v' },
    });
    expect(response.status).toBe(200);
    expect(await readMailbox(mailbox, email)).toEqual([]);
  });

  it('send-reset-code answers the same for an unknown email and sends nothing', async () => {
    const email = freshEmail();
    const response = await sendReset(email);
    expect(response.status).toBe(200);
    expect(response.json).toEqual(MAYBE);
    expect(await readMailbox(mailbox, email)).toEqual([]);
  });

  it('send-reset-code takes its minimum response time either way', async () => {
    const slow = await backend.create({ resetCodeResponseTimeMs: { min: 300, max: 400 } });
    try {
      const keys = slow.server.seeded.dev;
      const { email } = await signUp(slow.url, keys);
      for (const target of [email, freshEmail()]) {
        const started = Date.now();
        const response = await raw(slow.url, '/auth/password/send-reset-code', {
          keys,
          body: { email: target, callback_url: RESET_CALLBACK },
        });
        expect(response.json).toEqual(MAYBE);
        expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      }
    } finally {
      await slow.close();
    }
  });

  it('REDIRECT_URL_NOT_WHITELISTED for an untrusted reset callback, known email or not', async () => {
    const { email } = await signUp(url, dev);
    expectKnownError(await sendReset(email, 'https://evil.example/reset'), 'REDIRECT_URL_NOT_WHITELISTED');
    expectKnownError(
      await sendReset(freshEmail(), 'https://evil.example/reset'),
      'REDIRECT_URL_NOT_WHITELISTED',
    );
  });

  it('reset: check-code, new password, every session revoked, code single use', async () => {
    const user = await signUp(url, dev);
    const code = await resetCodeFor(user.email);
    const check = await raw(url, '/auth/password/reset/check-code', { keys: dev, body: { code } });
    expect(check.json).toEqual({ is_code_valid: true });

    expectKnownError(await reset(code, 'short'), 'PASSWORD_TOO_SHORT', { min_length: 8 });
    const done = await reset(code.toUpperCase(), 'a brand new password');
    expect(done.status, done.text).toBe(200);
    expect(done.json).toEqual({ success: true });

    const refresh = await raw(url, '/auth/sessions/current/refresh', {
      method: 'POST',
      keys: dev,
      refreshToken: user.refreshToken,
    });
    expectKnownError(refresh, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    expectKnownError(await signIn(user.email, user.password), 'EMAIL_PASSWORD_MISMATCH');
    expect((await signIn(user.email, 'a brand new password')).status).toBe(200);
    expectKnownError(await reset(code, 'another new password'), 'VERIFICATION_CODE_ALREADY_USED');
  });

  it('two simultaneous resets with one code: exactly one succeeds', async () => {
    const user = await signUp(url, dev);
    const code = await resetCodeFor(user.email);
    const results = await Promise.all([
      reset(code, 'first new password'),
      reset(code, 'second new password'),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expectKnownError(results.find((r) => r.status !== 200)!, 'VERIFICATION_CODE_ALREADY_USED');
  });

  it('a reset code expires after an hour; a code of another type is not found', async () => {
    const user = await signUp(url, dev);
    const code = await resetCodeFor(user.email);
    try {
      clockOffset = 60 * 60 * 1000 + 1000;
      expectKnownError(await reset(code, 'a brand new password'), 'VERIFICATION_CODE_EXPIRED');
    } finally {
      clockOffset = 0;
    }
    const verification = codeFromLink(await readMailbox(mailbox, user.email).then((m) => m[0]!));
    expectKnownError(await reset(verification, 'a brand new password'), 'VERIFICATION_CODE_NOT_FOUND');
  });

  it('PASSWORD_AUTHENTICATION_NOT_ENABLED when credentials are off', async () => {
    await patchConfig(url, dev, { credential_enabled: false });
    try {
      expectKnownError(await sendReset(freshEmail()), 'PASSWORD_AUTHENTICATION_NOT_ENABLED');
      expectKnownError(
        await reset('0'.repeat(45), 'a brand new password'),
        'PASSWORD_AUTHENTICATION_NOT_ENABLED',
      );
    } finally {
      await patchConfig(url, dev, { credential_enabled: true });
    }
  });

  it('set: a user without a password sets one once; then 400 text', async () => {
    await patchConfig(url, dev, { magic_link_enabled: true });
    const email = freshEmail();
    await raw(url, '/auth/otp/send-sign-in-code', {
      keys: dev,
      body: { email, callback_url: 'http://localhost:5173/handler/magic-link-callback' },
    });
    const signedIn = await raw(url, '/auth/otp/sign-in', {
      keys: dev,
      body: { code: codeFromLink(await latestMessage(mailbox, email)) },
    });
    const token = signedIn.json.access_token;
    const set = (password: string) =>
      raw(url, '/auth/password/set', { keys: dev, accessToken: token, body: { password } });
    expectKnownError(await set('short'), 'PASSWORD_TOO_SHORT', { min_length: 8 });
    expect((await set('my first password')).json).toEqual({ success: true });
    expect((await signIn(email, 'my first password')).status).toBe(200);
    const again = await set('my second password');
    expect(again.status).toBe(400);
    expect(again.text).toBe('User already has a password set.');
    const anonymous = await raw(url, '/auth/password/set', { keys: dev, body: { password: 'whatever123' } });
    expect(anonymous.json.code).toBe('SCHEMA_ERROR');
  });
});
