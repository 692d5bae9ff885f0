/**
 * The retention sweep: deletes rows that no request can use any more, so `verification_codes`,
 * `refresh_tokens`, `sent_emails` and `cli_auth_attempts` stop growing without bound. Ages count back from the server's
 * injectable clock.
 *
 * Every delete is a plain DELETE of rows past a cutoff, in batches of {@link SWEEP_BATCH_SIZE}
 * rows, each its own short statement: a big backlog never holds locks on a busy table for long.
 * The batch is picked `FOR UPDATE SKIP LOCKED`, so a row a request is updating right now (a code
 * being consumed, a session being refreshed) is left for the next sweep instead of waited for,
 * and several processes sweeping one database at once take different rows rather than queueing.
 */
import { inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { cliAuthAttempts, refreshTokens, sentEmails, verificationCodes } from '../../db/schema.js';

/** How long dead rows are kept, in days (fractions allowed). */
export interface RetentionOptions {
  /**
   * Verification codes, counted from when they expired or were used, whichever came first.
   * Default 7: until then a late click still answers VERIFICATION_CODE_EXPIRED or ALREADY_USED
   * rather than NOT_FOUND. CLI login attempts too, counted from their expiry (a late poll still
   * answers `expired` rather than INVALID_POLLING_CODE).
   */
  codesDays?: number;
  /** Sessions (refresh tokens), counted from their expiry; sessions without expiry stay. Default 7. */
  sessionsDays?: number;
  /** Sent emails (the development outbox, `/internal/emails`), counted from sending. Default 30. */
  sentEmailsDays?: number;
}

/** {@link RetentionOptions} with every default filled in. */
export type RetentionAges = Required<RetentionOptions>;

/** The ages used when an option is left out. */
export const RETENTION_DEFAULTS: RetentionAges = { codesDays: 7, sessionsDays: 7, sentEmailsDays: 30 };

/** Rows deleted per statement: small enough to be quick, large enough to clear a backlog. */
export const SWEEP_BATCH_SIZE = 1000;

/** How many rows one sweep deleted from each table. */
export interface SweepCounts {
  verificationCodes: number;
  refreshTokens: number;
  sentEmails: number;
  cliAuthAttempts: number;
}

const DAY_MS = 24 * 3600 * 1000;

/** Fills in the defaults; `false` turns retention off. Throws on an age that is not a number ≥ 0. */
export function resolveRetention(options: RetentionOptions | false | undefined): RetentionAges | false {
  if (options === false) return false;
  const ages = { ...RETENTION_DEFAULTS, ...stripUndefined(options ?? {}) };
  for (const [name, days] of Object.entries(ages)) {
    if (typeof days !== 'number' || !Number.isFinite(days) || days < 0) {
      throw new Error(`retention.${name} must be a number of days ≥ 0, got ${days}`);
    }
  }
  return ages;
}

function stripUndefined(options: RetentionOptions): RetentionOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/**
 * Deletes what is older than `ages` on the clock `now`, table after table. Stops between batches
 * once `signal` aborts (the server is closing), returning what it deleted so far.
 */
export async function sweepExpired(
  db: Database,
  now: () => number,
  ages: RetentionAges,
  signal?: AbortSignal,
): Promise<SweepCounts> {
  const cutoff = (days: number) => new Date(now() - days * DAY_MS);
  const codesCutoff = cutoff(ages.codesDays).toISOString();
  // The same expression as the index verification_codes_dead_at_idx; LEAST ignores a null used_at.
  const deadCode = sql`least(${verificationCodes.expiresAt}, ${verificationCodes.usedAt}) < ${codesCutoff}::timestamptz`;
  return {
    verificationCodes: await deleteInBatches(db, verificationCodes, verificationCodes.id, deadCode, signal),
    // A null expires_at compares as unknown, so sessions without expiry are never picked.
    refreshTokens: await deleteInBatches(
      db,
      refreshTokens,
      refreshTokens.id,
      lt(refreshTokens.expiresAt, cutoff(ages.sessionsDays)),
      signal,
    ),
    sentEmails: await deleteInBatches(
      db,
      sentEmails,
      sentEmails.id,
      lt(sentEmails.sentAt, cutoff(ages.sentEmailsDays)),
      signal,
    ),
    // A collected attempt holds nothing any more, but it ends at its expiry like the others.
    cliAuthAttempts: await deleteInBatches(
      db,
      cliAuthAttempts,
      cliAuthAttempts.id,
      lt(cliAuthAttempts.expiresAt, cutoff(ages.codesDays)),
      signal,
    ),
  };
}

/** Deletes the rows of `table` matching `where`, one batch per statement, until a batch comes up short. */
async function deleteInBatches(
  db: Database,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  signal: AbortSignal | undefined,
): Promise<number> {
  let total = 0;
  while (!signal?.aborted) {
    const batch = db
      .select({ id })
      .from(table)
      .where(where)
      .limit(SWEEP_BATCH_SIZE)
      .for('update', { skipLocked: true });
    const deleted = await db.delete(table).where(inArray(id, batch)).returning({ id });
    total += deleted.length;
    // Short means nothing is left but rows other sweepers hold; they delete those.
    if (deleted.length < SWEEP_BATCH_SIZE) break;
  }
  return total;
}
