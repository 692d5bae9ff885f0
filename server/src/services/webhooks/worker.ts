/**
 * The webhook worker of one process: `concurrency` loops, each claiming one due delivery (or, with
 * a Svix server, one message to forward) at a time and working it. Loops sleep until woken: by
 * NOTIFY on `signet_webhooks` (sent at commit of every event, from any process), by a timer for a
 * retry this process scheduled, or by the slow poll that catches everything else (retries
 * scheduled by other processes, leases of processes that died, notifications lost while the
 * listener reconnected). Correct with any number of processes: claims never overlap.
 *
 * Every wake, the poll's included, wakes one loop, and a loop that finds more due wakes the next:
 * an idle process runs one claim per poll interval, not one per loop. (With eight loops each
 * polling on its own, an idle server spent about 1.3 million instructions a second on empty
 * claims, and asked the database eight times as often.)
 *
 * Events this process writes while its worker listens are handed to it (handoff.ts): their notice
 * makes them ready, and a loop sends them without a claim. A loop woken for those ('handed') does
 * not answer wakes for due work ('claim'), so neither kind of wake hides the other.
 */
import type { DatabaseHandle } from '../../db/database.js';
import type { ServerContext } from '../context.js';
import { attemptDelivery } from './attempt.js';
import { type ClaimedDelivery, claimDueDeliveries, releaseClaim } from './claim.js';
import type { WebhookDeliveryOptions } from './delivery-options.js';
import { WEBHOOK_CHANNEL } from './emit.js';
import { claimDueForwards, forwardToSvix, recordForward } from './svix-forward.js';

/** A running worker. */
export interface WebhookWorker {
  /** Looks for due work now (as a NOTIFY would). */
  wake(): void;
  /** Stops the loops: sends in flight are aborted and their claims given back. */
  stop(): Promise<void>;
}

/** What the worker runs on. */
export interface WebhookWorkerSetup {
  database: Pick<DatabaseHandle, 'listen'>;
  ctx: Pick<ServerContext, 'db' | 'now' | 'webhookSecrets' | 'svix' | 'log' | 'webhookHandoff'>;
  delivery: WebhookDeliveryOptions;
  /** How many deliveries this process sends at once; 0 starts nothing. */
  concurrency: number;
}

/** Why a loop looks: due work in the database may be waiting, or handed deliveries are ready. */
type Reason = 'claim' | 'handed';

