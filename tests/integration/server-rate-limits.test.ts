/**
 * Rate limits on a project in production mode (design.md "Security defaults"): code sending per
 * address and per client, sign-in per email, sign-up and code use per client; the exact 429;
 * windows on the server's clock; exact counts under concurrency. On every database backend.
 * The server trusts one proxy, so each test picks its own client address with X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { authorizeUrl, outerStart } from '../support/oauth-flow.js';
import { patchConfig } from '../support/outbox.js';
import {
  expectTooManyRequests,
  freshClient,
  mailCount,
  PRODUCTION_ORIGIN,
  type SentMail,
  setProductionMode,
  trustProductionOrigin,
} from '../support/rate-limits.js';
import { expectKnownError, freshEmail, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const MAGIC_CALLBACK = `${PRODUCTION_ORIGIN}/handler/magic-link-callback`;
const RESET_CALLBACK = `${PRODUCTION_ORIGIN}/handler/password-reset`;
const VERIFY_CALLBACK = `${PRODUCTION_ORIGIN}/handler/email-verification`;
const MINUTE = 60_000;
/** A 45-character code that was never issued. */
const BOGUS_CODE = 'a'.repeat(45);

describe.each(backends())('server rate limits on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let mailbox: SentMail;
  let dev: ProjectKeys;
  // Frozen unless a test moves it, so Retry-After values are exact.
  let clock = Date.now();

  beforeAll(async () => {
    running = await backend.create({
      now: () => clock,
      resetCodeResponseTimeMs: { min: 0, max: 0 },
      trustProxy: true,
    });
    url = running.url;
    dev = running.server.seeded.dev;
    mailbox = { url, keys: dev };
    await patchConfig(url, dev, { magic_link_enabled: true });
    await trustProductionOrigin(url, dev);
    await setProductionMode(url, dev, true);
  });
  afterAll(async () => {
    await running?.close();
  });

  const sendCode = (email: string, client: Record<string, string>, headers: Record<string, string> = {}) =>
    raw(url, '/auth/otp/send-sign-in-code', {
      keys: dev,
      headers: { ...client, ...headers },
      body: { email, callback_url: MAGIC_CALLBACK },
    });
  const sendReset = (email: string, client: Record<string, string>) =>
    raw(url, '/auth/password/send-reset-code', {
      keys: dev,
      headers: client,
      body: { email, callback_url: RESET_CALLBACK },
    });

  it('refuses the sixth code to one address in ten minutes with 429 and Retry-After, and sends nothing', async () => {
    const client = freshClient();
    const email = freshEmail();
    for (let i = 0; i < 5; i++) expect((await sendCode(email, client)).status).toBe(200);
    const refused = await sendCode(email, client);
    expectTooManyRequests(refused, 600);
    expect(refused.headers.get('x-stack-request-id')).toMatch(/^[0-9a-z]{16}$/);
    expect(refused.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(await mailCount(mailbox, email)).toBe(5);

    // The status override of wire.md §2.2 keeps the Retry-After.
    const overridden = await sendCode(email, client, { 'x-stack-override-error-status': 'true' });
    expect(overridden.status).toBe(200);
    expect(overridden.headers.get('x-stack-actual-status')).toBe('429');
    expect(overridden.headers.get('retry-after')).toBe('600');

    expect((await sendCode(freshEmail(), client)).status).toBe(200);

    // Whole seconds, rounded up: 600 s - 240.5 s leaves 359.5 s.
    clock += 4 * MINUTE + 500;
    expectTooManyRequests(await sendCode(email, client), 360);
    clock += 6 * MINUTE;
    expect((await sendCode(email, client)).status).toBe(200);
    expect(await mailCount(mailbox, email)).toBe(6);
  });

  it('counts sign-in, reset and verification codes to one address together, whatever its case', async () => {
    const user = await signUp(url, dev);
    const client = freshClient();
    const mailBefore = await mailCount(mailbox, user.email);
    for (let i = 0; i < 2; i++) expect((await sendReset(user.email, client)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const verification = await raw(url, '/contact-channels/send-verification-code', {
        keys: dev,
        accessToken: user.accessToken,
        headers: client,
        body: { email: user.email, callback_url: VERIFY_CALLBACK },
      });
      expect(verification.status, verification.text).toBe(200);
    }
    // The same inbox under another spelling (the outbox, like most mail servers, ignores case).
    expect((await sendCode(user.email.toUpperCase(), client)).status).toBe(200);
    expect(await mailCount(mailbox, user.email)).toBe(mailBefore + 5);

    expectTooManyRequests(await sendReset(user.email, client));
    const channels = await raw(url, `/contact-channels?user_id=me`, {
      keys: dev,
      accessToken: user.accessToken,
    });
    expect(channels.status, channels.text).toBe(200);
    const channelId = channels.json.items[0].id as string;
    expectTooManyRequests(
      await raw(url, `/contact-channels/me/${channelId}/send-verification-code`, {
        keys: dev,
        accessToken: user.accessToken,
        headers: client,
        body: { callback_url: VERIFY_CALLBACK },
      }),
    );
    expect(await mailCount(mailbox, user.email)).toBe(mailBefore + 5);

    // Unknown addresses are limited alike, so a 429 says nothing about who has an account.
    const unknown = freshEmail();
    for (let i = 0; i < 5; i++) expect((await sendReset(unknown, client)).status).toBe(200);
    expectTooManyRequests(await sendReset(unknown, client));
  });

  it('refuses the 51st code from one client in ten minutes; other clients are unaffected', async () => {
    const client = freshClient();
    for (let batch = 0; batch < 5; batch++) {
      const sent = await Promise.all(Array.from({ length: 10 }, () => sendCode(freshEmail(), client)));
      expect(sent.map((response) => response.status)).toEqual(Array(10).fill(200));
    }
    const email = freshEmail();
    expectTooManyRequests(await sendCode(email, client));
    expect(await mailCount(mailbox, email)).toBe(0);
    expect((await sendCode(email, freshClient())).status).toBe(200);
  });

  it('refuses the 61st OAuth start from one client in ten minutes, before keeping anything', async () => {
    await patchConfig(url, dev, {
      oauth_providers: [
        { id: 'github', type: 'shared', enabled: true },
        { id: 'google', type: 'shared', enabled: true },
        {
          id: 'gitlab',
          type: 'standard',
          enabled: true,
          client_id: 'gitlab-app',
          client_secret: 'gitlab secret',
        },
      ],
    });
    const start = (client: Record<string, string>) =>
      fetch(
        authorizeUrl(url, dev, 'gitlab', outerStart(), {
          redirect_uri: `${PRODUCTION_ORIGIN}/handler/oauth-callback`,
          error_redirect_url: `${PRODUCTION_ORIGIN}/handler/error`,
        }),
        { redirect: 'manual', headers: client },
      );
    const client = freshClient();
    for (let batch = 0; batch < 6; batch++) {
      const started = await Promise.all(Array.from({ length: 10 }, () => start(client)));
      expect(started.map((response) => response.status)).toEqual(Array(10).fill(307));
    }
    const refused = await start(client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await start(freshClient())).status).toBe(307);
  });

  it('refuses the 11th password sign-in to one email in five minutes, even with the right password', async () => {
    const user = await signUp(url, dev);
    const client = freshClient();
    const signIn = (email: string, password: string, from = client) =>
      raw(url, '/auth/password/sign-in', { keys: dev, headers: from, body: { email, password } });
    for (let i = 0; i < 10; i++) {
      expectKnownError(await signIn(user.email, 'wrong password!'), 'EMAIL_PASSWORD_MISMATCH');
    }
    expectTooManyRequests(await signIn(user.email, user.password), 300);
    // The limit is on the email, from any client, and only on it.
    expectTooManyRequests(await signIn(user.email, user.password, freshClient()));
    expectKnownError(await signIn(freshEmail(), 'wrong password!'), 'EMAIL_PASSWORD_MISMATCH');

    clock += 5 * MINUTE;
    const later = await signIn(user.email, user.password);
    expect(later.status, later.text).toBe(200);
  });

  it('refuses the 21st sign-up from one client in an hour and creates nothing; server access is not counted per IP', async () => {
    const client = freshClient();
    const body = (email: string) => ({
      email,
      password: 'correct horse battery',
      verification_callback_url: VERIFY_CALLBACK,
    });
    for (let i = 0; i < 20; i++) {
      const response = await raw(url, '/auth/password/sign-up', {
        keys: dev,
        headers: client,
        body: body(freshEmail()),
      });
      expect(response.status, response.text).toBe(200);
    }
    const email = freshEmail();
    expectTooManyRequests(
      await raw(url, '/auth/password/sign-up', { keys: dev, headers: client, body: body(email) }),
      3600,
    );
    expect(await mailCount(mailbox, email)).toBe(0);
    // The email is still free: the refused sign-up wrote nothing.
    const fromBackend = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      access: 'server',
      headers: client,
      body: body(email),
    });
    expect(fromBackend.status, fromBackend.text).toBe(200);
  });

  it('refuses using or checking a 101st code from one client in ten minutes', async () => {
    const client = freshClient();
    const paths = [
      '/auth/otp/sign-in',
      '/auth/otp/sign-in/check-code',
      '/contact-channels/verify/check-code',
      '/auth/password/reset/check-code',
    ];
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          raw(url, paths[i % paths.length]!, { keys: dev, headers: client, body: { code: BOGUS_CODE } }),
        ),
      );
      for (const answer of answers) expectKnownError(answer, 'VERIFICATION_CODE_NOT_FOUND');
    }
    expectTooManyRequests(
      await raw(url, '/contact-channels/verify', { keys: dev, headers: client, body: { code: BOGUS_CODE } }),
    );
    expectTooManyRequests(
      await raw(url, '/auth/password/reset', {
        keys: dev,
        headers: client,
        body: { code: BOGUS_CODE, password: 'a new password' },
      }),
    );
    const elsewhere = await raw(url, '/auth/otp/sign-in', {
      keys: dev,
      headers: freshClient(),
      body: { code: BOGUS_CODE },
    });
    expectKnownError(elsewhere, 'VERIFICATION_CODE_NOT_FOUND');
  });

  it('lets exactly five of 30 concurrent codes to one address through', async () => {
    const email = freshEmail();
    const client = freshClient();
    const answers = await Promise.all(Array.from({ length: 30 }, () => sendCode(email, client)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    for (const answer of answers.filter((a) => a.status !== 200)) expectTooManyRequests(answer);
    expect(await mailCount(mailbox, email)).toBe(5);
  });

  it('does not limit a project that is not in production mode under the default mode', async () => {
    await setProductionMode(url, dev, false);
    try {
      const email = freshEmail();
      const client = freshClient();
      for (let i = 0; i < 7; i++) expect((await sendCode(email, client)).status).toBe(200);
      expect(await mailCount(mailbox, email)).toBe(7);
    } finally {
      await setProductionMode(url, dev, true);
    }
  });
});
