/**
 * Answers that follow the reference to the letter where signet used to differ (issue 16): `me`
 * without a user on a channel's send-verification-code, API keys made already expired, server
 * passwords without the end-user policy, the legacy sign-in email of old SDKs, and the TOTP secrets
 * the wire accepts. Hostile strings never give a 500.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { codeFromLink, latestMessage, patchConfig } from '../support/outbox.js';
import { expectKnownError, freshEmail, type RawRequest, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { totp } from '../support/totp.js';

const VERIFY_CALLBACK = 'http://localhost:5173/handler/email-verification';
const MAGIC_CALLBACK = 'http://localhost:5173/handler/magic-link-callback';
const MISSING = '00000000-0000-4000-8000-000000000000';
const HOSTILE = ['a\u0000b', '\ud800', 'x'.repeat(70_000)];

describe.each(backends())('the contract to the letter on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let mailbox: string;
  const clock = Date.now();
  beforeAll(async () => {
    running = await backend.create({ now: () => clock });
    url = running.url;
    dev = running.server.seeded.dev;
    mailbox = (await running.server.listenMailbox(0)).url;
    await patchConfig(url, dev, { magic_link_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  const call = (path: string, options: RawRequest = {}) => raw(url, path, { keys: dev, ...options });
  const server = (path: string, options: RawRequest = {}) => call(path, { access: 'server', ...options });

  it('send-verification-code: `me` or any id without a signed-in client user is CANNOT_GET_OWN_USER_WITHOUT_USER, before the body', async () => {
    const user = await signUp(url, dev);
    const channels = await call('/contact-channels?user_id=me', { accessToken: user.accessToken });
    const channelId = channels.json.items[0].id as string;
    for (const body of [
      { callback_url: VERIFY_CALLBACK },
      {},
      { callback_url: 'not a url', extra: 1 },
      undefined,
    ]) {
      expectKnownError(
        await call(`/contact-channels/me/${channelId}/send-verification-code`, { method: 'POST', body }),
        'CANNOT_GET_OWN_USER_WITHOUT_USER',
      );
    }
    expectKnownError(
      await call(`/contact-channels/${user.userId}/${channelId}/send-verification-code`, {
        body: { callback_url: VERIFY_CALLBACK },
      }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    // Server access has no user to stand for `me` either.
    expectKnownError(
      await server(`/contact-channels/me/${channelId}/send-verification-code`, { body: {} }),
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    const other = await signUp(url, dev);
    const foreign = await call(`/contact-channels/${user.userId}/${channelId}/send-verification-code`, {
      accessToken: other.accessToken,
      body: { callback_url: VERIFY_CALLBACK },
    });
    expect({ status: foreign.status, text: foreign.text }).toEqual({
      status: 400,
      text: 'Can only send verification code for your own user',
    });
    const missing = await call(`/contact-channels/me/${MISSING}/send-verification-code`, {
      accessToken: user.accessToken,
      body: { callback_url: VERIFY_CALLBACK },
    });
    expect({ status: missing.status, text: missing.text }).toEqual({
      status: 404,
      text: 'Contact channel not found',
    });
    const sent = await call(`/contact-channels/me/${channelId}/send-verification-code`, {
      accessToken: user.accessToken,
      body: { callback_url: VERIFY_CALLBACK },
    });
    expect(sent.json).toEqual({ success: true });
    for (const hostile of HOSTILE) {
      const response = await call(`/contact-channels/me/${channelId}/send-verification-code`, {
        body: { callback_url: hostile },
      });
      expect(response.status).toBe(400);
    }
  });

  it('an API key may be created already expired; it then does not work', async () => {
    const admin = { keys: dev, access: 'admin' as const };
    const create = (expires: number) =>
      raw(url, '/internal/api-keys', {
        ...admin,
        body: {
          description: 'expired at birth',
          expires_at_millis: expires,
          has_publishable_client_key: true,
          has_secret_server_key: true,
          has_super_secret_admin_key: false,
        },
      });
    for (const expires of [clock - 1, clock, 0, -59_011_459_200_000]) {
      const created = await create(expires);
      expect(created.status, created.text).toBe(200);
      expect(created.json.expires_at_millis).toBe(expires);
      const withKeys = {
        ...dev,
        publishableClientKey: created.json.publishable_client_key as string,
        secretServerKey: created.json.secret_server_key as string,
      };
      expectKnownError(
        await raw(url, '/projects/current', { keys: withKeys }),
        'INVALID_PUBLISHABLE_CLIENT_KEY',
        { project_id: dev.projectId },
      );
      expectKnownError(
        await raw(url, '/users', { keys: withKeys, access: 'server' }),
        'INVALID_SECRET_SERVER_KEY',
        { project_id: dev.projectId },
      );
      const listed = await raw(url, `/internal/api-keys/${created.json.id}`, admin);
      expect(listed.json.expires_at_millis).toBe(expires);
    }
    // A future one works, as before.
    const live = await create(clock + 60_000);
    const withLive = { ...dev, publishableClientKey: live.json.publishable_client_key as string };
    expect((await raw(url, '/projects/current', { keys: withLive })).status).toBe(200);
    // Times no date can hold are schema errors, not 500s.
    for (const expires of [Number.MAX_SAFE_INTEGER, -59_011_459_200_001, 253_402_300_800_000, 1e300, 1.5]) {
      expect((await create(expires)).status).toBe(400);
    }
  });

  const passwordSignIn = (email: string, password: string) =>
    call('/auth/password/sign-in', { body: { email, password } });

  it('server access sets any password up to 70 characters, without the end-user policy; end users keep it', async () => {
    for (const password of ['short', '', 'x'.repeat(70), '😀'.repeat(35)]) {
      const email = freshEmail();
      const created = await server('/users', {
        body: { primary_email: email, primary_email_auth_enabled: true, password },
      });
      expect(created.status, created.text).toBe(201);
      expect(created.json.has_password).toBe(true);
      if (password) expect((await passwordSignIn(email, password)).status).toBe(200);
    }
    const email = freshEmail();
    const created = await server('/users', {
      body: { primary_email: email, primary_email_auth_enabled: true, password: 'a brand new password' },
    });
    const changed = await server(`/users/${created.json.id}`, { method: 'PATCH', body: { password: 'ab' } });
    expect(changed.status, changed.text).toBe(200);
    expect((await passwordSignIn(email, 'ab')).status).toBe(200);
    // Over 70 UTF-16 code units is the schema's refusal, on create and update alike.
    for (const password of ['x'.repeat(71), '😀'.repeat(36)]) {
      for (const response of [
        await server('/users', { body: { primary_email: freshEmail(), password } }),
        await server(`/users/${created.json.id}`, { method: 'PATCH', body: { password } }),
      ]) {
        expect(response.status).toBe(400);
        expect(response.json.code).toBe('SCHEMA_ERROR');
        expect(response.json.error).toContain('  - body.password must be at most 70 characters');
      }
    }
    for (const password of HOSTILE) {
      const response = await server(`/users/${created.json.id}`, { method: 'PATCH', body: { password } });
      expect(response.status).toBe(400);
    }
    // End users keep the policy: sign-up and password update.
    expectKnownError(
      await call('/auth/password/sign-up', {
        body: { email: freshEmail(), password: 'short', verification_callback_url: VERIFY_CALLBACK },
      }),
      'PASSWORD_TOO_SHORT',
      { min_length: 8 },
    );
    const user = await signUp(url, dev);
    expectKnownError(
      await call('/auth/password/update', {
        accessToken: user.accessToken,
        body: { old_password: user.password, new_password: 'short' },
      }),
      'PASSWORD_TOO_SHORT',
      { min_length: 8 },
    );
  });

  it("the reference's texts for password and password_hash together, a bad hash, and email flags without an email", async () => {
    const hash = '$2a$04$abcdefghijklmnopqrstuu5Cn4Rw7OSV7ZuYyuVPbA3RjzhTn3Kqy';
    const user = (await server('/users', { body: { display_name: 'No email' } })).json.id as string;
    const texts: [Record<string, unknown>, string][] = [
      [
        { primary_email: freshEmail(), password: 'long enough', password_hash: hash },
        'Cannot set both password and password_hash at the same time.',
      ],
      [
        { primary_email: freshEmail(), password: null, password_hash: hash },
        'Cannot set both password and password_hash at the same time.',
      ],
      ...['$argon2id$v=19$m=1,t=1,p=1$abc$def', hash.replace('$04$', '$17$'), `${hash}x`, 'plain'].map(
        (password_hash): [Record<string, unknown>, string] => [
          { primary_email: freshEmail(), password_hash },
          "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.",
        ],
      ),
      [
        { primary_email_auth_enabled: true, primary_email_verified: true },
        'primary_email_auth_enabled cannot be true without primary_email',
      ],
      [{ primary_email_verified: true }, 'primary_email_verified cannot be true without primary_email'],
      [
        { primary_email: null, primary_email_auth_enabled: true },
        'primary_email_auth_enabled cannot be true without primary_email',
      ],
    ];
    for (const [body, text] of texts) {
      for (const response of [
        await server('/users', { body }),
        await server(`/users/${user}`, { method: 'PATCH', body }),
      ]) {
        expect({ status: response.status, text: response.text }, JSON.stringify(body)).toEqual({
          status: 400,
          text,
        });
      }
    }
  });

  it('totp_secret_base64 takes any standard base64 (10, 20, 32 bytes) and signs in with it; anything else is a schema error', async () => {
    for (const bytes of [10, 20, 32]) {
      const user = await signUp(url, dev);
      const secret = randomBytes(bytes);
      const on =
        bytes === 32
          ? await server(`/users/${user.userId}`, {
              method: 'PATCH',
              body: { totp_secret_base64: secret.toString('base64') },
            })
          : await call('/users/me', {
              method: 'PATCH',
              accessToken: user.accessToken,
              body: { totp_secret_base64: secret.toString('base64') },
            });
      expect(on.status, on.text).toBe(200);
      expect(on.json.requires_totp_mfa).toBe(true);
      const first = await passwordSignIn(user.email, user.password);
      expect(first.json.code).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
      const done = await call('/auth/mfa/sign-in', {
        body: { code: first.json.details.attempt_code, type: 'totp', totp: totp(secret, clock) },
      });
      expect(done.status, done.text).toBe(200);
    }
    const user = await signUp(url, dev);
    const notBase64 = ['', 'abc', 'abc==', 'a b=', 'ab-_', 'AAAA='];
    for (const value of [...notBase64, 'A'.repeat(1028), ...HOSTILE]) {
      const response = await call('/users/me', {
        method: 'PATCH',
        accessToken: user.accessToken,
        body: { totp_secret_base64: value },
      });
      expect(response.status, value.slice(0, 20)).toBe(400);
      expect(response.json.code).toBe('SCHEMA_ERROR');
      if (notBase64.includes(value)) {
        expect(response.json.error).toContain('  - body.totp_secret_base64 is not valid base64');
      }
    }
  });

  it('sign-in emails to @stackframe/stack 2.5.37 and older carry the link without the code; newer or other SDKs get the code', async () => {
    const send = async (version?: string) => {
      const email = freshEmail();
      const sent = await call('/auth/otp/send-sign-in-code', {
        body: { email, callback_url: MAGIC_CALLBACK },
        headers: version === undefined ? {} : { 'x-stack-client-version': version },
      });
      expect(sent.status, sent.text).toBe(200);
      const message = await latestMessage(mailbox, email);
      const code = codeFromLink(message);
      const otp = code.slice(0, 6).toUpperCase();
      // The reference keeps one subject for both versions of the template.
      expect(message.subject).toContain(`Your code is ${otp}`);
      // The link carries the whole code in lower case, which holds the OTP whenever its first six
      // characters are digits (about one send in a thousand): the OTP is looked for beside the link.
      const shows = (body: string) => body.replaceAll(code, '').includes(otp);
      return { text: shows(message.body.text), html: shows(message.body.html) };
    };
    for (const legacy of [
      'js @stackframe/stack@2.5.37',
      'js @stackframe/stack@2.5.0',
      'react @stackframe/stack@1.99.99',
      'js @stackframe/stack@0.0.0',
    ]) {
      expect(await send(legacy), legacy).toEqual({ text: false, html: false });
    }
    for (const standard of [
      undefined,
      'js @stackframe/stack@2.5.38',
      'js @stackframe/stack@2.6.0',
      'js @stackframe/stack@3.0.0',
      'js @stackframe/js@2.5.0',
      'js @stackframe/react@2.5.0',
      'js @stackframe/stack@2.5',
      'js @stackframe/stack@02.5.37',
      'js @stackframe/stack@2.5.37.1',
      '@stackframe/stack@2.5.37',
      'js @stackframe/stack@99999999999999999999.0.0',
      'garbage',
    ]) {
      expect(await send(standard), standard).toEqual({ text: true, html: true });
    }
  });
});
