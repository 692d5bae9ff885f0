/**
 * One-time verification codes (wire.md §7.1), stored hashed: only the SHA-256 of the code and of
 * its nonce (the last 39 characters) reach the database, so a leaked table signs nobody in.
 *
 * Lifetimes (from creation, on the server's injectable clock):
 * - ONE_TIME_PASSWORD (magic link / sign-in code): 10 minutes (design.md security defaults).
 * - PASSWORD_RESET: 1 hour; the wire allows 7 days, but a reset link is a bearer credential for
 *   the account and is used minutes after it is sent.
 * - CONTACT_CHANNEL_VERIFICATION: 7 days, as the wire says; people verify emails late, and a
 *   verification link grants no sign-in.
 * - TEAM_INVITATION: 7 days, as the wire says (§6.8); an invitation grants no sign-in either.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { sha256Hex } from '../crypto/hash.js';
import { randomCrockford, randomUuid } from '../crypto/random.js';
import type { Database } from '../db/database.js';
import { verificationCodes } from '../db/schema.js';
import { knownError } from '../errors.js';
import type { ServerContext } from './context.js';

const MINUTE = 60 * 1000;

/** How long each type of code stays valid. */
export const CODE_LIFETIME_MS = {
  ONE_TIME_PASSWORD: 10 * MINUTE,
  PASSWORD_RESET: 60 * MINUTE,
  CONTACT_CHANNEL_VERIFICATION: 7 * 24 * 60 * MINUTE,
  /** A team invitation (wire.md §6.8, §7.1). */
  TEAM_INVITATION: 7 * 24 * 60 * MINUTE,
  /** A sign-in waiting for its second factor (wire.md §6.5). */
  MFA_ATTEMPT: 5 * MINUTE,
  /** A WebAuthn ceremony's challenge: its 60-second timeout and 5 seconds to spare (wire.md §6.7). */
  PASSKEY_REGISTRATION_CHALLENGE: 65 * 1000,
  PASSKEY_AUTHENTICATION_CHALLENGE: 65 * 1000,
  /** What an OAuth sign-in started with, keyed by the inner state (wire.md §6.6 step 4). */
  OAUTH_OUTER_INFO: 10 * MINUTE,
  /** The code the app exchanges at the token endpoint after an OAuth sign-in (step 9). */
  OAUTH_AUTHORIZATION_CODE: 5 * MINUTE,
} as const;

/** The code types this server issues. */
export type CodeType = keyof typeof CODE_LIFETIME_MS;

/** A code is refused once this many attempts were counted against its nonce before the current one. */
export const MAX_ATTEMPTS_PER_NONCE = 20;
/** Length of a full code; the sign-in OTP is its first 6 characters, the nonce the other 39. */
export const CODE_LENGTH = 45;
const OTP_LENGTH = 6;

/** The `code` field of every code endpoint: exactly 45 characters, any case. */
export const codeField = v.pipe(
  v.string(),
  v.length(CODE_LENGTH, `must be exactly ${CODE_LENGTH} characters long`),
);

/** A stored code row. */
export type CodeRow = typeof verificationCodes.$inferSelect;

type Executor = Pick<Database, 'insert' | 'select' | 'update'>;

/** The transaction a code's effect runs in. */
export type CodeTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Creates a code and returns it in clear (the only time it exists in clear). `id` names the row
 * when the caller shows it (a team invitation's id is its code row's, wire.md §5.5).
 */
export async function createVerificationCode(
  ctx: ServerContext,
  input: {
    id?: string;
    projectId: string;
    type: CodeType;
    method: Record<string, unknown>;
    data: Record<string, unknown>;
    redirectUrl: string | null;
  },
): Promise<string> {
  const code = randomCrockford(CODE_LENGTH);
  const createdAt = ctx.now();
  await ctx.db.insert(verificationCodes).values({
    id: input.id ?? randomUuid(),
    projectId: input.projectId,
    type: input.type,
    codeHash: sha256Hex(code),
    nonceHash: sha256Hex(code.slice(OTP_LENGTH)),
    createdAt: new Date(createdAt),
    expiresAt: new Date(createdAt + CODE_LIFETIME_MS[input.type]),
    redirectUrl: input.redirectUrl,
    method: input.method,
    data: input.data,
  });
  return code;
}

/** The 6-character code a person types: the first characters of the code, upper-cased. */
export function otpOf(code: string): string {
  return code.slice(0, OTP_LENGTH).toUpperCase();
}

/** The nonce the client keeps to complete a typed OTP. */
export function nonceOf(code: string): string {
  return code.slice(OTP_LENGTH);
}

