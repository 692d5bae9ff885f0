/**
 * The contract every rate-limit store keeps: count one hit on a key in a fixed window and say
 * whether it is within the limit. Stores: memory (one process) and Redis (shared by processes).
 */

/** How many hits a key may take, and over what window. */
export interface RateLimitWindow {
  /** Hits allowed per window; the `limit + 1`-th hit is refused. */
  limit: number;
  /** Length of the window in milliseconds, counted from the key's first hit. */
  windowMs: number;
}

/** The verdict on one hit. */
export interface RateLimitResult {
  /** True when this hit is within the limit. */
  allowed: boolean;
  /** When refused: milliseconds until the window ends and the key is allowed again; else 0. */
  retryAfterMs: number;
}

/**
 * A fixed-window counter per key. Every hit counts, refused ones too, so hammering a key never
 * shortens its wait. Concurrent hits are counted exactly: of N simultaneous hits on a fresh key,
 * exactly `limit` are allowed.
 */
export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is allowed. */
  hit(key: string, window: RateLimitWindow): Promise<RateLimitResult>;
  /** Releases what the store holds open (a Redis connection it made); the limiter is unusable after. */
  close(): Promise<void>;
}
