/**
 * Command-line logins (wire.md §4.7, §6.10). A CLI asks for an attempt and gets two codes: the
 * polling code it keeps, and the login code it puts in the link a browser opens. The signed-in
 * browser confirms with the login code and its own refresh token; the CLI's next poll takes that
 * token, once.
 *
 * Both codes are stored only as SHA-256 hashes, so a copy of the table lets nobody poll or
 * confirm. The refresh token is kept sealed (`ctx.cliRefreshTokens`) from the confirmation to the
 * one poll that hands it over, and dropped from the row in that same statement.
 */
import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import { sha256Hex } from '../crypto/hash.js';
import { randomCrockford, randomUuid } from '../crypto/random.js';
import { cliAuthAttempts, refreshTokens } from '../db/schema.js';
import type { ServerContext } from './context.js';

/** Both codes are as long, and as random, as the wire's other codes (225 bits). */
export const CLI_CODE_LENGTH = 45;

/** A new attempt, with its codes in clear (the only time they exist in clear). */
export interface NewCliAttempt {
  pollingCode: string;
  loginCode: string;
  expiresAt: Date;
}

/** Starts an attempt of `projectId` that ends `expiresInMs` from now. */
export async function createCliAttempt(
  ctx: ServerContext,
  projectId: string,
  expiresInMs: number,
): Promise<NewCliAttempt> {
  const pollingCode = randomCrockford(CLI_CODE_LENGTH);
  const loginCode = randomCrockford(CLI_CODE_LENGTH);
  const createdAt = new Date(ctx.now());
  const expiresAt = new Date(createdAt.getTime() + expiresInMs);
  await ctx.db.insert(cliAuthAttempts).values({
    id: randomUuid(),
    projectId,
    pollingCodeHash: sha256Hex(pollingCode),
    loginCodeHash: sha256Hex(loginCode),
    createdAt,
    expiresAt,
  });
  return { pollingCode, loginCode, expiresAt };
}

/** What a poll finds: the states of wire.md §4.7, the refresh token with `success`. */
export type CliPollOutcome =
  | { status: 'unknown' }
  | { status: 'waiting' | 'expired' | 'used' }
  | { status: 'success'; refreshToken: string };

/**
 * Polls the attempt of `pollingCode`. A confirmed attempt is handed over by one conditional
 * UPDATE (`used_at IS NULL`), which also drops the sealed token: of any number of concurrent
 * polls, exactly one gets the token, and the others (and every later poll) find it `used`.
 */
export async function pollCliAttempt(
  ctx: ServerContext,
  projectId: string,
  pollingCode: string,
): Promise<CliPollOutcome> {
  const at = new Date(ctx.now());
  const mine = and(
    eq(cliAuthAttempts.projectId, projectId),
    eq(cliAuthAttempts.pollingCodeHash, sha256Hex(pollingCode)),
  );
  // RETURNING gives the row as updated (the token already null), so the token is read from the
  // same row through a subquery of the statement: the UPDATE re-checks `used_at IS NULL` on the
  // row it locked, so a second poller waiting on that lock updates (and returns) nothing.
  const before = ctx.db
    .select({ id: cliAuthAttempts.id, sealed: cliAuthAttempts.refreshTokenSealed })
    .from(cliAuthAttempts)
    .where(mine)
    .as('before');
  const [handed] = await ctx.db
    .update(cliAuthAttempts)
    .set({ usedAt: at, refreshTokenSealed: null })
    .from(before)
    .where(
      and(
        eq(cliAuthAttempts.id, before.id),
        isNull(cliAuthAttempts.usedAt),
        isNotNull(cliAuthAttempts.refreshTokenSealed),
        gt(cliAuthAttempts.expiresAt, at),
      ),
    )
    .returning({ sealed: before.sealed });
  if (handed?.sealed) {
    const opened = ctx.cliRefreshTokens.open(handed.sealed);
    // Only a changed server secret gets here; the token is gone from the row either way.
    if (!opened) throw new Error('A confirmed CLI login holds a refresh token this server cannot open.');
    return { status: 'success', refreshToken: new TextDecoder().decode(opened) };
  }
  const [row] = await ctx.db
    .select({ expiresAt: cliAuthAttempts.expiresAt, usedAt: cliAuthAttempts.usedAt })
    .from(cliAuthAttempts)
    .where(mine);
  if (!row) return { status: 'unknown' };
  // The reference's order: an attempt past its end is `expired`, collected or not.
  if (row.expiresAt.getTime() <= at.getTime()) return { status: 'expired' };
  if (row.usedAt) return { status: 'used' };
  return { status: 'waiting' };
}

/**
 * Confirms the attempt of `loginCode` with `refreshToken`: true when it was waiting for it (known
 * in this project, not yet confirmed, not expired), false otherwise. Conditional on the row's
 * state, so two confirmations racing for one code cannot both succeed.
 */
export async function completeCliAttempt(
  ctx: ServerContext,
  projectId: string,
  loginCode: string,
  refreshToken: string,
): Promise<boolean> {
  const at = new Date(ctx.now());
  const sealed = ctx.cliRefreshTokens.seal(new TextEncoder().encode(refreshToken));
  const completed = await ctx.db
    .update(cliAuthAttempts)
    .set({ refreshTokenSealed: sealed, completedAt: at })
    .where(
      and(
        eq(cliAuthAttempts.projectId, projectId),
        eq(cliAuthAttempts.loginCodeHash, sha256Hex(loginCode)),
        isNull(cliAuthAttempts.completedAt),
        isNull(cliAuthAttempts.usedAt),
        gt(cliAuthAttempts.expiresAt, at),
      ),
    )
    .returning({ id: cliAuthAttempts.id });
  return completed.length === 1;
}

/**
 * True when `refreshToken` is a live session of `projectId` (not signed out or revoked, whose rows
 * are deleted, and not expired). Read only: confirming a CLI login is not a use of the session.
 */
export async function isLiveRefreshToken(
  ctx: ServerContext,
  projectId: string,
  refreshToken: string,
): Promise<boolean> {
  const at = new Date(ctx.now());
  const found = await ctx.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, sha256Hex(refreshToken)),
        eq(refreshTokens.projectId, projectId),
        or(isNull(refreshTokens.expiresAt), gt(refreshTokens.expiresAt, at)),
      ),
    )
    .limit(1);
  return found.length === 1;
}
