/**
 * Magic-link / sign-in codes (wire.md §4.3, §6.4) and the verification-code rules they share
 * (§7.1): single use under concurrency, the per-nonce attempt cap, expiry on the server's clock,
 * and the callback-URL trust check (§7.2). On every database backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { codeFromLink, latestMessage, patchConfig } from '../support/outbox.js';
import { expectKnownError, freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const CALLBACK = 'http://localhost:5173/handler/magic-link-callback';
const CROCKFORD = /^[0-9a-hjkmnp-tv-z]+$/;

describe.each(backends())('server sign-in codes on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let mailbox: string;
  let dev: ProjectKeys;
  let clockOffset = 0;

  beforeAll(async () => {
    running = await backend.create({ now: () => Date.now() + clockOffset });
    url = running.url;
    mailbox = (await running.server.listenMailbox(0)).url;
    dev = running.server.seeded.dev;
    await patchConfig(url, dev, { magic_link_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  const send = (email: string, callback_url = CALLBACK, keys = dev) =>
    raw(url, '/auth/otp/send-sign-in-code', { keys, body: { email, callback_url } });
  const signIn = (code: string) => raw(url, '/auth/otp/sign-in', { keys: dev, body: { code } });
  const checkCode = (code: string) => raw(url, '/auth/otp/sign-in/check-code', { keys: dev, body: { code } });

  /** Sends a code to a fresh email; returns the email, nonce, full code and the typed OTP. */
  async function sendFresh(email = freshEmail()) {
    const sent = await send(email);
    expect(sent.status, sent.text).toBe(200);
    const message = await latestMessage(mailbox, email);
    const code = codeFromLink(message);
    const otp = /^([0-9A-HJKMNP-TV-Z]{6})$/m.exec(message.body.text)?.[1];
    return { email, nonce: sent.json.nonce as string, code, otp: otp!, message };
  }

  it('emails a 6-character code on its own line and a link; answers with the 39-character nonce', async () => {
    const { nonce, code, otp, message, email } = await sendFresh();
    expect(nonce).toHaveLength(39);
    expect(nonce).toMatch(CROCKFORD);
    expect(code).toHaveLength(45);
    expect(code.slice(6)).toBe(nonce);
    expect(otp).toBe(code.slice(0, 6).toUpperCase());
    expect(message.subject).toMatch(new RegExp(`^Sign in to .+: Your code is ${otp}$`));
    expect(message.to).toEqual([`<${email}>`]);
    expect(message.body.text).toContain(`${CALLBACK}?code=${code}`);
    expect(message.body.html).toContain(otp);
  });

  it('signs up on first use with the emailed link code: verified email used for auth, OTP enabled', async () => {
    const { code, email } = await sendFresh();
    const first = await signIn(code);
    expect(first.status, first.text).toBe(200);
    expect(Object.keys(first.json).sort()).toEqual([
      'access_token',
      'is_new_user',
      'refresh_token',
      'user_id',
    ]);
    expect(first.json.is_new_user).toBe(true);
    const me = await raw(url, '/users/me', {
      keys: dev,
      access: 'server',
      accessToken: first.json.access_token,
    });
    expect(me.json).toMatchObject({
      id: first.json.user_id,
      primary_email: email,
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      otp_auth_enabled: true,
      has_password: false,
      auth_with_email: true,
    });

    // Typed code: OTP (any case) + nonce signs the same user in.
    const again = await sendFresh(email);
    const typed = await signIn(again.otp.toLowerCase() + again.nonce);
    expect(typed.status, typed.text).toBe(200);
    expect(typed.json.is_new_user).toBe(false);
    expect(typed.json.user_id).toBe(first.json.user_id);
  });

  it('check-code answers is_code_valid without using the code; a used code is ALREADY_USED', async () => {
    const { code } = await sendFresh();
    const check = await checkCode(code.toUpperCase());
    expect(check.status).toBe(200);
    expect(check.json).toEqual({ is_code_valid: true });
    expect((await signIn(code)).status).toBe(200);
    expectKnownError(await signIn(code), 'VERIFICATION_CODE_ALREADY_USED');
    expectKnownError(await checkCode(code), 'VERIFICATION_CODE_ALREADY_USED');
  });

  it('VERIFICATION_CODE_NOT_FOUND for an unknown code; SCHEMA_ERROR for a code that is not 45 characters', async () => {
    expectKnownError(await signIn('0'.repeat(45)), 'VERIFICATION_CODE_NOT_FOUND');
    const short = await signIn('abc');
    expect(short.status).toBe(400);
    expect(short.json.code).toBe('SCHEMA_ERROR');
    expect(short.json.details.message).toContain('body.code');
  });

  it('one code used twice at once signs in exactly once, creating exactly one user', async () => {
    const { code, email } = await sendFresh();
    const results = await Promise.all([signIn(code), signIn(code)]);
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expectKnownError(refused[0]!, 'VERIFICATION_CODE_ALREADY_USED');
    // The next code for that email finds the one user the winner created.
    const next = await sendFresh(email);
    const later = await signIn(next.code);
    expect(later.json).toMatchObject({ is_new_user: false, user_id: ok[0]!.json.user_id });
  });

  it('many simultaneous uses of one code: exactly one succeeds', async () => {
    const { code } = await sendFresh();
    const results = await Promise.all(Array.from({ length: 8 }, () => signIn(code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expectKnownError(r, 'VERIFICATION_CODE_ALREADY_USED');
  });

  it('after 20 wrong guesses against a nonce even the right code is refused', async () => {
    const { code, nonce } = await sendFresh();
    const wrong = code.startsWith('zzzzzz') ? 'yyyyyy' : 'zzzzzz';
    for (let i = 0; i < 20; i++) expectKnownError(await signIn(wrong + nonce), 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await signIn(code), 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
    expectKnownError(await checkCode(code), 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
  });

  it('every attempt counts, check-code included: the 20th attempt passes, the 21st is refused', async () => {
    const { code, nonce } = await sendFresh();
    const wrong = code.startsWith('zzzzzz') ? 'yyyyyy' : 'zzzzzz';
    for (let i = 0; i < 18; i++)
      expectKnownError(await checkCode(wrong + nonce), 'VERIFICATION_CODE_NOT_FOUND');
    expect((await checkCode(code)).status).toBe(200); // 19th
    expect((await checkCode(code)).status).toBe(200); // 20th: 19 counted before it
    expectKnownError(await signIn(code), 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
  });

  it('a sign-in code expires after 10 minutes on the server clock', async () => {
    const fresh = await sendFresh();
    const stale = await sendFresh();
    try {
      clockOffset = 9 * 60 * 1000;
      expect((await signIn(fresh.code)).status).toBe(200);
      clockOffset = 10 * 60 * 1000 + 1000;
      expectKnownError(await signIn(stale.code), 'VERIFICATION_CODE_EXPIRED');
    } finally {
      clockOffset = 0;
    }
  });

  it('403 text when magic link is disabled', async () => {
    await patchConfig(url, dev, { magic_link_enabled: false });
    try {
      const response = await send(freshEmail());
      expect(response.status).toBe(403);
      expect(response.text).toBe('Magic link is not enabled for this project');
    } finally {
      await patchConfig(url, dev, { magic_link_enabled: true });
    }
  });

  it('USER_EMAIL_ALREADY_EXISTS for an existing unverified auth email; SIGN_UP_NOT_ENABLED for a new one when sign-up is off', async () => {
    const { email } = await signUp(url, dev);
    expectKnownError(await send(email), 'USER_EMAIL_ALREADY_EXISTS');
    await patchConfig(url, dev, { sign_up_enabled: false });
    try {
      expectKnownError(await send(freshEmail()), 'SIGN_UP_NOT_ENABLED');
    } finally {
      await patchConfig(url, dev, { sign_up_enabled: true });
    }
  });

  it('an existing verified password user gets OTP enabled and signs in', async () => {
    const first = await sendFresh();
    const created = await signIn(first.code);
    const set = await raw(url, '/auth/password/set', {
      keys: dev,
      accessToken: created.json.access_token,
      body: { password: 'correct horse battery' },
    });
    expect(set.status, set.text).toBe(200);
    const again = await sendFresh(first.email);
    const response = await signIn(again.code);
    expect(response.json).toMatchObject({ is_new_user: false, user_id: created.json.user_id });
  });

  it('REDIRECT_URL_NOT_WHITELISTED for an untrusted callback; trusted domains and localhost rules apply', async () => {
    const email = freshEmail();
    expectKnownError(
      await send(email, 'https://evil.example/handler/magic-link-callback'),
      'REDIRECT_URL_NOT_WHITELISTED',
    );
    expectKnownError(await send(email, 'javascript:alert(1)'), 'REDIRECT_URL_NOT_WHITELISTED');
    expect((await send(email, 'http://app.localhost:3000/cb')).status).toBe(200);
    expect((await send(email, 'http://127.0.0.1:8080/cb')).status).toBe(200);

    await patchConfig(url, dev, {
      allow_localhost: false,
      domains: [{ domain: 'https://app.example.com/base', handler_path: '/handler' }],
    });
    try {
      expectKnownError(await send(email, CALLBACK), 'REDIRECT_URL_NOT_WHITELISTED');
      expect((await send(email, 'https://app.example.com/base/handler/cb')).status).toBe(200);
      expectKnownError(await send(email, 'http://app.example.com/base/cb'), 'REDIRECT_URL_NOT_WHITELISTED');
      expectKnownError(await send(email, 'https://app.example.com/other/cb'), 'REDIRECT_URL_NOT_WHITELISTED');
      expectKnownError(await send(email, 'https://app.example.com/basement'), 'REDIRECT_URL_NOT_WHITELISTED');
      expectKnownError(
        await send(email, 'https://app.example.com:8443/base/cb'),
        'REDIRECT_URL_NOT_WHITELISTED',
      );
      expectKnownError(
        await send(email, 'https://evil.app.example.com/base/cb'),
        'REDIRECT_URL_NOT_WHITELISTED',
      );
    } finally {
      await patchConfig(url, dev, { allow_localhost: true, domains: [] });
    }
  });

  it('a code of one project does not work on another project', async () => {
    const { code } = await sendFresh();
    const internal = running.server.seeded.internal;
    expectKnownError(
      await raw(url, '/auth/otp/sign-in/check-code', { keys: internal, body: { code } }),
      'VERIFICATION_CODE_NOT_FOUND',
    );
  });
});
