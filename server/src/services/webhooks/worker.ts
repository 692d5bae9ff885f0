/**
 * The webhook worker of one process: `concurrency` loops, each claiming one due delivery (or, with
 * a Svix server, one message to forward) at a time and working it. Loops sleep until woken: by
 * NOTIFY on `signet_webhooks` (sent at commit of every event, from any process), by a timer for a
 * retry this process scheduled, or by the slow poll that catches everything else (retries
 * scheduled by other processes, leases of processes that died, notifications lost while the
 * listener reconnected). Correct with any number of processes: claims never overlap.
 */
import type { DatabaseHandle } from '../../db/database.js';
import type { ServerContext } from '../context.js';
import { attemptDelivery } from './attempt.js';
import { claimDueDeliveries } from './claim.js';
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
  ctx: Pick<ServerContext, 'db' | 'now' | 'webhookSecrets' | 'svix' | 'log'>;
  delivery: WebhookDeliveryOptions;
  /** How many deliveries this process sends at once; 0 starts nothing. */
  concurrency: number;
}

/** Starts the worker; resolves once it listens for notifications. */
export async function startWebhookWorker(setup: WebhookWorkerSetup): Promise<WebhookWorker> {
  const { ctx, delivery, concurrency } = setup;
  if (concurrency <= 0) return { wake: () => {}, stop: async () => {} };
  const stopping = new AbortController();
  const knownApps = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  // Bumped on every wake: a loop that found nothing looks again if a wake came meanwhile, so a
  // NOTIFY that lands between its empty claim and its sleep is not slept through.
  let generation = 0;
  let sleepers: Array<() => void> = [];
  let failing = false;

  // One sleeper per wake: a loop that finds work and sees more due wakes the next, so a burst fans
  // out to every loop while a single event costs one claim query, not one per loop.
  const wake = () => {
    generation++;
    sleepers[0]?.();
  };
  const wakeAll = () => {
    generation++;
    for (const resume of [...sleepers]) resume();
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
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        sleepers = sleepers.filter((s) => s !== done);
        resolve();
      }
      sleepers.push(done);
    });

  /**
   * Does one piece of work; true when more may be waiting (look again at once), false when it
   * found nothing or took the last due delivery it saw.
   */
  const step = async (): Promise<boolean> => {
    const {
      claims: [claim],
      moreDue,
    } = await claimDueDeliveries(ctx.db, ctx.now(), delivery.leaseMs, 1);
    if (claim) {
      // More due: the next loop starts on them now, while this one sends (a slow endpoint does
      // not hold up a burst).
      if (moreDue) wake();
      const recorded = await attemptDelivery(ctx, claim, { delivery, signal: stopping.signal });
      if (recorded?.nextAttemptAt !== undefined) wakeAt(recorded.nextAttemptAt);
      // Forwards to Svix are only looked for once no delivery is due.
      return moreDue || ctx.svix !== undefined;
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

  const loop = async () => {
    while (!stopping.signal.aborted) {
      const seen = generation;
      let again = false;
      try {
        again = await step();
        if (failing) ctx.log('webhooks: the worker reaches the database again');
        failing = false;
      } catch (error) {
        // The database is away (or a row is unreadable): log once per outage, wait for the poll.
        if (!failing && !stopping.signal.aborted)
          ctx.log(`webhooks: worker step failed: ${(error as Error).message}`);
        failing = true;
        await sleep(delivery.pollIntervalMs);
        continue;
      }
      // More due: go on (another loop was woken to share them). The last one done, or nothing
      // found: sleep, unless a wake came meanwhile (a NOTIFY between the claim and here).
      if (again || seen !== generation) continue;
      await sleep(delivery.pollIntervalMs);
    }
  };

  const unlisten = await setup.database.listen(
    WEBHOOK_CHANNEL,
    () => wake(),
    // Notifications sent while the listener was away are lost: look for work on reconnect.
    (connected) => {
      if (connected) wakeAll();
    },
  );
  const loops = Array.from({ length: concurrency }, () => loop());
  return {
    wake,
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      wakeAll();
      await Promise.allSettled(loops);
      await unlisten();
    },
  };
}
