/**
 * How deliveries are paced: Svix's retry schedule, the lease a claimed delivery holds, the deadline
 * of one attempt. Defaults fit production; tests shorten them so a retry takes milliseconds.
 */
import { DELIVERY_TIMEOUT_MS } from './http-post.js';
import { SVIX_RETRY_SCHEDULE_MS } from './schedule.js';
import type { Resolver } from './url-policy.js';

/** The pacing of webhook deliveries (every field optional where it is set). */
export interface WebhookDeliveryOptions {
  /** Delay before each attempt, the first included (default: Svix's, schedule.ts). */
  retryScheduleMs: readonly number[];
  /**
   * How long a claimed delivery is left to the process that claimed it before another may claim it
   * again (a process that died mid-send). Longer than an attempt's deadline, so a slow but live
   * attempt is never doubled. Default 60 s.
   */
  leaseMs: number;
  /** The deadline of one attempt (default 15 s, as Svix). */
  timeoutMs: number;
  /** How often an idle worker looks for due deliveries without being woken (default 5 s). */
  pollIntervalMs: number;
  /** First wait after a failed forward to the Svix server, doubled each time up to 10 min (default 1 s). */
  svixRetryBaseMs: number;
  /** Resolves endpoint host names (default: the system resolver). */
  resolve?: Resolver;
}

/** The production defaults. */
export const DEFAULT_DELIVERY_OPTIONS: WebhookDeliveryOptions = {
  retryScheduleMs: SVIX_RETRY_SCHEDULE_MS,
  leaseMs: 60_000,
  timeoutMs: DELIVERY_TIMEOUT_MS,
  pollIntervalMs: 5_000,
  svixRetryBaseMs: 1_000,
};

/** `options` over the defaults; throws on a value that is not a usable duration. */
export function resolveDeliveryOptions(
  options: Partial<WebhookDeliveryOptions> = {},
): WebhookDeliveryOptions {
  const merged = { ...DEFAULT_DELIVERY_OPTIONS, ...stripUndefined(options) };
  for (const key of ['leaseMs', 'timeoutMs', 'pollIntervalMs', 'svixRetryBaseMs'] as const) {
    if (!Number.isFinite(merged[key]) || merged[key] <= 0) throw new Error(`webhooks.${key} must be > 0`);
  }
  const schedule: unknown = merged.retryScheduleMs;
  if (
    !Array.isArray(schedule) ||
    schedule.length === 0 ||
    schedule.some((d) => !(typeof d === 'number' && d >= 0))
  ) {
    throw new Error('webhooks.retryScheduleMs must list at least one delay ≥ 0');
  }
  if (merged.leaseMs <= merged.timeoutMs) throw new Error('webhooks.leaseMs must be longer than timeoutMs');
  return merged;
}

function stripUndefined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}