/**
 * Counts one attempt with `code` and returns its row if it may be used. Every attempt, right or
 * wrong, counts against all codes sharing the nonce; then the failures come in wire order:
 * NOT_FOUND, EXPIRED, ALREADY_USED, MAX_ATTEMPTS_REACHED.
 */
export async function attemptCode(
  ctx: ServerContext,
  projectId: string,
  type: CodeType,
  submitted: string,
): Promise<CodeRow> {
  const code = submitted.toLowerCase();
  // One atomic increment; the returned counts say how many attempts came before this one.
  const counted = await ctx.db
    .update(verificationCodes)
    .set({ attemptCount: sql`${verificationCodes.attemptCount} + 1` })
    .where(
      and(
        eq(verificationCodes.projectId, projectId),
        eq(verificationCodes.nonceHash, sha256Hex(code.slice(OTP_LENGTH))),
      ),
    )
    .returning({ id: verificationCodes.id, attemptCount: verificationCodes.attemptCount });
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.projectId, projectId),
        eq(verificationCodes.codeHash, sha256Hex(code)),
        eq(verificationCodes.type, type),
      ),
    );
  if (!row) throw knownError('VERIFICATION_CODE_NOT_FOUND');
  if (row.expiresAt.getTime() <= ctx.now()) throw knownError('VERIFICATION_CODE_EXPIRED');
  if (row.usedAt) throw knownError('VERIFICATION_CODE_ALREADY_USED');
  const after = counted.find((c) => c.id === row.id)?.attemptCount ?? row.attemptCount;
  if (after - 1 >= MAX_ATTEMPTS_PER_NONCE) throw knownError('VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
  return row;
}

/**
 * Marks the code used, atomically: of two simultaneous uses exactly one gets the row back, the
 * other VERIFICATION_CODE_ALREADY_USED. Runs in the transaction of the code's effect, so a
 * failed effect leaves the code unused.
 */
export async function consumeCode(db: Executor, now: () => number, id: string): Promise<void> {
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: new Date(now()) })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw knownError('VERIFICATION_CODE_ALREADY_USED');
}

/** One use of a code: which code, and what using it does. */
export interface CodeUse<P, T> {
  projectId: string;
  type: CodeType;
  /** The code as submitted (any case). */
  code: string;
  /**
   * Runs once the code passed its checks, before the transaction: for refusals that must leave the
   * code usable, and for slow work (password hashing) that should not hold a transaction open.
   */
  prepare?: (row: CodeRow) => P | Promise<P>;
  /** The code's effect, in the transaction that marks the code used; if it throws, the code stays unused. */
  act: (tx: CodeTransaction, row: CodeRow, prepared: P) => Promise<T>;
  /**
   * Says whether an error of `act` is a lost race (a unique violation) worth one more try in a
   * fresh transaction, where the effect sees what the winner wrote.
   */
  retryOn?: (error: unknown) => boolean;
}

/**
 * Uses a code: counts the attempt and checks it (`attemptCode`), runs `prepare`, then marks the
 * code used and runs `act` in one transaction, so the code works exactly once and only when its
 * effect happened. Resolves with what `act` returns.
 */
export async function redeemCode<T, P = undefined>(ctx: ServerContext, use: CodeUse<P, T>): Promise<T> {
  const row = await attemptCode(ctx, use.projectId, use.type, use.code);
  const prepared = (await use.prepare?.(row)) as P;
  const run = () =>
    ctx.db.transaction(async (tx) => {
      await consumeCode(tx, ctx.now, row.id);
      return use.act(tx, row, prepared);
    });
  try {
    return await run();
  } catch (error) {
    if (!use.retryOn?.(error)) throw error;
    return run();
  }
}

/**
 * Takes the unused code `code` of `type` (in `projectId` when given), marking it used in the same
 * statement: of two simultaneous takes one gets the row. Resolves null when there is no such unused
 * code; an expired row is returned too (used up), so the caller can tell a timeout apart. For codes
 * that are bearer secrets in a protocol rather than typed by people (no attempt counting).
 */
export async function takeCode(
  db: Pick<Database, 'update'>,
  now: () => number,
  input: { type: CodeType; code: string; projectId?: string },
): Promise<CodeRow | null> {
  const [row] = await db
    .update(verificationCodes)
    .set({ usedAt: new Date(now()) })
    .where(
      and(
        eq(verificationCodes.codeHash, sha256Hex(input.code.toLowerCase())),
        eq(verificationCodes.type, input.type),
        input.projectId === undefined ? undefined : eq(verificationCodes.projectId, input.projectId),
        isNull(verificationCodes.usedAt),
      ),
    )
    .returning();
  return row ?? null;
}