/** Starts the worker; resolves once it listens for notifications. */
export async function startWebhookWorker(setup: WebhookWorkerSetup): Promise<WebhookWorker> {
  const { ctx, delivery, concurrency } = setup;
  if (concurrency <= 0) return { wake: () => {}, stop: async () => {} };
  const handoff = ctx.webhookHandoff;
  const stopping = new AbortController();
  const knownApps = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  // Wakes no loop took (every loop was at work): each makes one loop look again when done, so a
  // NOTIFY that lands while all are busy is not slept through. Any claim that starts answers them
  // all, as it sees everything committed so far.
  let missedWakes = 0;
  // A sleeper woken and not yet claiming: its claim will see what later wakes are for too (and
  // wakes the loop after it when more is due), so those wake nobody else.
  let wokenToClaim = false;
  // Sleepers woken for handed deliveries and not yet taking one: a hand-on wakes only as many
  // more as there are ready deliveries beyond them.
  let wokenForHanded = 0;
  /** Ready handed deliveries no woken loop is on its way to take. */
  const handedUntaken = () => (handoff?.ready ?? 0) - wokenForHanded;
  let sleepers: Array<(reason: Reason) => void> = [];
  let failing = false;

  // One loop per wake: a loop that finds work and sees more due wakes the next, so a burst fans
  // out to every loop while a single event costs one claim, not one per loop. (Under a stream of
  // events, a wake that every busy loop answered made 1.7 claims per event, 40 % of them empty.)
  const wake = () => {
    if (wokenToClaim) return;
    const sleeper = sleepers[0];
    if (sleeper) {
      wokenToClaim = true;
      sleeper('claim');
    } else missedWakes++;
  };
  // Handed deliveries are ready: a sleeper for each that no woken loop will take. With every loop
  // busy, none: each looks at the ready ones before it sleeps.
  const handOn = () => {
    while (handedUntaken() > 0 && sleepers.length > 0) {
      wokenForHanded++;
      sleepers[0]!('handed');
    }
  };
  const wakeAll = () => {
    missedWakes++;
    for (const resume of [...sleepers]) resume('claim');
  };
  const wakeAt = (time: number) => {
    const delay = time - ctx.now();
    if (delay >= delivery.pollIntervalMs) return; // the poll comes first anyway
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        wake();
      },
      Math.max(0, delay),
    );
    timer.unref();
    timers.add(timer);
  };
  // A loop sleeps until a wake takes it. A stopping worker's loops do not sleep: `stop` wakes
  // those asleep, and the rest must not start.
  const sleep = () =>
    new Promise<Reason>((resolve) => {
      if (stopping.signal.aborted) {
        resolve('claim');
        return;
      }
      const done = (reason: Reason) => {
        sleepers = sleepers.filter((s) => s !== done);
        resolve(reason);
      };
      sleepers.push(done);
    });

  /** Sends the next ready handed delivery, if one is still safe to send. */
  const sendHanded = async () => {
    if (!handoff) return;
    const { claim, late } = handoff.take(ctx.now());
    if (late.length > 0) await giveBack(late);
    if (!claim) return;
    handOn(); // more ready: the next sleeper starts on them now
    await send(claim);
  };
  /** Makes handed deliveries this process will not send due at once, for any claim to take. */
  const giveBack = async (claims: ClaimedDelivery[]) => {
    await Promise.allSettled(claims.map((claim) => releaseClaim(ctx.db, claim, ctx.now())));
    wake();
  };
  const send = async (claim: ClaimedDelivery) => {
    const recorded = await attemptDelivery(ctx, claim, { delivery, signal: stopping.signal });
    if (recorded?.nextAttemptAt !== undefined) wakeAt(recorded.nextAttemptAt);
  };

  /**
   * Does one piece of work; true when this loop should look again at once (Svix forwards may be
   * waiting), false when it found nothing or handed what remains to another loop.
   */
  const step = async (): Promise<boolean> => {
    // This claim sees everything committed until now: the wakes so far are answered by it.
    wokenToClaim = false;
    missedWakes = 0;
    const {
      claims: [claim],
      moreDue,
    } = await claimDueDeliveries(ctx.db, ctx.now(), delivery.leaseMs, 1);
    if (claim) {
      // More due: the next loop starts on them now, while this one sends (a slow endpoint does
      // not hold up a burst); when every loop is busy, the first one done looks (a missed wake).
      // Either way this loop need not look again for them.
      if (moreDue) wake();
      await send(claim);
      // Forwards to Svix are only looked for once no delivery is due.
      return ctx.svix !== undefined;
    }
    if (!ctx.svix) return false;
    const [message] = await claimDueForwards(ctx.db, ctx.now(), delivery.leaseMs, 1);
    if (!message) return false;
    let ok = true;
    try {
      await forwardToSvix(ctx.svix, message, knownApps, delivery.timeoutMs);
    } catch (error) {
      ok = false;
      ctx.log(`webhooks: forwarding ${message.id} to Svix failed: ${(error as Error).message}`);
    }
    const next = await recordForward(ctx.db, message, ok, ctx.now(), delivery.svixRetryBaseMs);
    if (next !== undefined) wakeAt(next);
    wake(); // more forwards may be due: another loop looks too
    return true;
  };

  // `looking`: whether the loop starts by looking for work. Only the first does (what is due at
  // start is due for it, and it wakes the next when there is more); the others wait for a wake.
  const loop = async (looking: boolean) => {
    let next: Reason | undefined = looking ? 'claim' : undefined;
    while (!stopping.signal.aborted) {
      // Svix forwards may be waiting: go on. Otherwise take a ready handed delivery, or answer a
      // wake that no loop took (a NOTIFY while every loop was busy), or sleep.
      if (next === undefined) {
        if (handedUntaken() > 0) next = 'handed';
        else if (missedWakes > 0) {
          missedWakes--;
          next = 'claim';
        } else {
          next = await sleep();
          if (next === 'handed') wokenForHanded--;
        }
        if (stopping.signal.aborted) return;
      }
      const reason = next;
      next = undefined;
      try {
        if (reason === 'handed') await sendHanded();
        else if (await step()) next = 'claim';
        if (failing) ctx.log('webhooks: the worker reaches the database again');
        failing = false;
      } catch (error) {
        // The database is away (or a row is unreadable): log once per outage; the next wake (the
        // poll's at the latest) tries again, one loop at a time.
        if (!failing && !stopping.signal.aborted)
          ctx.log(`webhooks: worker step failed: ${(error as Error).message}`);
        failing = true;
      }
    }
  };

  const unlisten = await setup.database.listen(
    WEBHOOK_CHANNEL,
    (payload) => {
      const notice = handoff ? handoff.heard(payload, ctx.now()) : 'due';
      if (notice === 'handed here') handOn();
      else if (notice === 'due') wake();
      // Handed to another process: nothing became due.
    },
    // Notifications sent while the listener was away are lost: look for work on reconnect. Only a
    // listening worker hears its commits, so events are handed to it only while it listens (a
    // batch whose notice was lost is given back by the poll once its lease could end).
    (connected) => {
      handoff?.setOpen(connected && !stopping.signal.aborted);
      if (connected) wake();
    },
  );
  // The slow poll wakes one sleeping loop, as a NOTIFY would. While every loop is busy it wakes
  // none: each sleeps once its work is done, and the next tick finds it.
  const poll = setInterval(() => {
    const unheard = handoff?.expire(ctx.now()) ?? [];
    if (unheard.length > 0) void giveBack(unheard);
    if (sleepers.length > 0) wake();
  }, delivery.pollIntervalMs);
  poll.unref();
  const loops = Array.from({ length: concurrency }, (_, index) => loop(index === 0));
  return {
    wake,
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      // Nothing more is handed here; what was, and is not sent yet, is due again at once.
      const unsent = handoff?.drain() ?? [];
      clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      wakeAll();
      await Promise.allSettled(loops);
      await giveBack(unsent);
      await unlisten();
    },
  };
}
