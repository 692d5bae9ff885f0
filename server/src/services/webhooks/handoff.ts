/**
 * Deliveries handed straight to this process's own worker. While the worker runs and listens, an
 * event's deliveries are written already claimed by this process (attempt 1, leased as a claim
 * would lease them) and kept here, with what the attempt needs, under a batch name that is also
 * the event's NOTIFY payload. PostgreSQL sends that notice only when the transaction commits, so
 * hearing it is hearing the commit: the batch becomes ready and a loop sends it, without the claim
 * statement (a round trip and a commit per event) a worker would otherwise run to find it.
 *
 * Nothing here can make a delivery go out early or twice. A ready delivery that waited so long that
 * its lease might end mid-send is not sent from here: the worker gives it back (due at once, the
 * attempt not counted) for a claim to take. A batch never heard by the time its lease could end is
 * given back too: its transaction rolled back (nothing to give back) or its notice was lost (the
 * rows come due). A process that dies leaves its batches to their lease, as it leaves its claims.
 * Other processes ignore the notice: nothing became due for them to claim.
 */
import { randomBytes } from 'node:crypto';
import type { ClaimedDelivery } from './claim.js';
import type { WebhookDeliveryOptions } from './delivery-options.js';

/** What the notice of a handed batch starts with (a notice for any worker carries a project id). */
const HANDED = 'handed:';

/** What a notice on the webhook channel meant to this process. */
export type Notice = 'handed here' | 'handed elsewhere' | 'due';

/** The hand-off of one process (see the module comment). */
export interface DeliveryHandoff {
  /** Whether events written now are leased to this process (its worker runs and hears notices). */
  readonly open: boolean;
  /** How long a handed delivery is leased. */
  readonly leaseMs: number;
  /** Ready deliveries waiting for a loop. */
  readonly ready: number;
  /** Batches written and not yet heard committed. */
  readonly held: number;
  /** Opens (the worker listens) or shuts (it stopped, or lost its listener) the hand-off. */
  setOpen(open: boolean): void;
  /** A new batch name: the NOTIFY payload its transaction sends. */
  newBatch(): string;
  /** Keeps the deliveries `claims` written (leased from `writtenAt`) under `batch` until it is heard. */
  hold(batch: string, claims: ClaimedDelivery[], writtenAt: number): void;
  /** Reads a notice heard at `now`: this process's batch committed (now ready), another's, or due work. */
  heard(payload: string, now: number): Notice;
  /**
   * The next ready delivery it is still safe to send at `now`, and those passed over as too late
   * to send (to give back).
   */
  take(now: number): { claim: ClaimedDelivery | undefined; late: ClaimedDelivery[] };
  /**
   * Forgets batches not heard, and notices not held, by the time their lease could end; returns
   * the batches' deliveries, to give back.
   */
  expire(now: number): ClaimedDelivery[];
  /** Shuts the hand-off and returns every delivery held or ready, for the worker to give back. */
  drain(): ClaimedDelivery[];
}

interface Batch {
  claims: ClaimedDelivery[];
  writtenAt: number;
}

/** A closed hand-off for deliveries paced by `delivery`; the worker opens it. */
export function createDeliveryHandoff(
  delivery: Pick<WebhookDeliveryOptions, 'leaseMs' | 'timeoutMs'>,
): DeliveryHandoff {
  const owner = `${HANDED}${randomBytes(9).toString('base64url')}:`;
  let open = false;
  let counter = 0;
  const held = new Map<string, Batch>();
  // Notices heard before their batch was held: a statement outside a transaction commits, and its
  // notice may be read, before the statement's own answer is.
  const heardEarly = new Map<string, number>();
  const ready: Array<{ claim: ClaimedDelivery; writtenAt: number }> = [];
  // The last moment an attempt may start so that its deadline falls inside the lease.
  const sendBy = (writtenAt: number) => writtenAt + delivery.leaseMs - delivery.timeoutMs;

  const release = (batch: Batch) => {
    for (const claim of batch.claims) ready.push({ claim, writtenAt: batch.writtenAt });
  };

  return {
    get open() {
      return open;
    },
    leaseMs: delivery.leaseMs,
    get ready() {
      return ready.length;
    },
    get held() {
      return held.size;
    },
    setOpen(value) {
      open = value;
    },
    newBatch() {
      counter++;
      return `${owner}${counter.toString(36)}`;
    },
    hold(batch, claims, writtenAt) {
      if (claims.length === 0) return;
      const entry = { claims, writtenAt };
      if (heardEarly.delete(batch)) release(entry);
      else held.set(batch, entry);
    },
    heard(payload, now) {
      if (!payload.startsWith(HANDED)) return 'due';
      if (!payload.startsWith(owner)) return 'handed elsewhere';
      const batch = held.get(payload);
      if (batch) {
        held.delete(payload);
        release(batch);
      } else heardEarly.set(payload, now);
      return 'handed here';
    },
    take(now) {
      const late: ClaimedDelivery[] = [];
      for (let next = ready.shift(); next; next = ready.shift()) {
        if (now <= sendBy(next.writtenAt)) return { claim: next.claim, late };
        late.push(next.claim);
      }
      return { claim: undefined, late };
    },
    expire(now) {
      const unheard: ClaimedDelivery[] = [];
      for (const [name, batch] of held) {
        if (now <= sendBy(batch.writtenAt)) continue;
        held.delete(name);
        unheard.push(...batch.claims);
      }
      for (const [name, at] of heardEarly) if (now > sendBy(at)) heardEarly.delete(name);
      return unheard;
    },
    drain() {
      open = false;
      const claims = [...ready.map((r) => r.claim), ...[...held.values()].flatMap((b) => b.claims)];
      ready.length = 0;
      held.clear();
      heardEarly.clear();
      return claims;
    },
  };
}
