/**
 * The hand-off of one process's deliveries to its own worker: a batch is ready only once its own
 * notice is heard, never on another process's notice or a made-up one, and a delivery that waited
 * too long to be sent safely inside its lease is passed over to be given back.
 */
import { describe, expect, it } from 'vitest';
import type { ClaimedDelivery } from '../../server/src/services/webhooks/claim.js';
import { createDeliveryHandoff } from '../../server/src/services/webhooks/handoff.js';

const PACING = { leaseMs: 60_000, timeoutMs: 15_000 };
/** The last moment a delivery written at 0 may still be sent (its deadline inside the lease). */
const SEND_BY = PACING.leaseMs - PACING.timeoutMs;

const claim = (messageId: string): ClaimedDelivery => ({
  messageId,
  endpointId: 'ep_1',
  projectId: 'project',
  attemptCount: 1,
});

describe('delivery hand-off', () => {
  it('is closed until the worker opens it, and names every batch apart', () => {
    const handoff = createDeliveryHandoff(PACING);
    expect(handoff.open).toBe(false);
    handoff.setOpen(true);
    expect(handoff.open).toBe(true);
    const names = new Set(Array.from({ length: 100 }, () => handoff.newBatch()));
    expect(names.size).toBe(100);
    expect(handoff.leaseMs).toBe(PACING.leaseMs);
  });

  it('makes a batch ready only when its own notice is heard, in the order written', () => {
    const handoff = createDeliveryHandoff(PACING);
    const batch = handoff.newBatch();
    handoff.hold(batch, [claim('msg_a'), claim('msg_b')], 0);
    expect(handoff.ready).toBe(0);
    expect(handoff.take(10).claim).toBeUndefined();
    expect(handoff.heard(batch, 10)).toBe('handed here');
    expect(handoff.ready).toBe(2);
    expect(handoff.held).toBe(0);
    expect(handoff.take(10).claim?.messageId).toBe('msg_a');
    expect(handoff.take(10).claim?.messageId).toBe('msg_b');
    expect(handoff.take(10).claim).toBeUndefined();
  });

  it('a notice heard before its batch is held (a statement that committed on its own) still counts', () => {
    const handoff = createDeliveryHandoff(PACING);
    const batch = handoff.newBatch();
    expect(handoff.heard(batch, 0)).toBe('handed here');
    handoff.hold(batch, [claim('msg_a')], 0);
    expect(handoff.take(1).claim?.messageId).toBe('msg_a');
  });

  it('another process’s notices, and notices for any worker, make nothing ready here', () => {
    const here = createDeliveryHandoff(PACING);
    const elsewhere = createDeliveryHandoff(PACING);
    const mine = here.newBatch();
    here.hold(mine, [claim('msg_a')], 0);
    const theirs = elsewhere.newBatch();
    // Batch names count from one in every process: only the process part tells them apart.
    expect(theirs.split(':').at(-1)).toBe(mine.split(':').at(-1));
    expect(here.heard(theirs, 1)).toBe('handed elsewhere');
    expect(here.heard('project-id', 1)).toBe('due');
    expect(here.heard('handed:', 1)).toBe('handed elsewhere');
    expect(here.ready).toBe(0);
    expect(here.held).toBe(1);
  });

  it('a notice naming this process but a batch it never wrote sends nothing, and does not release another batch', () => {
    const handoff = createDeliveryHandoff(PACING);
    const batch = handoff.newBatch();
    handoff.hold(batch, [claim('msg_a')], 0);
    const forged = `${batch.slice(0, batch.lastIndexOf(':') + 1)}zz`;
    expect(handoff.heard(forged, 1)).toBe('handed here');
    expect(handoff.heard(`${batch}x`, 1)).toBe('handed here');
    expect(handoff.ready).toBe(0);
    expect(handoff.take(1).claim).toBeUndefined();
    expect(handoff.held).toBe(1);
  });

  it('passes over a ready delivery too late to send inside its lease, to be given back', () => {
    const handoff = createDeliveryHandoff(PACING);
    const old = handoff.newBatch();
    handoff.hold(old, [claim('msg_old')], 0);
    const recent = handoff.newBatch();
    handoff.hold(recent, [claim('msg_recent')], 10_000);
    handoff.heard(old, 1);
    handoff.heard(recent, 10_001);
    const taken = handoff.take(SEND_BY + 1);
    expect(taken.late.map((c) => c.messageId)).toEqual(['msg_old']);
    expect(taken.claim?.messageId).toBe('msg_recent');
    // Right at the limit a delivery still goes.
    const edge = handoff.newBatch();
    handoff.hold(edge, [claim('msg_edge')], 0);
    handoff.heard(edge, 1);
    expect(handoff.take(SEND_BY).claim?.messageId).toBe('msg_edge');
  });

  it('forgets a batch never heard (rolled back, or its notice lost) once its lease could end, returning it', () => {
    const handoff = createDeliveryHandoff(PACING);
    const batch = handoff.newBatch();
    handoff.hold(batch, [claim('msg_a')], 0);
    expect(handoff.expire(SEND_BY)).toEqual([]);
    expect(handoff.held).toBe(1);
    expect(handoff.expire(SEND_BY + 1).map((c) => c.messageId)).toEqual(['msg_a']);
    expect(handoff.held).toBe(0);
    // Its notice, should it come after all, finds nothing to send: the rows were given back.
    handoff.heard(batch, SEND_BY + 2);
    expect(handoff.ready).toBe(0);
  });

  it('drains what is held and ready, and closes', () => {
    const handoff = createDeliveryHandoff(PACING);
    handoff.setOpen(true);
    const heard = handoff.newBatch();
    handoff.hold(heard, [claim('msg_ready')], 0);
    handoff.heard(heard, 1);
    handoff.hold(handoff.newBatch(), [claim('msg_held')], 0);
    expect(
      handoff
        .drain()
        .map((c) => c.messageId)
        .sort(),
    ).toEqual(['msg_held', 'msg_ready']);
    expect(handoff.open).toBe(false);
    expect(handoff.ready).toBe(0);
    expect(handoff.held).toBe(0);
  });
});
