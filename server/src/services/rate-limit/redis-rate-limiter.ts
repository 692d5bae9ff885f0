/**
 * The Redis rate-limit store: one counter per key shared by every server process on the same
 * Redis, so a limit holds however many processes answer. One Lua script per hit keeps the
 * increment and the expiry atomic: concurrent hits from any number of processes count exactly,
 * and no key is ever left without an expiry.
 */
import { Redis } from 'ioredis';
import type { RateLimiter, RateLimitResult, RateLimitWindow } from './rate-limiter.js';

/** Options of {@link createRedisRateLimiter}. */
export interface RedisRateLimiterOptions {
  /**
   * A Redis URL (`redis://[:password@]host:6379/0`, `rediss://` for TLS), or an ioredis client
   * that stays the caller's to close.
   */
  redis: string | Redis;
  /** Prefix of every key, so several apps (or test runs) can share one Redis. Default `signet:rate-limit:`. */
  keyPrefix?: string;
  /** Where connection errors go. Default: nowhere. */
  log?: (line: string) => void;
  /** How long a hit waits for Redis before failing (URL only). Default 500. */
  commandTimeoutMs?: number;
}

// INCR then PTTL: the first hit (no expiry yet) starts the window; so does a key that lost its
// expiry somehow, which would otherwise count forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type WithHit = Redis & { signetRateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

/** Connects (when given a URL) and returns a {@link RateLimiter} counting in Redis. */
export async function createRedisRateLimiter(options: RedisRateLimiterOptions): Promise<RateLimiter> {
  const log = options.log ?? (() => {});
  const prefix = options.keyPrefix ?? 'signet:rate-limit:';
  const owned = typeof options.redis === 'string';
  const client =
    typeof options.redis === 'string'
      ? new Redis(options.redis, {
          lazyConnect: true,
          // A Redis outage must fail a hit at once, never hold it while reconnecting: no queue
          // while disconnected, no resending of what was in flight, and a short timeout for a Redis
          // that hangs. Reconnecting goes on in the background.
          enableOfflineQueue: false,
          autoResendUnfulfilledCommands: false,
          maxRetriesPerRequest: 0,
          commandTimeout: options.commandTimeoutMs ?? 500,
          connectTimeout: 5000,
        })
      : options.redis;
  if (owned) {
    // Logged only until connected: once running, an outage is logged once by the store that
    // stands in for Redis, not on every reconnect attempt.
    const onStartError = (error: Error) => log(`rate limits: Redis error: ${error.message}`);
    client.on('error', onStartError);
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      throw new Error(
        `rate limits: cannot connect to Redis at ${redactUrl(options.redis as string)}: ${(error as Error).message}`,
      );
    }
    client.off('error', onStartError);
    client.on('error', () => {});
  }
  // defineCommand sends EVALSHA and falls back to EVAL once when Redis does not know the script.
  client.defineCommand('signetRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const redis = client as WithHit;

  return {
    async hit(key: string, { limit, windowMs }: RateLimitWindow): Promise<RateLimitResult> {
      const [count, ttl] = await redis.signetRateLimitHit(prefix + key, Math.max(1, Math.ceil(windowMs)));
      return count <= limit
        ? { allowed: true, retryAfterMs: 0 }
        : { allowed: false, retryAfterMs: Math.max(1, ttl) };
    },
    async close() {
      if (!owned) return;
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** The URL without its password, for messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the given URL';
  }
}
