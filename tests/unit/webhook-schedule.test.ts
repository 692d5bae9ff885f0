/** The retry schedule of webhook deliveries: Svix's documented one, jitter, Retry-After. */
import { describe, expect, it } from 'vitest';
import {
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  retryDelayMs,
  SVIX_RETRY_SCHEDULE_MS,
} from '../../server/src/services/webhooks/schedule.js';
import { svixRetryDelayMs } from '../../server/src/services/webhooks/svix-forward.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('webhook retry schedule', () => {
  it('is Svix’s: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(SVIX_RETRY_SCHEDULE_MS).toEqual([0, 5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H]);
  });

  it('waits the scheduled delay after each failure, ±10 %, and gives up after the eighth attempt', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, undefined, undefined, middle))).toEqual(
      SVIX_RETRY_SCHEDULE_MS.slice(1),
    );
    expect(retryDelayMs(1, undefined, undefined, () => 0)).toBe(4500);
    expect(retryDelayMs(1, undefined, undefined, () => 1)).toBe(5500);
    expect(retryDelayMs(8)).toBeNull();
  });

  it('honours a longer Retry-After, never a shorter one, and bounds it', () => {
    const middle = () => 0.5;
    expect(retryDelayMs(1, undefined, 60 * S, middle)).toBe(60 * S);
    expect(retryDelayMs(2, undefined, 1 * S, middle)).toBe(5 * M);
    expect(retryDelayMs(1, undefined, 30 * 24 * H, middle)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('forwards to a Svix server again after a doubling wait, capped at 10 minutes', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((n) => svixRetryDelayMs(n, 1000, middle))).toEqual([1000, 2000, 4000, 8000]);
    expect(svixRetryDelayMs(30, 1000, middle)).toBe(10 * M);
  });
});
