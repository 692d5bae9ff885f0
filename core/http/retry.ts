/** The back-off between attempts (wire.md §1.7). */

/** Attempts per call, the first included. */
export const MAX_ATTEMPTS = 5;
/** Base delay of the exponential back-off. */
export const BASE_DELAY_MS = 1000;

/** Delay before retry `attempt` (0-based): `(0.5 + random) × 1000 ms × 2^attempt`. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  return (0.5 + random()) * BASE_DELAY_MS * 2 ** attempt;
}

/**
 * The longest `Retry-After` the client waits out by itself (wire.md §1.7 says to wait). A longer
 * one means a rate limit window of minutes: better to tell the user than to spin that long.
 */
export const MAX_RETRY_AFTER_WAIT_MS = 5000;

/** Methods safe to repeat after a network failure. */
export function isIdempotent(method: string): boolean {
  return ['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/** Seconds of a `Retry-After` header in ms, or 0 when absent or not a number of seconds. */
export function retryAfterMs(header: string | null): number {
  const seconds = Number(header); // 0 when absent, NaN when an HTTP date or garbage
  return seconds > 0 && seconds < Infinity ? seconds * 1000 : 0;
}
