/**
 * Hostile but well-formed strings get a readable 400 and write nothing: a lone UTF-16 surrogate in
 * metadata keys and values and in email addresses, a NUL in a path parameter, and over-long
 * values in every bounded field — an anonymous request cannot make the server store (and email,
 * and keep for days) megabytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../server/src/features/fields.js';
import type { ProjectKeys } from '../../server/src/index.js';
import { readMailbox } from '../support/outbox.js';
import { raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

const CALLBACK = 'http://localhost:5173/handler/magic-link-callback';

describe.each(backends())('hostile strings on $name', (backend) => {
  let running: RunningServer;
  let url: string;
  let dev: ProjectKeys;
  let mailbox: string;
  beforeAll(async () => {
    running = await backend.create({ resetCodeResponseTimeMs: { min: 0, max: 0 } });
    url = running.url;
    dev = running.server.seeded.dev;
    mailbox = (await running.server.listenMailbox(0)).url;
  });
  afterAll(async () => {
    await running?.close();
  });

  const schemaError = (response: Awaited<ReturnType<typeof raw>>, ...fragments: string[]) => {
    expect(response.status, response.text).toBe(400);
    expect(response.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
    for (const fragment of fragments) expect(response.json.error).toContain(fragment);
  };

  it('refuses lone surrogates in metadata keys and values and leaves the user as it was', async () => {
    const user = await signUp(url, dev);
    const me = { keys: dev, accessToken: user.accessToken };
    const before = await raw(url, '/users/me', me);
    for (const client_metadata of [{ '\ud800': 1 }, { a: 'x\udfff' }, { a: ['ok', { b: '\ud800' }] }]) {
      const response = await raw(url, '/users/me', {
        ...me,
        method: 'PATCH',
        body: { client_metadata, display_name: 'changed' },
      });
      schemaError(response, 'valid Unicode', 'lone UTF-16 surrogate');
    }
    const server = { keys: dev, access: 'server' as const };
    const serverPatch = await raw(url, `/users/me`, {
      ...server,
      accessToken: user.accessToken,
      method: 'PATCH',
      body: { server_metadata: { '\udc00x': true } },
    });
    schemaError(serverPatch, 'valid Unicode');
    expect((await raw(url, '/users/me', me)).json).toEqual(before.json);
  });

  it('refuses lone surrogates in email addresses before anything is sent', async () => {
    const email = 'victim\ud800@example.com';
    schemaError(
      await raw(url, '/auth/otp/send-sign-in-code', { keys: dev, body: { email, callback_url: CALLBACK } }),
      'body.email',
    );
    schemaError(
      await raw(url, '/auth/password/send-reset-code', {
        keys: dev,
        body: { email, callback_url: CALLBACK },
      }),
      'body.email',
    );
    schemaError(
      await raw(url, '/internal/send-test-email', {
        keys: dev,
        access: 'admin',
        body: {
          recipient_email: email,
          email_config: {
            host: '127.0.0.1',
            port: 1,
            username: 'u',
            password: 'p',
            sender_name: 'S',
            sender_email: 's@example.com',
          },
        },
      }),
      'body.recipient_email',
    );
    expect(await readMailbox(mailbox, 'victim')).toEqual([]);
  });

  it('answers a NUL or a lone surrogate in a path parameter with a 400, not a 500', async () => {
    for (const id of ['%00', 'a%00']) {
      const response = await raw(url, `/projects/${id}/.well-known/jwks.json`);
      expect(response.status, `${id}: ${response.text}`).toBe(400);
      expect(response.text).toMatch(/params\.project_id must not contain NUL characters/);
    }
    // The UTF-8 bytes of a lone surrogate are no UTF-8: the router keeps them undecoded, and
    // no project has that id.
    const undecodable = await raw(url, '/projects/%ED%A0%80/.well-known/jwks.json');
    expect(undecodable.status, undecodable.text).toBe(404);
    const user = await signUp(url, dev);
    const response = await raw(url, '/contact-channels/me/%00', { keys: dev, accessToken: user.accessToken });
    schemaError(response, 'params.contact_channel_id must not contain NUL characters');
  });

  it('bounds URLs, emails, names and metadata, and an over-long callback URL stores and sends nothing', async () => {
    const longUrl = `${CALLBACK}?${'x'.repeat(INPUT_LIMITS.url)}`;
    const email = `long-url-${Date.now()}@example.com`;
    schemaError(
      await raw(url, '/auth/otp/send-sign-in-code', { keys: dev, body: { email, callback_url: longUrl } }),
      `body.callback_url must be at most ${INPUT_LIMITS.url} characters long`,
    );
    schemaError(
      await raw(url, '/auth/password/sign-up', {
        keys: dev,
        body: { email, password: 'correct horse 1', verification_callback_url: longUrl },
      }),
      'body.verification_callback_url',
    );
    expect(await readMailbox(mailbox, email)).toEqual([]);
    // The sign-up was refused whole: the address is still free.
    const free = await raw(url, '/auth/password/sign-up', {
      keys: dev,
      body: { email, password: 'correct horse 1', verification_callback_url: CALLBACK },
    });
    expect(free.status, free.text).toBe(200);

    schemaError(
      await raw(url, '/auth/otp/send-sign-in-code', {
        keys: dev,
        body: { email: `${'a'.repeat(INPUT_LIMITS.email)}@example.com`, callback_url: CALLBACK },
      }),
      'body.email must be at most',
    );
    const me = { keys: dev, accessToken: free.json.access_token as string };
    schemaError(
      await raw(url, '/users/me', {
        ...me,
        method: 'PATCH',
        body: { display_name: 'n'.repeat(INPUT_LIMITS.name + 1) },
      }),
      'body.display_name must be at most',
    );
    schemaError(
      await raw(url, '/users/me', {
        ...me,
        method: 'PATCH',
        body: { client_metadata: { blob: 'm'.repeat(INPUT_LIMITS.metadataJson) } },
      }),
      `body.client_metadata must be at most ${INPUT_LIMITS.metadataJson} characters as JSON`,
    );
    // At the limits, the same fields are accepted.
    const ok = await raw(url, '/users/me', {
      ...me,
      method: 'PATCH',
      body: { display_name: 'n'.repeat(INPUT_LIMITS.name), client_metadata: { blob: 'm'.repeat(1000) } },
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('refuses any string over the global cap, whatever the field', async () => {
    const huge = 'h'.repeat(1_048_577);
    const response = await raw(url, '/auth/otp/send-sign-in-code', {
      keys: dev,
      body: { email: 'cap@example.com', callback_url: CALLBACK, [huge.slice(0, 10)]: huge },
    });
    schemaError(response, 'must be at most 1048576 characters long');
  });
});
