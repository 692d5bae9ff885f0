/**
 * The admin-webhooks plugin against the real server, on every reachable database backend: an admin
 * app (super secret admin key) manages endpoints through the Svix API signet serves, reveals and
 * rotates a secret, sees a team's creation arrive at a loopback receiver and come back as a message
 * with its attempt, resends it, and keeps working when its Svix token expires (it fetches a new
 * one). Refusals come back as `WebhookApiError` with Svix's status and code.
 */
import { Webhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../core/app.js';
import type { Result } from '../../core/result.js';
import { adminWebhooks, WebhookApiError } from '../../plugins/admin-webhooks/index.js';
import { serverTeams } from '../../plugins/server-teams/index.js';
import { backends } from '../support/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

/** The data of an ok result; the test fails with the error otherwise. */
function ok<T>(result: Result<T, string>): T {
  if (result.status !== 'ok')
    throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}

/** The error `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<WebhookApiError> {
  const error = await promise.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  if (!(error instanceof WebhookApiError)) throw error;
  return error;
}

/** Polls `read` until `done` holds (the worker records attempts just after sending). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (done(value) || i > 200) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(backends())('admin-webhooks plugin on $name', (backend) => {
  let running: Awaited<ReturnType<typeof backend.create>>;
  let receiver: WebhookReceiver;
  let clockOffset = 0;
  beforeAll(async () => {
    running = await backend.create({ now: () => Date.now() + clockOffset });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await running?.close();
    await receiver?.close();
  });

  const adminApp = (options?: { serverUrl?: string }) => {
    const keys = running.server.seeded.dev;
    return createApp({
      projectId: keys.projectId,
      superSecretAdminKey: keys.superSecretAdminKey,
      baseUrl: running.url,
      tokenStore: 'memory',
      redirectMethod: 'none',
      plugins: [adminWebhooks(options), serverTeams()],
    });
  };

  it('manages endpoints and their secret, and follows a delivery from event to resend', async () => {
    const app = adminApp();
    const created = await app.webhooks.createEndpoint({
      url: receiver.url,
      description: 'Team sync',
      eventTypes: ['team.created'],
    });
    expect(created).toMatchObject({
      url: receiver.url,
      description: 'Team sync',
      eventTypes: ['team.created'],
      disabled: false,
    });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(created)).not.toContain('secret');
    expect((await app.webhooks.listEndpoints()).map((e) => e.id)).toEqual([created.id]);
    expect((await app.webhooks.getEndpoint(created.id)).description).toBe('Team sync');
    const renamed = await app.webhooks.updateEndpoint(created.id, { description: 'Team mirror' });
    expect(renamed).toMatchObject({
      description: 'Team mirror',
      eventTypes: ['team.created'],
      url: receiver.url,
    });

    const first = await app.webhooks.revealSecret(created.id);
    expect(first).toMatch(/^whsec_/);
    await app.webhooks.rotateSecret(created.id);
    const secret = await app.webhooks.revealSecret(created.id);
    expect(secret).not.toBe(first);

    const team = ok(await app.serverTeams.create({ displayName: 'Hooked' }));
    const [delivered] = await receiver.waitFor(1);
    const headers = {
      'webhook-id': String(delivered!.headers['webhook-id']),
      'webhook-timestamp': String(delivered!.headers['webhook-timestamp']),
      'webhook-signature': String(delivered!.headers['webhook-signature']),
    };
    // Both the new secret and the one before the rotation verify it during the overlap.
    expect((new Webhook(secret).verify(delivered!.body, headers) as { data: { id: string } }).data.id).toBe(
      team.id,
    );
    expect(() => new Webhook(first).verify(delivered!.body, headers)).not.toThrow();

    const messages = await app.webhooks.listMessages({ eventTypes: ['team.created'], limit: 10 });
    const message = messages.items.find((m) => (m.payload.data as { id: string }).id === team.id)!;
    expect(message).toMatchObject({ eventType: 'team.created', payload: { type: 'team.created' } });
    expect(message.timestamp).toBeInstanceOf(Date);

    const attempts = await eventually(
      () => app.webhooks.listAttempts(created.id),
      (p) => p.items.length === 1,
    );
    expect(attempts.items[0]).toMatchObject({
      messageId: message.id,
      endpointId: created.id,
      status: 'success',
      responseStatusCode: 200,
      trigger: 'scheduled',
      message: { id: message.id, eventType: 'team.created' },
    });
    expect(attempts.done).toBe(true);

    await app.webhooks.resend(message.id, created.id);
    await receiver.waitFor(2);
    const again = await eventually(
      () => app.webhooks.listMessageAttempts(message.id),
      (p) => p.items.length === 2,
    );
    expect(again.items.map((a) => a.trigger)).toEqual(['manual', 'scheduled']);

    await app.webhooks.deleteEndpoint(created.id);
    const gone = await rejection(app.webhooks.getEndpoint(created.id));
    expect([gone.status, gone.code]).toEqual([404, 'not_found']);
    expect(await app.webhooks.listEndpoints()).toEqual([]);
  });

  it('says what is wrong with an endpoint, and pages through many', async () => {
    const app = adminApp({ serverUrl: running.url });
    const invalid = await rejection(app.webhooks.createEndpoint({ url: 'not a url' }));
    expect([invalid.status, invalid.code]).toEqual([422, 'validation']);
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await app.webhooks.createEndpoint({ url: `https://hooks.example.com/${i}` }));
    expect((await app.webhooks.listEndpoints()).map((e) => e.id)).toEqual(made.map((e) => e.id).reverse());
    for (const e of made) await app.webhooks.deleteEndpoint(e.id);
  });

  it('fetches a new Svix token when the one it holds has expired', async () => {
    const app = adminApp();
    const endpoint = await app.webhooks.createEndpoint({ url: 'https://hooks.example.com/t' });
    clockOffset += 2 * 3600_000;
    try {
      expect((await app.webhooks.getEndpoint(endpoint.id)).id).toBe(endpoint.id);
    } finally {
      clockOffset = 0;
    }
    await app.webhooks.deleteEndpoint(endpoint.id);
  });
});
