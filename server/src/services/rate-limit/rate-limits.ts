/** The server's rate-limit setup: when limits apply, and which store counts. */
import { createFallbackRateLimiter } from './fallback-rate-limiter.js';
import { createMemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * When limits apply: `production` (default) only to projects in production mode, so development
 * projects and their test suites run unhindered; `always` to every project; `off` to none.
 */
export type RateLimitMode = 'production' | 'always' | 'off';

/** The accepted modes, for parsing configuration. */
export const RATE_LIMIT_MODES: readonly RateLimitMode[] = ['production', 'always', 'off'];

/** Rate-limit options of the server. */
export interface RateLimitOptions {
  /** When limits apply. Default `production`. */
  mode?: RateLimitMode;
  /**
   * Count in this Redis, shared by every server process using it. Default: in this process's
   * memory, which is right for a single process only.
   */
  redisUrl?: string;
  /** Prefix of the Redis keys. Default `signet:rate-limit:`. */
  redisKeyPrefix?: string;
  /**
   * After Redis fails, how long hits skip it (counting in this process) before one tries it
   * again. Default 5000.
   */
  redisRetryMs?: number;
}

/** What the handlers use to enforce limits. */
export interface RateLimits {
  mode: RateLimitMode;
  limiter: RateLimiter;
}

/** Picks the store (connecting to Redis when asked) for `options`. */
export async function createRateLimits(
  options: RateLimitOptions,
  now: () => number,
  log: (line: string) => void,
): Promise<RateLimits> {
  const mode = options.mode ?? 'production';
  if (!RATE_LIMIT_MODES.includes(mode)) {
    throw new Error(`rate limit mode must be one of ${RATE_LIMIT_MODES.join(', ')}, got ${String(mode)}`);
  }
  // With limits off nothing is counted, so there is no reason to need Redis up.
  if (!options.redisUrl || mode === 'off') return { mode, limiter: createMemoryRateLimiter({ now }) };
  // Redis must answer at start-up; once running, an outage falls back to counting in this
  // process (looser with several processes, never off) until Redis answers again.
  // ioredis (~23 MB, ~0.2 s) is loaded only when a Redis URL is given.
  const { createRedisRateLimiter } = await import('./redis-rate-limiter.js');
  const redis = await createRedisRateLimiter({
    redis: options.redisUrl,
    keyPrefix: options.redisKeyPrefix,
    log,
  });
  const limiter = createFallbackRateLimiter({
    primary: redis,
    fallback: createMemoryRateLimiter({ now }),
    name: 'Redis',
    log,
    probeAfterMs: options.redisRetryMs,
  });
  return { mode, limiter };
}
