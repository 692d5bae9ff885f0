/**
 * A shared store with a local stand-in: hits go to the primary store (Redis) while it answers,
 * and to the fallback (this process's memory) while it does not, so an outage of the shared
 * store loosens limits (each process counts on its own, up to N times looser with N processes)
 * but never switches them off, and never makes a request wait on it.
 *
 * A circuit keeps calls fast: after a failure the primary is skipped for `probeAfterMs`, then one
 * hit probes it (the others keep using the fallback meanwhile); a probe that answers switches back.
 * The switch each way is logged once.
 */
import type { RateLimiter, RateLimitResult, RateLimitWindow } from './rate-limiter.js';

/** Options of {@link createFallbackRateLimiter}. */
export interface FallbackRateLimiterOptions {
  /** The shared store, used whenever it answers. */
  primary: RateLimiter;
  /** Counts while the primary fails. */
  fallback: RateLimiter;
  /** What the primary is called in the log. Default `the shared store`. */
  name?: string;
  /** Where the switches are logged. Default: nowhere. */
  log?: (line: string) => void;
  /** How long the primary is skipped after a failure before one hit tries it again. Default 5000. */
  probeAfterMs?: number;
  /** A monotonic clock in milliseconds for the circuit. Default `performance.now`. */
  clock?: () => number;
}

/** A {@link RateLimiter} that counts in `primary` and, while it fails, in `fallback`. */
export function createFallbackRateLimiter(options: FallbackRateLimiterOptions): RateLimiter {
  const { primary, fallback } = options;
  const name = options.name ?? 'the shared store';
  const log = options.log ?? (() => {});
  const probeAfterMs = options.probeAfterMs ?? 5000;
  const clock = options.clock ?? (() => performance.now());
  // Down: the primary failed and has not answered since. Skip it until `retryAt`.
  let down = false;
  let retryAt = 0;
  let probing = false;
  // Counts failures, so a hit sent before the latest failure cannot count as Redis answering again.
  let failures = 0;

  const fail = (error: unknown) => {
    failures += 1;
    retryAt = clock() + probeAfterMs;
    if (down) return;
    down = true;
    const reason = error instanceof Error ? error.message : String(error);
    log(
      `rate limits: ${name} unreachable (${reason}); counting in this process until it answers again (limits are per process meanwhile)`,
    );
  };

  return {
    async hit(key: string, window: RateLimitWindow): Promise<RateLimitResult> {
      if (down && (probing || clock() < retryAt)) return fallback.hit(key, window);
      const probe = down;
      if (probe) probing = true;
      const failuresBefore = failures;
      try {
        const result = await primary.hit(key, window);
        if (down && failures === failuresBefore) {
          down = false;
          log(`rate limits: ${name} answers again; counting there again`);
        }
        return result;
      } catch (error) {
        fail(error);
        return fallback.hit(key, window);
      } finally {
        if (probe) probing = false;
      }
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
