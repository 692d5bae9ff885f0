/**
 * The fallback store (Redis with this process's memory standing in): the shared contract with a
 * healthy primary, and with a failing fake primary: counting goes on in memory, the primary is
 * skipped for a while after a failure and probed once after, each switch is logged once.
 */
import { describe, expect, it } from 'vitest';
import { createFallbackRateLimiter } from '../../server/src/services/rate-limit/fallback-rate-limiter.js';
import { createMemoryRateLimiter } from '../../server/src/services/rate-limit/memory-rate-limiter.js';
import type { RateLimiter, RateLimitWindow } from '../../server/src/services/rate-limit/rate-limiter.js';
import { describeRateLimiterContract } from '../support/rate-limiter-contract.js';

let time = 1_000_000;
describeRateLimiterContract('fallback over a healthy primary', {
  create: async () =>
    createFallbackRateLimiter({
      primary: createMemoryRateLimiter({ now: () => time }),
      fallback: createMemoryRateLimiter({ now: () => time }),
    }),
  advance: async (ms) => {
    time += ms;
  },
  shortWindowMs: 1000,
});

/** A primary that counts in memory while `up`, and otherwise throws, as ioredis does offline. */
function fakePrimary() {
  const store = createMemoryRateLimiter();
  const state = { up: true, calls: 0, closed: false };
  const limiter: RateLimiter = {
    async hit(key: string, window: RateLimitWindow) {
      state.calls += 1;
      if (!state.up) throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
      return store.hit(key, window);
    },
    async close() {
      state.closed = true;
    },
  };
  return { limiter, state };
}

describe('fallback rate limiter with a failing primary', () => {
  const window = { limit: 3, windowMs: 60_000 };

  function setup() {
    const primary = fakePrimary();
    const lines: string[] = [];
    let clock = 0;
    const limiter = createFallbackRateLimiter({
      primary: primary.limiter,
      fallback: createMemoryRateLimiter(),
      name: 'Redis',
      log: (line) => lines.push(line),
      probeAfterMs: 5000,
      clock: () => clock,
    });
    return { limiter, primary: primary.state, lines, advance: (ms: number) => (clock += ms) };
  }

  it('counts in memory while the primary fails: still limits, never throws', async () => {
    const { limiter, primary } = setup();
    primary.up = false;
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.hit('k', window));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]!.retryAfterMs).toBeGreaterThan(50_000);
  });

  it('skips the primary after a failure until probeAfterMs has passed, then probes it once', async () => {
    const { limiter, primary, advance } = setup();
    primary.up = false;
    await limiter.hit('a', window);
    expect(primary.calls).toBe(1);
    for (let i = 0; i < 5; i++) await limiter.hit('b', window);
    advance(4999);
    await limiter.hit('b', window);
    expect(primary.calls).toBe(1);
    advance(1);
    await limiter.hit('c', window); // the probe fails: skipped for another 5 s
    expect(primary.calls).toBe(2);
    await limiter.hit('c', window);
    expect(primary.calls).toBe(2);
  });

  it('sends only one probe at a time; the hits meanwhile use memory', async () => {
    const { limiter, primary, advance } = setup();
    primary.up = false;
    await limiter.hit('a', window);
    advance(5000);
    primary.up = true;
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => limiter.hit('x', window)));
    expect(primary.calls).toBe(2);
    // The probe counts in the primary, the nine others in memory (3 allowed there).
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(4);
  });

  it('logs the outage once and the recovery once, then counts in the primary again', async () => {
    const { limiter, primary, lines, advance } = setup();
    expect((await limiter.hit('k', window)).allowed).toBe(true);
    primary.up = false;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) await limiter.hit(`down-${round}-${i}`, window);
      advance(5000);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^rate limits: Redis unreachable \(Stream isn't writeable.*\); counting in this process/,
    );

    primary.up = true;
    const callsBefore = primary.calls;
    await limiter.hit('k', window); // the probe answers: back on the primary
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('rate limits: Redis answers again; counting there again');
    // 'k' had one hit in the primary before the outage; the primary's count goes on from there.
    expect((await limiter.hit('k', window)).allowed).toBe(true);
    expect((await limiter.hit('k', window)).allowed).toBe(false);
    expect(primary.calls).toBe(callsBefore + 3);
  });

  it('does not take a hit sent before a failure as the primary answering again', async () => {
    const primary = fakePrimary();
    const lines: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowOnce = true;
    const limiter = createFallbackRateLimiter({
      primary: {
        async hit(key, window) {
          if (slowOnce) {
            slowOnce = false;
            await gate;
          }
          return primary.limiter.hit(key, window);
        },
        close: () => primary.limiter.close(),
      },
      fallback: createMemoryRateLimiter(),
      log: (line) => lines.push(line),
      clock: () => 0,
    });
    const slow = limiter.hit('a', window);
    await Promise.resolve();
    primary.state.up = false;
    await limiter.hit('b', window); // fails: down
    primary.state.up = true;
    release();
    await slow; // answered, but was sent before the failure
    expect(lines).toHaveLength(1);
    await limiter.hit('c', window);
    expect(primary.state.calls).toBe(2); // 'c' went to memory: the circuit is still open
  });

  it('closes both stores', async () => {
    const primary = fakePrimary();
    let fallbackClosed = false;
    const limiter = createFallbackRateLimiter({
      primary: primary.limiter,
      fallback: {
        hit: async () => ({ allowed: true, retryAfterMs: 0 }),
        close: async () => {
          fallbackClosed = true;
        },
      },
    });
    await limiter.close();
    expect(primary.state.closed).toBe(true);
    expect(fallbackClosed).toBe(true);
  });
});
