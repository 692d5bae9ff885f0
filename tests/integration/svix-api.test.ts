/**
 * The Svix API signet serves when no Svix server is configured, driven by the official `svix`
 * client exactly as Stack's dashboard and tools drive it: a token from `POST /webhooks/svix-token`,
 * `serverUrl` = signet's origin, the project id as the app id. Endpoints are created, listed a
 * page at a time, read, changed and deleted; secrets read and rotated; a team created through the
 * Stack API becomes a message the delivery worker sends to a loopback receiver, and its attempts
 * and a resend are read back — with the receiver verifying the signature as a customer would.
 */
import { type ApiException, Svix, Webhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../server/src/index.js';
import { raw } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';
import { statusOf, svixToken } from '../support/svix-api.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

describe.each(backends())('the Svix API served by signet on $name', (backend) => {
  let running: RunningServer;
  let keys: ProjectKeys;
  let svix: Svix;
  let app: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    running = await backend.create();
    keys = running.server.seeded.dev;
    app = keys.projectId;
    svix = new Svix(await svixToken(running.url, keys), { serverUrl: running.url });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await running?.close();
    await receiver?.close();
  });

  it('creates, lists page by page, reads, updates, patches and deletes endpoints', async () => {
    const created = await svix.endpoint.create(app, {
      url: 'https://hooks.example.com/a',
      description: 'first',
      filterTypes: ['user.created', 'team.created'],
      metadata: { owner: 'ops' },
      uid: 'first-endpoint',
    });
    expect(created.id).toMatch(/^ep_[0-9A-Za-z]{27}$/);
    expect(created).toMatchObject({
      url: 'https://hooks.example.com/a',
      description: 'first',
      filterTypes: ['user.created', 'team.created'],
      metadata: { owner: 'ops' },
      uid: 'first-endpoint',
      disabled: false,
      version: 1,
    });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(created)).not.toContain('secret');

    const second = await svix.endpoint.create(app, { url: 'https://hooks.example.com/b' });
    const third = await svix.endpoint.create(app, { url: 'https://hooks.example.com/c' });

    // Newest first, one at a time, to the end and back.
    const page1 = await svix.endpoint.list(app, { limit: 1 });
    expect(page1.data.map((e) => e.id)).toEqual([third.id]);
    expect(page1.done).toBe(false);
    const page2 = await svix.endpoint.list(app, { limit: 1, iterator: page1.iterator });
    expect(page2.data.map((e) => e.id)).toEqual([second.id]);
    const page3 = await svix.endpoint.list(app, { limit: 2, iterator: page2.iterator });
    expect(page3.data.map((e) => e.id)).toEqual([created.id]);
    expect(page3.done).toBe(true);
    const back = await svix.endpoint.list(app, { limit: 1, iterator: page3.prevIterator });
    expect(back.data.map((e) => e.id)).toEqual([second.id]);
    const ascending = await svix.endpoint.list(app, { order: 'ascending' as never });
    expect(ascending.data.map((e) => e.id)).toEqual([created.id, second.id, third.id]);
    for (const endpoint of ascending.data) expect(Object.keys(endpoint)).not.toContain('secret');

    // By id and by uid.
    expect((await svix.endpoint.get(app, created.id)).url).toBe('https://hooks.example.com/a');
    expect((await svix.endpoint.get(app, 'first-endpoint')).id).toBe(created.id);

    // PUT replaces the whole endpoint: what is left out goes back to its default.
    const updated = await svix.endpoint.update(app, created.id, {
      url: 'https://hooks.example.com/a2',
      description: 'x',
    });
    expect(updated).toMatchObject({
      url: 'https://hooks.example.com/a2',
      description: 'x',
      filterTypes: null,
      uid: null,
    });
    // PATCH changes only what it names; null clears.
    const patched = await svix.endpoint.patch(app, created.id, {
      disabled: true,
      filterTypes: ['team.deleted'],
    });
    expect(patched).toMatchObject({ url: 'https://hooks.example.com/a2', description: 'x', disabled: true });
    expect(patched.filterTypes).toEqual(['team.deleted']);
    expect((await svix.endpoint.patch(app, created.id, { filterTypes: null })).filterTypes).toBeNull();

    expect(await svix.endpoint.getStats(app, created.id)).toEqual({
      success: 0,
      pending: 0,
      fail: 0,
      sending: 0,
      canceled: 0,
    });
    expect(await svix.endpoint.getHeaders(app, created.id)).toEqual({ headers: {}, sensitive: [] });

    await svix.endpoint.delete(app, created.id);
    expect(await statusOf(svix.endpoint.get(app, created.id))).toBe(404);
    expect(await statusOf(svix.endpoint.delete(app, created.id))).toBe(404);
    await svix.endpoint.delete(app, second.id);
    await svix.endpoint.delete(app, third.id);
    expect((await svix.endpoint.list(app)).data).toEqual([]);
  });

  it('refuses a taken uid, unknown event types and invalid URLs with Svix errors', async () => {
    await svix.endpoint.create(app, { url: 'https://hooks.example.com/u', uid: 'taken' });
    expect(
      await statusOf(svix.endpoint.create(app, { url: 'https://hooks.example.com/v', uid: 'taken' })),
    ).toBe(409);
    expect(
      await statusOf(svix.endpoint.create(app, { url: 'https://x.example', filterTypes: ['user.exploded'] })),
    ).toBe(422);
    expect(await statusOf(svix.endpoint.create(app, { url: 'not a url' }))).toBe(422);
    expect(await statusOf(svix.endpoint.create(app, { url: 'ftp://files.example.com/' }))).toBe(422);
    const error = await svix.endpoint
      .create(app, { url: 'not a url' })
      .catch((e: ApiException<unknown>) => e);
    expect((error as ApiException<{ detail: { loc: string[] }[] }>).body.detail[0]!.loc).toEqual([
      'body',
      'url',
    ]);
    await svix.endpoint.delete(app, 'taken');
  });

  it('shows the secret, takes a chosen one, and rotates it', async () => {
    const chosen = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    const endpoint = await svix.endpoint.create(app, { url: 'https://hooks.example.com/s', secret: chosen });
    expect((await svix.endpoint.getSecret(app, endpoint.id)).key).toBe(chosen);
    await svix.endpoint.rotateSecret(app, endpoint.id, {});
    const rotated = (await svix.endpoint.getSecret(app, endpoint.id)).key;
    expect(rotated).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(rotated).not.toBe(chosen);
    const next = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    await svix.endpoint.rotateSecret(app, endpoint.id, { key: next });
    expect((await svix.endpoint.getSecret(app, endpoint.id)).key).toBe(next);
    expect(await statusOf(svix.endpoint.rotateSecret(app, endpoint.id, { key: 'short' }))).toBe(422);
    await svix.endpoint.delete(app, endpoint.id);
  });

  it('answers the application, as Stack creates it, and get-if-exists for its own project only', async () => {
    const application = await svix.application.get(app);
    expect(application).toMatchObject({ id: app, uid: app, name: app });
    expect((await svix.application.getOrCreate({ uid: app, name: app })).id).toBe(app);
    expect(await statusOf(svix.application.getOrCreate({ uid: 'someone-else', name: 'x' }))).toBe(403);
  });

  it('lists the messages events became, their attempts by endpoint and by message, and resends', async () => {
    const endpoint = await svix.endpoint.create(app, { url: receiver.url, filterTypes: ['team.created'] });
    const { key } = await svix.endpoint.getSecret(app, endpoint.id);
    const team = await raw(running.url, '/teams', {
      keys,
      access: 'server',
      body: { display_name: 'Webhook team' },
    });
    expect(team.status, team.text).toBe(201);

    const [delivered] = await receiver.waitFor(1);
    // The receiver verifies the signature with Svix's own verifier, as a customer would.
    const verified = new Webhook(key).verify(delivered!.body, {
      'svix-id': String(delivered!.headers['svix-id']),
      'svix-timestamp': String(delivered!.headers['svix-timestamp']),
      'svix-signature': String(delivered!.headers['svix-signature']),
    }) as { type: string; data: { id: string } };
    expect(verified.type).toBe('team.created');
    expect(verified.data.id).toBe(team.json.id);

    const messages = await svix.message.list(app, { eventTypes: ['team.created'] });
    const message = messages.data.find(
      (m) => (m.payload as { data: { id: string } }).data.id === team.json.id,
    )!;
    expect(message.id).toMatch(/^msg_/);
    expect(message.eventType).toBe('team.created');
    expect(message.timestamp).toBeInstanceOf(Date);
    expect(String(delivered!.headers['svix-id'])).toBe(message.id);
    expect((await svix.message.list(app, { eventTypes: ['user.deleted'] })).data).toEqual([]);
    const bare = await svix.message.list(app, { withContent: false, limit: 1 });
    expect(bare.data[0]!.payload).toEqual({});
    expect((await svix.message.get(app, message.id)).payload).toEqual(message.payload);

    // Attempts are recorded just after the answer arrives.
    let attempts = await svix.messageAttempt.listByEndpoint(app, endpoint.id, { withMsg: true });
    for (let i = 0; attempts.data.length === 0 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      attempts = await svix.messageAttempt.listByEndpoint(app, endpoint.id, { withMsg: true });
    }
    expect(attempts.data).toHaveLength(1);
    expect(attempts.data[0]).toMatchObject({
      msgId: message.id,
      endpointId: endpoint.id,
      url: receiver.url,
      responseStatusCode: 200,
      status: 0,
      statusText: 'success',
      triggerType: 0,
    });
    expect(attempts.data[0]!.msg?.eventType).toBe('team.created');
    const byMessage = await svix.messageAttempt.listByMsg(app, message.id);
    expect(byMessage.data.map((a) => a.id)).toEqual([attempts.data[0]!.id]);
    expect(
      (await svix.messageAttempt.listByMsg(app, message.id, { endpointId: endpoint.id })).data,
    ).toHaveLength(1);

    await svix.messageAttempt.resend(app, message.id, endpoint.id);
    await receiver.waitFor(2);
    expect(String(receiver.received[1]!.headers['svix-id'])).toBe(message.id);
    let again = await svix.messageAttempt.listByMsg(app, message.id);
    for (let i = 0; again.data.length < 2 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await svix.messageAttempt.listByMsg(app, message.id);
    }
    expect(again.data.map((a) => a.triggerType)).toEqual([1, 0]);
    expect(await svix.endpoint.getStats(app, endpoint.id)).toMatchObject({ success: 1, pending: 0, fail: 0 });
    expect(
      await statusOf(svix.messageAttempt.resend(app, message.id, 'ep_000000000000000000000000000')),
    ).toBe(404);
    await svix.endpoint.delete(app, endpoint.id);
  });

  it('answers the calls of Stack’s dashboard (svix-react on svix 1.32) with their trailing slashes', async () => {
    const token = await svixToken(running.url, keys);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${running.url}/api/v1/app/${app}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : undefined };
    };
    expect((await call('GET', '/endpoint/?limit=100')).json).toMatchObject({ data: [], done: true });
    const created = await call('POST', '/endpoint/', {
      url: 'https://hooks.example.com/d',
      description: 'dash',
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect((await call('GET', `/endpoint/${id}/`)).json).toMatchObject({ id, description: 'dash' });
    expect((await call('GET', `/endpoint/${id}/secret/`)).json.key).toMatch(/^whsec_/);
    const attempts = await call('GET', `/attempt/endpoint/${id}/?limit=10&with_msg=true`);
    expect(attempts.json).toMatchObject({ data: [], done: true });
    const updated = await call('PUT', `/endpoint/${id}/`, {
      url: 'https://hooks.example.com/d',
      description: 'new',
    });
    expect(updated.json.description).toBe('new');
    expect((await call('DELETE', `/endpoint/${id}/`)).status).toBe(204);
    expect((await call('GET', '/')).status).toBe(200);
    // A browser's preflight for these calls is answered with the headers the client sends.
    const preflight = await fetch(`${running.url}/api/v1/app/${app}/endpoint/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://dashboard.example.com', 'access-control-request-method': 'POST' },
    });
    const allowed = preflight.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['authorization', 'svix-req-id', 'idempotency-key'])
      expect(allowed).toContain(header);
  });
});
