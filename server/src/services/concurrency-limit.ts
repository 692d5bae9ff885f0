/**
 * A limit on how many async tasks run at once: past it, tasks wait their turn in the order they
 * came. Used for password hashing (services/passwords.ts), which is CPU work on libuv's threads.
 */

/** Runs a task when fewer than the limit are running, and resolves with what it returns. */
export type ConcurrencyLimit = <T>(task: () => Promise<T>) => Promise<T>;

/** A limit of `limit` tasks at once (at least one). */
export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  const max = Math.max(1, Math.floor(limit));
  let running = 0;
  const waiting: Array<() => void> = [];
  // A finished task hands its place to the first waiting one, so `running` never dips between them
  // and no task that came later can take the place first.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async (task) => {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
