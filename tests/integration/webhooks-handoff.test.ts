/**
 * Events handed to the writing process's own worker, on each database backend: sent once their
 * commit is heard, without a claim; never for a transaction that rolled back; given back (due at
 * once) when the worker stops or cannot send them inside their lease; ignored by other processes;
 * each sent once when several processes write and send at the same time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { emitWebhookEvents } from '../../server/src/services/webhooks/emit.js';
import { backends } from '../support/server.js';
import { countClaims, type Engine, FAST, openEngine, until } from '../support/webhook-engine.js';
import { type Receiver, startReceiver, verifyHook } from '../support/webhooks.js';

describe.each(backends())('webhook hand-off on $name', ({ name }) => {
  let engine: Engine;
  let receiver: Receiver;
  afterEach(async () => {
    await engine?.close();
    await receiver?.stop();
  });
  const setUp = async (pacing = FAST) => {
    engine = await openEngine(name, pacing);
    receiver = await startReceiver();
  };

  it('sends an event its own process wrote once the commit is heard, without a claim', async () => {
    await setUp({ ...FAST, pollIntervalMs: 60_000 }); // no poll: only the hand-off can send it
    const endpoint = await engine.endpoint(receiver.url);
    const here = await engine.startHanded(4);
    expect(here.handoff.open).toBe(true);
    const { claims, restore } = countClaims(engine);
    try {
      const [id] = await here.emit(1);
      await receiver.waitFor(1, 5000);
      const [hook] = receiver.received;
      expect(hook!.id).toBe(id);
      expect(verifyHook(hook!, endpoint.secret)).toBeTruthy();
      // The body is the stored payload, as a retry read back from the database sends it.
      const [message] = await engine.q('SELECT payload FROM webhook_messages WHERE id = $1', [id]);
      expect(hook!.body).toBe(JSON.stringify(message!.payload));
      await until(async () => (await engine.delivery(id!, endpoint.id)).status === 'success');
      expect(await engine.delivery(id!, endpoint.id)).toMatchObject({ attemptCount: 1 });
      expect(await engine.attempts(id!)).toHaveLength(1);
      expect(claims()).toBe(0);
    } finally {
      restore();
    }
  });

  it('never sends an event whose transaction rolled back, and forgets it once its lease could end', async () => {
    await setUp();
    await engine.endpoint(receiver.url);
    const here = await engine.startHanded(4);
    const failed = engine.db.transaction(async (tx) => {
      await emitWebhookEvents(
        tx,
        { projectId: engine.projectId, viaSvix: false, at: new Date(), handoff: here.handoff },
        [{ type: 'user.updated', data: { id: 'user-rolled-back' } }],
      );
      throw new Error('the change failed after its event was written');
    });
    await expect(failed).rejects.toThrow('the change failed');
    expect(here.handoff.held).toBe(1);
    // Past the lease minus an attempt's deadline (2 s here), the next poll forgets it.
    await until(async () => here.handoff.held === 0, 5000);
    expect(receiver.received).toHaveLength(0);
    expect(await engine.q('SELECT * FROM webhook_deliveries')).toEqual([]);
    const [id] = await here.emit(1);
    await receiver.waitFor(1, 5000);
    expect(receiver.received.map((h) => h.id)).toEqual([id]);
  });

  it('a worker stopping gives back what it was handed and did not send: due at once, the attempt not counted', async () => {
    await setUp({ ...FAST, leaseMs: 60_000, timeoutMs: 30_000 });
    const endpoint = await engine.endpoint(receiver.url);
    receiver.answer = () => ({ status: 200, hang: true });
    const here = await engine.startHanded(1);
    const [sending, waiting] = await here.emit(2);
    await receiver.waitFor(1, 5000);
    expect(here.handoff.ready).toBe(1); // the one loop is busy with the first
    await here.worker.stop();
    expect(here.handoff.open).toBe(false);
    for (const id of [sending, waiting]) {
      const row = await engine.delivery(id!, endpoint.id);
      expect(row).toMatchObject({ status: 'pending', attemptCount: 0 });
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    receiver.answer = () => ({ status: 200 });
    await engine.start(1);
    await receiver.waitFor(3, 5000);
    expect(receiver.received.map((h) => h.id).sort()).toEqual([sending, sending, waiting].sort());
  });

  it('another process’s handed events wake nothing here: no process claims them', async () => {
    await setUp({ ...FAST, pollIntervalMs: 60_000 });
    await engine.endpoint(receiver.url);
    const writer = await engine.startHanded(4);
    const other = await engine.startHanded(4);
    const { claims, restore } = countClaims(engine);
    try {
      const ids = await writer.emit(3);
      await receiver.waitFor(3, 5000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received.map((h) => h.id).sort()).toEqual([...ids].sort());
      expect(claims()).toBe(0);
      expect(other.handoff.ready).toBe(0);
    } finally {
      restore();
    }
  });

  it('several processes writing and sending at once send each event once', async () => {
    await setUp();
    await engine.endpoint(receiver.url);
    const [first, second] = await Promise.all([engine.startHanded(4), engine.startHanded(4)]);
    await engine.start(4); // a process that writes nothing, claiming whatever comes due
    const ids = (
      await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? first : second).emit(5)))
    ).flat();
    await receiver.waitFor(100, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(100);
    expect(new Set(receiver.received.map((h) => h.id))).toEqual(new Set(ids));
  });

  it('a handed event that waited too long to be sent inside its lease is given back and claimed, once', async () => {
    // Lease 3 s, deadline 2.5 s: a handed delivery must start within 0.5 s of being written.
    await setUp({ ...FAST, leaseMs: 3000, timeoutMs: 2500 });
    const endpoint = await engine.endpoint(receiver.url);
    receiver.answer = (_hook, index) => ({ status: 200, delayMs: index === 0 ? 1200 : 0 });
    const here = await engine.startHanded(1);
    const { claims, restore } = countClaims(engine);
    try {
      const [slow] = await here.emit(1);
      await receiver.waitFor(1, 5000);
      const [late] = await here.emit(1); // ready while the one loop waits 1.2 s on the first
      await receiver.waitFor(2, 5000);
      await until(async () => (await engine.delivery(late!, endpoint.id)).status === 'success');
      expect(receiver.received.map((h) => h.id)).toEqual([slow, late]);
      // Given back (attempt not counted), then claimed: one attempt in all.
      expect(await engine.delivery(late!, endpoint.id)).toMatchObject({ attemptCount: 1 });
      expect(claims()).toBeGreaterThanOrEqual(1);
    } finally {
      restore();
    }
  });
});
