/**
 * The webhook delivery engine on each database backend, with real parts: the worker against a
 * migrated, seeded database, woken by that backend's LISTEN/NOTIFY, sending over HTTP to a
 * receiver on loopback that checks signatures with an independent library. Retry delays are
 * shortened to milliseconds (the real schedule's values are a unit test).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SvixOptions } from '../../server/src/services/context.js';
import { MAX_RESPONSE_BYTES } from '../../server/src/services/webhooks/http-post.js';
import { resendMessage } from '../../server/src/services/webhooks/resend.js';
import { backends } from '../support/server.js';
import {
  countClaims,
  type Engine,
  FAST,
  openEngine,
  SERVER_SECRET,
  until,
} from '../support/webhook-engine.js';
import { addEndpoint, type Receiver, startReceiver, verifyHook } from '../support/webhooks.js';

describe.each(backends())('webhook delivery on $name', ({ name }) => {
  let engine: Engine;
  let receiver: Receiver;
  afterEach(async () => {
    await engine?.close();
    await receiver?.stop();
  });
  const setUp = async (pacing = FAST, svix?: SvixOptions) => {
    engine = await openEngine(name, pacing, svix);
    receiver = await startReceiver();
  };

  it('delivers each event at once, signed: an independent verifier accepts it; svix-* headers match', async () => {
    await setUp({ ...FAST, pollIntervalMs: 60_000 }); // only NOTIFY can wake it in time
    const { id: endpointId, secret } = await engine.endpoint(`${receiver.url}/hooks?x=1`);
    await engine.start();
    const started = Date.now();
    const ids = await engine.emit(3);
    await receiver.waitFor(3, 5000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(receiver.received.map((h) => h.id).sort()).toEqual([...ids].sort());
    for (const hook of receiver.received) {
      expect(hook.path).toBe('/hooks?x=1');
      expect(verifyHook(hook, secret)).toMatchObject({
        type: 'user.updated',
        data: { id: expect.any(String) },
      });
      expect(hook.headers['content-type']).toBe('application/json');
      expect(hook.headers['user-agent']).toMatch(/^signet/);
      expect(hook.headers['svix-id']).toBe(hook.id);
      expect(hook.headers['svix-timestamp']).toBe(hook.headers['webhook-timestamp']);
      expect(hook.headers['svix-signature']).toBe(hook.headers['webhook-signature']);
      expect(Math.abs(Number(hook.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(10);
    }
    await until(async () => (await engine.delivery(ids[0]!, endpointId)).status === 'success');
    const [attempt] = await engine.attempts(ids[0]!);
    expect(attempt).toMatchObject({ status: 0, responseStatusCode: 200, triggerType: 0 });
  });

  it('signs with both secrets while a rotation overlaps, and with the new one only after', async () => {
    await setUp();
    const previous = 'whsec_cHJldmlvdXMgc2VjcmV0IG9mIGVub3VnaCBieXRlcw==';
    const overlapping = await engine.endpoint(receiver.url, {
      previousSecret: previous,
      previousSecretExpiresAt: new Date(Date.now() + 3600_000),
    });
    await engine.start();
    await engine.emit(1);
    await receiver.waitFor(1);
    const [hook] = receiver.received;
    expect(String(hook!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyHook(hook!, overlapping.secret)).toBeTruthy();
    expect(verifyHook(hook!, previous)).toBeTruthy();

    await engine.q(`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second'`);
    await engine.emit(1);
    await receiver.waitFor(2);
    const after = receiver.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifyHook(after, overlapping.secret)).toBeTruthy();
    expect(() => verifyHook(after, previous)).toThrow();
  });

  it('retries a 500 with the same webhook-id, and records both attempts', async () => {
    await setUp();
    const { id: endpointId, secret } = await engine.endpoint(receiver.url);
    receiver.answer = (_hook, i) => (i === 0 ? { status: 500, body: 'try later' } : { status: 204 });
    await engine.start();
    const [id] = await engine.emit(1);
    await receiver.waitFor(2);
    expect(receiver.received.map((h) => h.id)).toEqual([id, id]);
    for (const hook of receiver.received) expect(verifyHook(hook, secret)).toBeTruthy();
    await until(async () => (await engine.delivery(id!, endpointId)).status === 'success');
    const attempts = await engine.attempts(id!);
    expect(attempts.map((a) => [a.status, a.responseStatusCode, a.response])).toEqual([
      [2, 500, 'try later'],
      [0, 204, ''],
    ]);
    expect((await engine.delivery(id!, endpointId)).attemptCount).toBe(2);
    expect((await engine.endpointRow(endpointId)).failingSince).toBeNull();
  });

  it('waits as long as Retry-After asks before the next attempt', async () => {
    await setUp();
    await engine.endpoint(receiver.url);
    receiver.answer = (_hook, i) =>
      i === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 };
    await engine.start();
    await engine.emit(1);
    await receiver.waitFor(2, 5000);
    const gap = receiver.received[1]!.at - receiver.received[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(950);
  });

  it('410 Gone disables the endpoint and fails its pending deliveries', async () => {
    await setUp();
    const gone = await engine.endpoint(receiver.url);
    receiver.answer = () => ({ status: 410 });
    const ids = await engine.emit(3);
    await engine.start(1);
    await until(async () => (await engine.endpointRow(gone.id)).disabled);
    await until(async () => {
      const rows = await Promise.all(ids.map((id) => engine.delivery(id, gone.id)));
      return rows.every((r) => r.status === 'failed');
    });
    // One attempt told the server to stop; the others were never sent.
    expect(receiver.received).toHaveLength(1);
    await engine.emit(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(1);
  });

  it('disables an endpoint whose deliveries have all failed for five days, failing what is pending', async () => {
    await setUp();
    const { id: endpointId } = await engine.endpoint(receiver.url);
    await engine.q(
      `UPDATE webhook_endpoints SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1`,
      [endpointId],
    );
    receiver.answer = () => ({ status: 500 });
    const ids = await engine.emit(2);
    await engine.start(1);
    await until(async () => (await engine.endpointRow(endpointId)).disabled);
    await until(async () => {
      const rows = await Promise.all(ids.map((id) => engine.delivery(id, endpointId)));
      return rows.every((r) => r.status === 'failed');
    });
    expect(receiver.received).toHaveLength(1);
  });

  it('connects to the address the name resolved to, sending the name as Host (no second lookup)', async () => {
    // The injected resolver stands in for DNS; the name exists nowhere else, so only the pinned
    // address can have carried the request.
    const resolved: string[] = [];
    await setUp({
      ...FAST,
      resolve: async (host) => {
        resolved.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const port = new URL(receiver.url).port;
    await engine.endpoint(`http://hooks.signet-test.invalid:${port}/pinned`);
    await engine.start(1);
    await engine.emit(1);
    await receiver.waitFor(1);
    expect(receiver.received[0]!.headers.host).toBe(`hooks.signet-test.invalid:${port}`);
    expect(resolved).toEqual(['hooks.signet-test.invalid']);
  });

  it('sends a stream of messages to an endpoint over one kept-alive connection', async () => {
    await setUp();
    await engine.endpoint(receiver.url);
    await engine.start(1);
    for (let i = 1; i <= 5; i++) {
      await engine.emit(1);
      await receiver.waitFor(i);
    }
    expect(new Set(receiver.received.map((hook) => hook.id)).size).toBe(5);
    expect(receiver.connections).toBe(1);
  });

  it('replaces a kept connection the receiver closed: the message goes once more on a new one and succeeds', async () => {
    await setUp();
    const { id: endpointId } = await engine.endpoint(receiver.url);
    await engine.start(1);
    const [first] = await engine.emit(1);
    await receiver.waitFor(1);
    // The receiver has let the idle connection go by the time the next message comes over it.
    receiver.closeKeptConnections = true;
    const [second] = await engine.emit(1);
    await receiver.waitFor(2);
    expect(receiver.received.map((hook) => hook.id)).toEqual([first, second]);
    await until(async () => (await engine.delivery(second!, endpointId)).status === 'success');
    // One attempt, a success: the closed connection is no failure of the endpoint's.
    expect(await engine.attempts(second!)).toMatchObject([{ status: 0, responseStatusCode: 200 }]);
    expect((await engine.endpointRow(endpointId)).failingSince).toBeNull();
    expect(receiver.connections).toBe(2);
  });

  it('never sends over a connection to an address the name no longer resolves to (DNS rebinding)', async () => {
    // Two receivers on one port of two loopback addresses; the name resolves to the first, then
    // to the second. A connection kept from the first must not carry what the second check chose.
    const answers = ['127.0.0.1', '127.0.0.2'];
    await setUp({
      ...FAST,
      resolve: async () => [{ address: answers.length > 1 ? answers.shift()! : answers[0]!, family: 4 }],
    });
    const port = Number(new URL(receiver.url).port);
    const second = await startReceiver({ host: '127.0.0.2', port });
    try {
      await engine.endpoint(`http://hooks.signet-test.invalid:${port}/rebound`);
      await engine.start(1);
      await engine.emit(1);
      await receiver.waitFor(1);
      await engine.emit(1);
      await second.waitFor(1);
      expect(receiver.received).toHaveLength(1);
      expect(second.received[0]!.headers.host).toBe(`hooks.signet-test.invalid:${port}`);
    } finally {
      await second.stop();
    }
  });

  it('keeps trying while the receiver is down, recording each refusal, and delivers once it is back', async () => {
    await setUp({ ...FAST, retryScheduleMs: [0, 100, 100, 100, 100, 100, 100, 100] });
    const { id: endpointId } = await engine.endpoint(receiver.url);
    await receiver.stop();
    await engine.start();
    const [id] = await engine.emit(1);
    await until(async () => (await engine.attempts(id!)).length >= 2);
    const refused = await engine.attempts(id!);
    for (const attempt of refused) {
      expect(attempt).toMatchObject({ status: 2, responseStatusCode: 0 });
      expect(attempt.response).toMatch(/ECONNREFUSED/);
    }
    expect((await engine.endpointRow(endpointId)).failingSince).toBeInstanceOf(Date);
    await receiver.start();
    await receiver.waitFor(1, 5000);
    expect(receiver.received[0]!.id).toBe(id);
    await until(async () => (await engine.delivery(id!, endpointId)).status === 'success');
  });

  it('gives up after the last attempt of the schedule', async () => {
    await setUp({ ...FAST, retryScheduleMs: [0, 20, 20] });
    const { id: endpointId } = await engine.endpoint(receiver.url);
    receiver.answer = () => ({ status: 503 });
    await engine.start();
    const [id] = await engine.emit(1);
    await until(async () => (await engine.delivery(id!, endpointId)).status === 'failed');
    expect(receiver.received).toHaveLength(3);
    expect(await engine.attempts(id!)).toHaveLength(3);
  });

  it('does not follow redirects (a 3xx is a failure), and keeps only the start of a long answer', async () => {
    await setUp({ ...FAST, retryScheduleMs: [0] });
    const { id: endpointId } = await engine.endpoint(`${receiver.url}/first`);
    receiver.answer = (hook) =>
      hook.path === '/first'
        ? { status: 302, headers: { location: `${receiver.url}/elsewhere` }, body: 'x'.repeat(100_000) }
        : { status: 200 };
    await engine.start();
    const [id] = await engine.emit(1);
    await until(async () => (await engine.delivery(id!, endpointId)).status === 'failed');
    expect(receiver.received.map((h) => h.path)).toEqual(['/first']);
    const [attempt] = await engine.attempts(id!);
    expect(attempt).toMatchObject({ status: 2, responseStatusCode: 302 });
    expect(attempt!.response.length).toBe(MAX_RESPONSE_BYTES);
  });

  it('gives up on an endpoint that does not answer within the deadline', async () => {
    await setUp({ ...FAST, timeoutMs: 300, retryScheduleMs: [0] });
    const { id: endpointId } = await engine.endpoint(receiver.url);
    receiver.answer = () => ({ status: 200, hang: true });
    await engine.start();
    const [id] = await engine.emit(1);
    await until(async () => (await engine.delivery(id!, endpointId)).status === 'failed');
    const [attempt] = await engine.attempts(id!);
    expect(attempt).toMatchObject({ status: 2, responseStatusCode: 0 });
    expect(attempt!.response).toMatch(/No answer within 300 ms/);
    expect(attempt!.responseDurationMs).toBeGreaterThanOrEqual(290);
  });

  it('in production mode never connects to a loopback receiver, and says why', async () => {
    await setUp({ ...FAST, retryScheduleMs: [0] });
    await engine.q('UPDATE projects SET is_production_mode = true WHERE id = $1', [engine.projectId]);
    const plain = await engine.endpoint(`${receiver.url}/plain`);
    const tls = await engine.endpoint(`https://127.0.0.1:${new URL(receiver.url).port}/tls`);
    await engine.start();
    const [id] = await engine.emit(1);
    await until(async () => {
      const rows = await Promise.all([plain.id, tls.id].map((e) => engine.delivery(id!, e)));
      return rows.every((r) => r.status === 'failed');
    });
    expect(receiver.received).toHaveLength(0);
    const responses = (await engine.attempts(id!)).map((a) => a.response).sort();
    expect(responses).toEqual([
      'In production mode a webhook URL may not point at a loopback, private, link-local or reserved address.',
      'In production mode a webhook URL must use https.',
    ]);
  });

  it('sends only the event types an endpoint filters for, and nothing to a disabled endpoint', async () => {
    await setUp();
    await engine.endpoint(`${receiver.url}/teams`, { filterTypes: ['team.created'] });
    const disabled = await engine.endpoint(`${receiver.url}/off`);
    const all = await engine.endpoint(`${receiver.url}/all`);
    const [id] = await engine.emit(1);
    // Disabled after the delivery row was written: the worker must still not send it.
    await engine.q('UPDATE webhook_endpoints SET disabled = true WHERE id = $1', [disabled.id]);
    await engine.start();
    await receiver.waitFor(1);
    await until(async () => (await engine.delivery(id!, disabled.id)).status === 'failed');
    expect(receiver.received.map((h) => h.path)).toEqual(['/all']);
    await until(async () => (await engine.delivery(id!, all.id)).status === 'success');
  });

  it('never sends a project’s events to another project’s endpoint', async () => {
    await setUp({ ...FAST, pollIntervalMs: 60_000 });
    const own = await engine.endpoint(`${receiver.url}/own`);
    const other = await addEndpoint(engine.db, SERVER_SECRET, 'internal', `${receiver.url}/other`);
    await engine.start();
    const [id] = await engine.emit(1);
    await receiver.waitFor(1);
    await until(async () => (await engine.delivery(id!, own.id)).status === 'success');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.map((h) => h.path)).toEqual(['/own']);
    expect(await engine.q('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1', [other.id])).toEqual([]);
  });

  it('resends a delivered message on request: a new manual attempt with the same id', async () => {
    await setUp();
    const { id: endpointId, secret } = await engine.endpoint(receiver.url);
    await engine.start();
    const [id] = await engine.emit(1);
    await receiver.waitFor(1);
    await until(async () => (await engine.delivery(id!, endpointId)).status === 'success');
    const result = await resendMessage(engine.ctx, engine.projectId, id!, endpointId);
    expect(result.status).toBe('sending');
    if (result.status === 'sending') await result.sent;
    expect(receiver.received.map((h) => h.id)).toEqual([id, id]);
    expect(verifyHook(receiver.received[1]!, secret)).toBeTruthy();
    const attempts = await engine.attempts(id!);
    expect(attempts.map((a) => a.triggerType)).toEqual([0, 1]);
    expect((await resendMessage(engine.ctx, 'another-project', id!, endpointId)).status).toBe(
      'message-not-found',
    );
    expect((await resendMessage(engine.ctx, engine.projectId, id!, 'ep_missing')).status).toBe(
      'endpoint-not-found',
    );
  });

  it('a worker stopped mid-send gives its claim back; the next one delivers with the same id', async () => {
    await setUp({ ...FAST, leaseMs: 60_000, timeoutMs: 30_000 });
    const { id: endpointId } = await engine.endpoint(receiver.url);
    receiver.answer = () => ({ status: 200, hang: true });
    const first = await engine.start(1);
    const [id] = await engine.emit(1);
    await receiver.waitFor(1);
    await first.stop();
    const released = await engine.delivery(id!, endpointId);
    expect(released).toMatchObject({ status: 'pending', attemptCount: 0 });
    expect(released.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    receiver.answer = () => ({ status: 200 });
    await engine.start(1);
    await receiver.waitFor(2);
    expect(receiver.received.map((h) => h.id)).toEqual([id, id]);
    await until(async () => (await engine.delivery(id!, endpointId)).status === 'success');
  });

  it('several workers on one database send each delivery once', async () => {
    await setUp();
    await engine.endpoint(receiver.url);
    await Promise.all([engine.start(4), engine.start(4), engine.start(4)]);
    const ids = (await Promise.all(Array.from({ length: 10 }, () => engine.emit(10)))).flat();
    await receiver.waitFor(100, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(100);
    expect(new Set(receiver.received.map((h) => h.id))).toEqual(new Set(ids));
  });

  it('an event alone costs one claim, however many loops wait', async () => {
    await setUp({ ...FAST, pollIntervalMs: 60_000 }); // only NOTIFY wakes the loops
    await engine.endpoint(receiver.url);
    await engine.start(4);
    const { claims, restore } = countClaims(engine);
    try {
      for (let event = 1; event <= 3; event++) {
        await engine.emit(1);
        await receiver.waitFor(event, 5000);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(claims()).toBe(event);
      }
    } finally {
      restore();
    }
  });

  it('an event while other loops are busy costs one claim: the loops at work do not look for it too', async () => {
    await setUp({ ...FAST, pollIntervalMs: 60_000 }); // only NOTIFY wakes the loops
    await engine.endpoint(receiver.url);
    // The first two deliveries keep their loops busy for a while; the rest are answered at once.
    receiver.answer = (_hook, index) => ({ status: 200, delayMs: index < 2 ? 500 : 0 });
    await engine.start(4);
    const { claims, restore } = countClaims(engine);
    try {
      await engine.emit(2); // one transaction, one NOTIFY: the first claim wakes a second loop
      await receiver.waitFor(2, 5000);
      await engine.emit(1); // a third loop, asleep until now, takes it
      await receiver.waitFor(3, 5000);
      // The two busy loops finish and, having handed on what they saw, go back to sleep.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(claims()).toBe(3);
      expect(new Set(receiver.received.map((h) => h.id)).size).toBe(3);
    } finally {
      restore();
    }
  });

  it('an idle worker looks once per poll interval, however many loops wait', async () => {
    await setUp({ ...FAST, pollIntervalMs: 100 });
    await engine.endpoint(receiver.url);
    const { claims, restore } = countClaims(engine);
    try {
      await engine.start(8);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // One claim at start and about one per tick (ten ticks); eight loops polling on their own
      // made about eighty in all.
      expect(claims()).toBeGreaterThanOrEqual(1);
      expect(claims()).toBeLessThanOrEqual(13);
    } finally {
      restore();
    }
  });

  it('the poll delivers what came due with no notice', async () => {
    await setUp({ ...FAST, pollIntervalMs: 150 });
    await engine.endpoint(receiver.url);
    // Written while no worker listens (its notice is lost), and not due yet.
    const [id] = await engine.emit(1);
    await engine.q(`UPDATE webhook_deliveries SET next_attempt_at = now() + interval '1 hour'`);
    await engine.start(4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(0);
    // Due now, and nobody says so: only the poll can find it.
    await engine.q('UPDATE webhook_deliveries SET next_attempt_at = now()');
    await receiver.waitFor(1, 3000);
    expect(receiver.received[0]!.id).toBe(id);
  });

  it('claims that fail (the database away) are tried again by the poll, and the outage is logged once', async () => {
    await setUp({ ...FAST, pollIntervalMs: 100 });
    await engine.endpoint(receiver.url);
    const execute = vi.spyOn(engine.db, 'execute');
    for (let i = 0; i < 3; i++) execute.mockRejectedValueOnce(new Error('connection lost'));
    try {
      await engine.start(4);
      const [id] = await engine.emit(1);
      await receiver.waitFor(1, 3000);
      expect(receiver.received.map((hook) => hook.id)).toEqual([id]);
      // The recovery is logged once the step that delivered ends.
      await until(async () => engine.logs.some((line) => line.includes('reaches the database again')));
      expect(engine.logs.filter((line) => line.includes('worker step failed'))).toHaveLength(1);
      expect(engine.logs.filter((line) => line.includes('reaches the database again'))).toHaveLength(1);
    } finally {
      execute.mockRestore();
    }
  });

  it('a burst is shared by the loops: four hanging receivers are all called at once', async () => {
    await setUp({ ...FAST, pollIntervalMs: 60_000, timeoutMs: 10_000, leaseMs: 20_000 });
    await engine.endpoint(receiver.url);
    receiver.answer = () => ({ status: 200, hang: true });
    await engine.start(4);
    await engine.emit(4);
    // One loop would wait out each hanging answer (10 s) before sending the next.
    await receiver.waitFor(4, 3000);
    expect(new Set(receiver.received.map((h) => h.id)).size).toBe(4);
  });

  it('with a Svix server configured, forwards each message once per id, retrying until Svix takes it', async () => {
    // A stand-in for a Svix server (which cannot run here): it records what arrives and fails the
    // first message call, as a Svix outage would.
    const fakeSvix = await startReceiver();
    try {
      fakeSvix.answer = (hook, i) =>
        hook.path.includes('/msg/') && i === 1
          ? { status: 500 }
          : { status: hook.path.includes('/msg/') ? 202 : 201 };
      await setUp(FAST, { url: `${fakeSvix.url}/`, apiKey: 'svix-test-key' });
      const ids = await engine.emit(2, true);
      expect(await engine.q('SELECT * FROM webhook_deliveries')).toEqual([]);
      await engine.start(1);
      await until(
        async () => (await engine.q('SELECT * FROM webhook_messages WHERE svix_pending')).length === 0,
      );
      const [app, ...messages] = fakeSvix.received;
      expect(app!.path).toBe('/api/v1/app/?get_if_exists=true');
      expect(JSON.parse(app!.body)).toEqual({ uid: engine.projectId, name: engine.projectId });
      expect(app!.headers.authorization).toBe('Bearer svix-test-key');
      // The failed call was repeated with the same idempotency key; no other call was made twice.
      const keys = messages.map((m) => String(m.headers['idempotency-key']));
      expect(keys).toHaveLength(3);
      expect(keys.filter((k) => k === keys[0])).toHaveLength(2);
      expect(new Set(keys)).toEqual(new Set(ids));
      for (const m of messages) {
        expect(m.path).toBe(`/api/v1/app/${engine.projectId}/msg/`);
        expect(JSON.parse(m.body)).toMatchObject({
          eventType: 'user.updated',
          payload: { type: 'user.updated', data: { id: expect.any(String) } },
        });
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      await fakeSvix.stop();
    }
  });
});
