/**
 * The retention timer and options, without a database: when sweeps run, that a failing sweep is
 * logged rather than thrown, that `stop()` clears the timers, and how ages are validated.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/src/db/database.js';
import {
  FIRST_SWEEP_DELAY_MS,
  SWEEP_INTERVAL_MS,
  startRetention,
} from '../../server/src/services/retention/schedule.js';
import { RETENTION_DEFAULTS, resolveRetention } from '../../server/src/services/retention/sweep.js';

/** A database whose every query fails, counting the attempts. */
function failingDb() {
  const db = {
    attempts: 0,
    select() {
      db.attempts++;
      throw new Error('connection refused');
    },
  };
  return db;
}

describe('retention schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps a minute after start, then hourly; a failure is logged, never thrown', async () => {
    const db = failingDb();
    const lines: string[] = [];
    const retention = startRetention(db as unknown as Database, Date.now, RETENTION_DEFAULTS, (line) =>
      lines.push(line),
    );
    await vi.advanceTimersByTimeAsync(FIRST_SWEEP_DELAY_MS - 1);
    expect(db.attempts).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(db.attempts).toBe(1);
    expect(lines).toEqual(['retention sweep failed: connection refused']);
    await vi.advanceTimersByTimeAsync(SWEEP_INTERVAL_MS);
    expect(db.attempts).toBe(2);

    await retention.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(3 * SWEEP_INTERVAL_MS);
    expect(db.attempts).toBe(2);
  });

  it('an explicit sweep() rejects with the failure, for the operator who asked', async () => {
    const retention = startRetention(
      failingDb() as unknown as Database,
      Date.now,
      RETENTION_DEFAULTS,
      () => {},
    );
    await expect(retention.sweep()).rejects.toThrow('connection refused');
    await retention.stop();
  });

  it('retention off: no timers, sweep() deletes nothing', async () => {
    const db = failingDb();
    const retention = startRetention(db as unknown as Database, Date.now, false, () => {});
    expect(vi.getTimerCount()).toBe(0);
    expect(await retention.sweep()).toEqual({
      verificationCodes: 0,
      refreshTokens: 0,
      sentEmails: 0,
      cliAuthAttempts: 0,
    });
    expect(db.attempts).toBe(0);
    await retention.stop();
  });
});

describe('retention options', () => {
  it('fills in 7 / 7 / 30 days; false stays off', () => {
    expect(resolveRetention(undefined)).toEqual({ codesDays: 7, sessionsDays: 7, sentEmailsDays: 30 });
    expect(resolveRetention({ sentEmailsDays: 1, codesDays: undefined })).toEqual({
      codesDays: 7,
      sessionsDays: 7,
      sentEmailsDays: 1,
    });
    expect(resolveRetention(false)).toBe(false);
  });

  it('refuses an age that is negative or not a number', () => {
    expect(() => resolveRetention({ codesDays: -1 })).toThrow('retention.codesDays');
    expect(() => resolveRetention({ sessionsDays: Number.NaN })).toThrow('retention.sessionsDays');
    expect(() => resolveRetention({ sentEmailsDays: '30' as unknown as number })).toThrow(
      'retention.sentEmailsDays',
    );
  });
});
