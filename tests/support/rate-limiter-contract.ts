/**
 * The contract every rate-limit store must pass (like unstorage's driver tests): one suite, run
 * by each store's test file with a harness that makes limiters and moves time for that store.
 */
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../server/src/services/rate-limit/rate-limiter.js';

/** How the suite drives one store. */
export interface RateLimiterHarness {
  /** A limiter on a clean store (for Redis: a unique key prefix, cleaned up afterwards). */
  create(): Promise<RateLimiter>;
  /** Lets `ms` pass for the limiter: a fake clock for memory, real waiting for Redis. */
  advance(ms: number): Promise<void>;
  /** A window short enough to wait out in the expiry tests. */
  shortWindowMs: number;
}

let counter = 0;
/** A key no other test uses. */
const freshKey = (name: string) => `${name}-${counter++}-${Math.random().toString(36).slice(2, 8)}`;

/** Registers the contract tests for one store. */
export function describeRateLimiterContract(store: string, harness: RateLimiterHarness): void {
  describe(`RateLimiter contract: ${store}`, () => {
    const long = { limit: 3, windowMs: 60_000 };

    it('allows `limit` hits in a window, then refuses with the time left', async () => {
      const limiter = await harness.create();
      const key = freshKey('basic');
      const verdicts = [];
      for (let i = 0; i < 4; i++) verdicts.push(await limiter.hit(key, long));
      expect(verdicts.slice(0, 3)).toEqual([
        { allowed: true, retryAfterMs: 0 },
        { allowed: true, retryAfterMs: 0 },
        { allowed: true, retryAfterMs: 0 },
      ]);
      expect(verdicts[3]!.allowed).toBe(false);
      expect(verdicts[3]!.retryAfterMs).toBeGreaterThan(50_000);
      expect(verdicts[3]!.retryAfterMs).toBeLessThanOrEqual(60_000);
      await limiter.close();
    });

    it('counts each key on its own', async () => {
      const limiter = await harness.create();
      const [a, b] = [freshKey('a'), freshKey('b')];
      for (let i = 0; i < 3; i++) await limiter.hit(a, long);
      expect((await limiter.hit(a, long)).allowed).toBe(false);
      expect(await limiter.hit(b, long)).toEqual({ allowed: true, retryAfterMs: 0 });
      await limiter.close();
    });

    it('allows again once the window has passed, however hard the key was hammered', async () => {
      const limiter = await harness.create();
      const key = freshKey('window');
      const window = { limit: 2, windowMs: harness.shortWindowMs };
      for (let i = 0; i < 2; i++) expect((await limiter.hit(key, window)).allowed).toBe(true);
      for (let i = 0; i < 5; i++) {
        const refused = await limiter.hit(key, window);
        expect(refused.allowed).toBe(false);
        // Refused hits count but never push the end of the window out.
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(harness.shortWindowMs);
      }
      await harness.advance(harness.shortWindowMs + 50);
      expect(await limiter.hit(key, window)).toEqual({ allowed: true, retryAfterMs: 0 });
      expect((await limiter.hit(key, window)).allowed).toBe(true);
      expect((await limiter.hit(key, window)).allowed).toBe(false);
      await limiter.close();
    });

    it('lets exactly `limit` of 30 concurrent hits through', async () => {
      const limiter = await harness.create();
      const key = freshKey('race');
      const verdicts = await Promise.all(
        Array.from({ length: 30 }, () => limiter.hit(key, { limit: 5, windowMs: 60_000 })),
      );
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
      expect(verdicts.filter((v) => !v.allowed).every((v) => v.retryAfterMs > 0)).toBe(true);
      await limiter.close();
    });

    it('keeps a limit of 1 exact, and a limit of 0 refuses every hit', async () => {
      const limiter = await harness.create();
      const [one, zero] = [freshKey('one'), freshKey('zero')];
      expect((await limiter.hit(one, { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
      expect((await limiter.hit(one, { limit: 1, windowMs: 60_000 })).allowed).toBe(false);
      expect((await limiter.hit(zero, { limit: 0, windowMs: 60_000 })).allowed).toBe(false);
      await limiter.close();
    });
  });
}
