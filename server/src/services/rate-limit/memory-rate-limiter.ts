/** The in-memory rate-limit store: counts for one process, bounded in size, on an injectable clock. */
import type { RateLimiter, RateLimitResult, RateLimitWindow } from './rate-limiter.js';

/** Options of {@link createMemoryRateLimiter}. */
export interface MemoryRateLimiterOptions {
  /** The clock in epoch milliseconds. Default `Date.now`. */
  now?: () => number;
  /**
   * Most keys held at once. Default 100 000 (a few MB). When full, expired windows go first,
   * then the oldest windows: a flood of distinct keys can reset old counts but never grow memory.
   */
  maxKeys?: number;
}

interface Entry {
  count: number;
  resetAt: number;
}

/** A {@link RateLimiter} whose counts live in this process's memory. */
export function createMemoryRateLimiter(options: MemoryRateLimiterOptions = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = Math.max(1, options.maxKeys ?? 100_000);
  // Insertion order is window-start order, because a key's new window re-inserts it.
  const entries = new Map<string, Entry>();
  // No window ends before this, so a sweep before it would find nothing (keeps sweeps rare).
  let nextExpiryAt = Number.POSITIVE_INFINITY;

  const makeRoom = (at: number) => {
    if (entries.size < maxKeys) return;
    if (at >= nextExpiryAt) {
      nextExpiryAt = Number.POSITIVE_INFINITY;
      for (const [key, entry] of entries) {
        if (entry.resetAt <= at) entries.delete(key);
        else nextExpiryAt = Math.min(nextExpiryAt, entry.resetAt);
      }
    }
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  };

  return {
    async hit(key: string, { limit, windowMs }: RateLimitWindow): Promise<RateLimitResult> {
      const at = now();
      let entry = entries.get(key);
      if (!entry || entry.resetAt <= at) {
        if (entry) entries.delete(key);
        makeRoom(at);
        entry = { count: 0, resetAt: at + windowMs };
        entries.set(key, entry);
        nextExpiryAt = Math.min(nextExpiryAt, entry.resetAt);
      }
      // Synchronous from read to write, so concurrent hits in this process count exactly.
      entry.count += 1;
      return entry.count <= limit
        ? { allowed: true, retryAfterMs: 0 }
        : { allowed: false, retryAfterMs: entry.resetAt - at };
    },
    async close() {
      entries.clear();
    },
  };
}
