/**
 * Input limits against storage amplification: a callback URL is stored with its code and written
 * into the email's text and HTML, so an over-long one must be refused before anything is kept —
 * no code row, no email — on every route that takes one. The body cap sits above the largest
 * legitimate request and below what used to be read and parsed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../server/src/features/fields.js';
import type { ProjectKeys } from '../../server/src/index.js';
import { patchConfig, readMailbox } from '../support/outbox.js';
import { type RawResponse, raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const CALLBACK = 'http://localhost:5173/handler/email-verification';
const DAY = 24 * 3600 * 1000;
/** A trusted callback URL of exactly `length` characters. */
const callbackOf = (length: number) => `${CALLBACK}?${'x'.repeat(length - CALLBACK.length - 1)}`;

describe.each(backends())('input limits on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let mailbox: string;
  const start = Date.now();
  let clock = start;
  beforeAll(async () => {
    running = await backend.create({ now: () => clock, resetCodeResponseTimeMs: { min: 0, max: 0 } });
    url = running.url;
    dev = running.server.seeded.dev;
    mailbox = (await running.server.listenMailbox(0)).url;
    await patchConfig(url, dev, { magic_link_enabled: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  const expectTooLong = (response: RawResponse, field: string) => {
    expect(response.status, response.text).toBe(400);
    expect(response.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
    expect(response.json.error).toContain(
      `body.${field} must be at most ${INPUT_LIMITS.url} characters long`,
    );
  };

  const adminEmailCount = async () => {
    const list = await raw(url, '/internal/emails', { keys: dev, access: 'admin' });
    expect(list.status, list.text).toBe(200);
    return (list.json.items as unknown[]).length;
  };

  it('an over-long callback URL is a SCHEMA_ERROR on every route that takes one, and stores and sends nothing', async () => {
    // One account, whose sign-up sends one verification email with one code: the baseline.
    const owner = `owner-${Date.now()}@example.com`;
    const signUp = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { email: owner, password: 'correct horse 1', verification_callback_url: CALLBACK },
    });
    expect(signUp.status, signUp.text).toBe(200);
    const signedIn = { keys: dev, accessToken: signUp.json.access_token as string };
    const channels = await raw(url, '/contact-channels?user_id=me', signedIn);
    const channelId = channels.json.items[0].id as string;
    expect(await adminEmailCount()).toBe(1);

    const tooLong = callbackOf(INPUT_LIMITS.url + 1);
    const stranger = `stranger-${Date.now()}@example.com`;
    expectTooLong(
      await raw(url, '/auth/otp/send-sign-in-code', {
        keys: dev,
        body: { email: stranger, callback_url: tooLong },
      }),
      'callback_url',
    );
    expectTooLong(
      await raw(url, '/auth/password/send-reset-code', {
        keys: dev,
        body: { email: owner, callback_url: tooLong },
      }),
      'callback_url',
    );
    expectTooLong(
      await raw(url, '/auth/password/sign-up', {
        keys: dev,
        body: { email: stranger, password: 'correct horse 1', verification_callback_url: tooLong },
      }),
      'verification_callback_url',
    );
    expectTooLong(
      await raw(url, '/contact-channels/send-verification-code', {
        ...signedIn,
        body: { email: owner, callback_url: tooLong },
      }),
      'callback_url',
    );
    expectTooLong(
      await raw(url, `/contact-channels/me/${channelId}/send-verification-code`, {
        ...signedIn,
        body: { callback_url: tooLong },
      }),
      'callback_url',
    );

    // Nothing sent: the outbox and the admin's list hold only the sign-up's email.
    expect(await readMailbox(mailbox, stranger)).toEqual([]);
    expect(await readMailbox(mailbox, owner)).toHaveLength(1);
    expect(await adminEmailCount()).toBe(1);
    // Nothing stored: long after every code died, the sweep finds the sign-up's one code and email.
    clock = start + 400 * DAY;
    const swept = await running.server.sweep();
    expect({ codes: swept.verificationCodes, emails: swept.sentEmails }).toEqual({ codes: 1, emails: 1 });
    clock = start;

    // At the limit the same requests go through: the refused sign-up left the address free.
    const atLimit = callbackOf(INPUT_LIMITS.url);
    expect(atLimit).toHaveLength(INPUT_LIMITS.url);
    const later = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { email: stranger, password: 'correct horse 1', verification_callback_url: atLimit },
    });
    expect(later.status, later.text).toBe(200);
    const [message] = await readMailbox(mailbox, stranger);
    expect(message?.body.text).toContain(atLimit);
  });

  it('refuses a body over the cap unread, and takes the largest legitimate update', async () => {
    const over = await raw(url, '/auth/password/sign-in', {
      keys: dev,
      // 5 MiB: more than twice the largest legitimate body below, read and parsed in full before.
      body: JSON.stringify({ email: 'a@example.com', password: 'p'.repeat(5 * 1024 * 1024) }),
    });
    expect(over.status, over.text).toBe(413);
    expect(over.text).toContain(`limit ${INPUT_LIMITS.bodyBytes} bytes`);

    const email = `largest-${Date.now()}@example.com`;
    const signUp = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { email, password: 'correct horse 1', verification_callback_url: CALLBACK },
    });
    expect(signUp.status, signUp.text).toBe(200);
    // Every field at its limit, metadata in three-byte characters: the most a user update holds.
    const prefix = 'data:image/png;base64,';
    const metadata = { note: '文'.repeat(INPUT_LIMITS.metadataJson - 20) };
    const body = {
      display_name: 'n'.repeat(INPUT_LIMITS.name),
      profile_image_url: `${prefix}${'A'.repeat(INPUT_LIMITS.profileImage - prefix.length)}`,
      client_metadata: metadata,
      client_read_only_metadata: metadata,
      server_metadata: metadata,
    };
    const bytes = Buffer.byteLength(JSON.stringify(body));
    expect(bytes).toBeGreaterThan(1_800_000);
    expect(bytes).toBeLessThan(INPUT_LIMITS.bodyBytes);
    const update = await raw(url, '/users/me', {
      method: 'PATCH',
      keys: dev,
      access: 'server',
      accessToken: signUp.json.access_token as string,
      body,
    });
    expect(update.status, update.text.slice(0, 300)).toBe(200);
    expect(update.json.server_metadata).toEqual(metadata);
  });
});
