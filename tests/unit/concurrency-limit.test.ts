/**
 * Password hashes run at most so many at once (services/concurrency-limit.ts): tasks started
 * together never exceed the limit, wait their turn in the order they came, and a task that fails
 * gives its place back, so one bad hash cannot stall every sign-in after it.
 */
import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from '../../server/src/services/concurrency-limit.js';
import { createPasswordService, defaultHashConcurrency } from '../../server/src/services/passwords.js';

/** A task that records when it runs and finishes after `ms` (or fails with `error`). */
function tracked(
  log: string[],
  counter: { now: number; peak: number },
  name: string,
  ms: number,
  error?: Error,
) {
  return async () => {
    counter.now++;
    counter.peak = Math.max(counter.peak, counter.now);
    log.push(`start ${name}`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    counter.now--;
    log.push(`end ${name}`);
    if (error) throw error;
    return name;
  };
}

describe('a concurrency limit', () => {
  it('runs no more than its limit at once, the rest in the order they came', async () => {
    const limit = createConcurrencyLimit(2);
    const log: string[] = [];
    const counter = { now: 0, peak: 0 };
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const results = await Promise.all(
      names.map((name, i) => limit(tracked(log, counter, name, 5 + ((i * 7) % 11)))),
    );
    expect(results).toEqual(names);
    expect(counter.peak).toBe(2);
    const starts = log.filter((line) => line.startsWith('start')).map((line) => line.slice(6));
    expect(starts).toEqual(names);
  });

  it('gives a failed task’s place to the next one, and passes the failure to its caller', async () => {
    const limit = createConcurrencyLimit(1);
    const log: string[] = [];
    const counter = { now: 0, peak: 0 };
    const failing = limit(tracked(log, counter, 'bad', 5, new Error('hash failed')));
    const next = limit(tracked(log, counter, 'good', 1));
    await expect(failing).rejects.toThrow('hash failed');
    await expect(next).resolves.toBe('good');
    expect(log).toEqual(['start bad', 'end bad', 'start good', 'end good']);
  });

  it('treats a limit below one as one, rather than running nothing', async () => {
    const limit = createConcurrencyLimit(0);
    const counter = { now: 0, peak: 0 };
    const log: string[] = [];
    await Promise.all([limit(tracked(log, counter, 'x', 2)), limit(tracked(log, counter, 'y', 2))]);
    expect(counter.peak).toBe(1);
  });
});

describe('password hashing under the limit', () => {
  it('defaults to at least one hash, and to no more than leave a libuv thread free', () => {
    expect(defaultHashConcurrency()).toBeGreaterThanOrEqual(1);
    expect(defaultHashConcurrency()).toBeLessThanOrEqual(3);
    // Processes sharing the machine each take their share of its cores, never less than one.
    expect(defaultHashConcurrency(1_000)).toBe(1);
  });

  it('still tells the right password from wrong ones when many are checked at once', async () => {
    const passwords = createPasswordService({ concurrency: 1 });
    const stored = await passwords.hash('correct horse battery');
    const guesses = ['correct horse battery', 'wrong', 'correct horse battery', 'Correct horse battery'];
    expect(await Promise.all(guesses.map((guess) => passwords.verify(stored, guess)))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});
