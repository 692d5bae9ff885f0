/** The in-memory rate-limit store: the shared contract, plus its memory bound. */
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../server/src/services/rate-limit/memory-rate-limiter.js';
import { describeRateLimiterContract } from '../support/rate-limiter-contract.js';

let clock = 1_000_000;
describeRateLimiterContract('memory', {
  create: async () => createMemoryRateLimiter({ now: () => clock }),
  advance: async (ms) => {
    clock += ms;
  },
  shortWindowMs: 1000,
});

describe('memory rate limiter bound', () => {
  const window = (windowMs: number) => ({ limit: 1, windowMs });

  it('never holds more than maxKeys: the oldest window goes first', async () => {
    const limiter = createMemoryRateLimiter({ now: () => 0, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) await limiter.hit(key, window(60_000));
    expect((await limiter.hit('a', window(60_000))).allowed).toBe(false);
    await limiter.hit('d', window(60_000)); // full: 'a' (the oldest) is dropped
    expect((await limiter.hit('a', window(60_000))).allowed).toBe(true); // 'b' dropped for it
    expect((await limiter.hit('c', window(60_000))).allowed).toBe(false);
    expect((await limiter.hit('d', window(60_000))).allowed).toBe(false);
  });

  it('drops expired windows before live ones', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter({ now: () => now, maxKeys: 3 });
    await limiter.hit('short', window(10));
    await limiter.hit('long-1', window(60_000));
    await limiter.hit('long-2', window(60_000));
    now = 20;
    await limiter.hit('new', window(60_000));
    // 'short' had expired, so the live counts survived.
    expect((await limiter.hit('long-1', window(60_000))).allowed).toBe(false);
    expect((await limiter.hit('long-2', window(60_000))).allowed).toBe(false);
    expect((await limiter.hit('new', window(60_000))).allowed).toBe(false);
  });

  it('reports the exact time left on its clock', async () => {
    let now = 5_000;
    const limiter = createMemoryRateLimiter({ now: () => now });
    await limiter.hit('k', window(10_000));
    now += 2_500;
    expect(await limiter.hit('k', window(10_000))).toEqual({ allowed: false, retryAfterMs: 7_500 });
  });
});
