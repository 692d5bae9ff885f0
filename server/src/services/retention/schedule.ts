/**
 * Runs the retention sweep on a timer: once shortly after start, then every hour. The timers are
 * unref'd so they never keep a process alive, and a failed sweep is logged, never thrown: a
 * database hiccup must not take the server down, and the next tick simply tries again.
 */
import type { Database } from '../../db/database.js';
import { type RetentionAges, type SweepCounts, sweepExpired } from './sweep.js';

/** Delay before the first sweep: start-up (and short-lived test servers) are left alone. */
export const FIRST_SWEEP_DELAY_MS = 60 * 1000;
/** Time between sweeps. Dead rows are counted in days, so an hour late costs nothing. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const NOTHING: SweepCounts = { verificationCodes: 0, refreshTokens: 0, sentEmails: 0, cliAuthAttempts: 0 };

/** The retention of one server instance. */
export interface Retention {
  /** Sweeps now and resolves with what it deleted (all zero when retention is off). */
  sweep(): Promise<SweepCounts>;
  /** Clears the timers, and waits for a sweep in progress to finish its current batch. */
  stop(): Promise<void>;
}

/** Starts sweeping `db` per `ages` (no timers when `false`); reports through `log`. */
export function startRetention(
  db: Database,
  now: () => number,
  ages: RetentionAges | false,
  log: (line: string) => void,
): Retention {
  if (ages === false) {
    return { sweep: async () => ({ ...NOTHING }), stop: async () => {} };
  }
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  const sweep = () => {
    const run = sweepExpired(db, now, ages, stopping.signal);
    running.add(run);
    const forget = () => running.delete(run);
    run.then(forget, forget);
    return run;
  };
  const tick = async () => {
    // An hour is long; if a sweep still runs, this tick has nothing to add.
    if (running.size > 0) return;
    try {
      const counts = await sweep();
      if (counts.verificationCodes + counts.refreshTokens + counts.sentEmails + counts.cliAuthAttempts > 0) {
        log(
          `retention: deleted ${counts.verificationCodes} verification codes, ` +
            `${counts.refreshTokens} expired sessions, ${counts.sentEmails} sent emails, ` +
            `${counts.cliAuthAttempts} CLI login attempts`,
        );
      }
    } catch (error) {
      log(`retention sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let interval: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    void tick();
    interval = setInterval(() => void tick(), SWEEP_INTERVAL_MS);
    interval.unref();
  }, FIRST_SWEEP_DELAY_MS);
  first.unref();

  return {
    sweep,
    async stop() {
      clearTimeout(first);
      clearInterval(interval);
      stopping.abort();
      // Closing the database under a running DELETE would only turn it into a logged error.
      await Promise.allSettled([...running]);
    },
  };
}
