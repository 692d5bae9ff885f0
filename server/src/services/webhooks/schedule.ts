/**
 * When a failed delivery is tried again: Svix's documented schedule (docs.svix.com/retries), so an
 * endpoint sees the same rhythm whether signet or a Svix server delivers. Each delay starts when
 * the attempt before it failed; after the last one the delivery is marked failed.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The delay before each attempt: the first at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and
 * 10 h after the failure before it — eight attempts over about 27 hours.
 */
export const SVIX_RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** A `Retry-After` longer than this is cut to it: an endpoint cannot park a message for days. */
export const MAX_RETRY_AFTER_MS = 10 * HOUR;

/** An endpoint whose deliveries have all failed for this long is disabled (Svix's rule). */
export const DISABLE_FAILING_AFTER_MS = 5 * 24 * HOUR;

/** Share of each delay drawn at random (±10 %), so retries of one outage do not arrive as one burst. */
const JITTER = 0.1;

/**
 * The wait after failed attempt number `attempts` (1 = the first attempt failed), or null when the
 * schedule is spent. `retryAfterMs` (the endpoint's `Retry-After`) lengthens the wait, never
 * shortens it, up to {@link MAX_RETRY_AFTER_MS}.
 */
export function retryDelayMs(
  attempts: number,
  schedule: readonly number[] = SVIX_RETRY_SCHEDULE_MS,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number | null {
  const base = schedule[attempts];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 + JITTER * (2 * random() - 1)));
  const asked = retryAfterMs === undefined ? 0 : Math.min(Math.max(retryAfterMs, 0), MAX_RETRY_AFTER_MS);
  return Math.max(jittered, asked);
}

/**
 * A `Retry-After` header in milliseconds: delay-seconds or an HTTP date (relative to `now`);
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
