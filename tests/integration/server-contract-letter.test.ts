/**
 * Answers that follow the reference to the letter where signet used to differ (issue 16): `me`
 * without a user on a channel's send-verification-code, API keys made already expired, server
 * passwords without the end-user policy, the legacy sign-in email of old SDKs, and the TOTP secrets
 * the wire accepts. Hostile strings never give a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { latestMessage, patchConfig } from '../support/outbox.js';
import { expectKnownError, freshEmail, type RawRequest, raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

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
});
