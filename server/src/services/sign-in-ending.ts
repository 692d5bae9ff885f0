/**
 * Where every sign-in ends (password sign-in and sign-up, code and link sign-in, the second
 * factor, passkeys and OAuth): in one statement, inside the sign-in's transaction when it has one,
 * the user either gets a session, or, with TOTP on, the sign-in waits for its second factor; then
 * the answer carries the
 * tokens, or MULTI_FACTOR_AUTHENTICATION_REQUIRED with a fresh attempt code (wire.md §6.5). One
 * place, so a rule for all sign-ins (activity, the second factor) is written once.
 */
import { and, eq, exists, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { SignInResponseJson } from '../../../wire/auth.js';
import type { Database } from '../db/database.js';
import { refreshTokens, users } from '../db/schema.js';
import { type KnownError, knownError } from '../errors.js';
import { recordActivity } from './activity.js';
import type { ServerContext } from './context.js';
import { type NewSession, newSessionRow } from './sessions.js';
import { isUuid } from './users.js';
import { createVerificationCode } from './verification-codes.js';

type Executor = Pick<Database, 'select' | '$with' | 'insert' | 'update'> & {
  with: Database['with'];
};

/** A sign-in that has made its session, or that waits for the second factor. */
export type SignInEnding =
  | { kind: 'session'; projectId: string; userId: string; session: NewSession; isNewUser: boolean }
  | { kind: 'second-factor'; projectId: string; userId: string; isNewUser: boolean };

/** What {@link endSignIn} is told about the sign-in it ends. */
export interface SignInEndingInput {
  projectId: string;
  userId: string;
  isNewUser?: boolean;
  /** Set by the second-factor step itself: no TOTP is owed any more. */
  secondFactorDone?: boolean;
  /**
   * What must still hold once the user is locked, for a sign-in that checked its credential
   * before (a password verified outside any transaction): a condition given the locked user's id.
   * A locking read in it (`for share`) sees the rows as they are once the user's lock is held.
   */
  stillHolds?: (lockedUserId: SQL) => SQL;
  /** Thrown when the user is gone or {@link stillHolds} fails; `USER_NOT_FOUND` by default. */
  refused?: () => KnownError;
}

/**
 * The session of user `userId`, unless the user has TOTP on and `secondFactorDone` is not set,
 * in one statement (inside the caller's transaction when given one): the user's lock, the second
 * factor owed, what must still hold, the session row and the user's `lastActiveAt`. A password
 * sign-in outside any transaction so costs one round trip, not a transaction of five.
 *
 * The user is locked `for no key update`, the mode of an email proof (services/email-proof.ts),
 * so two sign-ins of one user take turns rather than each holding a shared lock the other's
 * `lastActiveAt` write would wait for. A caller that locked the user in its transaction before
 * takes this mode too, never `share`, or two of them would deadlock upgrading.
 */
export async function endSignIn(
  ctx: ServerContext,
  db: Executor,
  input: SignInEndingInput,
): Promise<SignInEnding> {
  const { projectId, userId } = input;
  const isNewUser = input.isNewUser ?? false;
  const refused = input.refused ?? (() => knownError('USER_NOT_FOUND'));
  if (!isUuid(userId)) throw refused();
  const { row: session, refreshToken } = newSessionRow(ctx.now, { projectId, userId });
  const locked = db.$with('signing_in').as(
    db
      .select({ id: users.id, owesTotp: sql<boolean>`${users.totpSecret} is not null`.as('owes_totp') })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update'),
  );
  const lockedId = sql`(select ${locked.id} from ${locked})`;
  // Whether what must still hold does: its own CTE so it is evaluated once, after the lock.
  const holds = db.$with('still_holds').as(
    db
      .select({ ok: sql<number>`1`.as('ok') })
      .from(locked)
      .where(input.stillHolds?.(lockedId) ?? sql`true`),
  );
  const made = db.$with('made').as(
    db
      .insert(refreshTokens)
      .select(
        db
          .select({
            id: sql`${session.id}::uuid`.as('id'),
            projectId: sql`${projectId}`.as('project_id'),
            userId: locked.id,
            tokenHash: sql`${session.tokenHash}`.as('token_hash'),
            createdAt: sql`${session.createdAt}::timestamptz`.as('created_at'),
            expiresAt: sql`${session.expiresAt}::timestamptz`.as('expires_at'),
            lastUsedAt: sql`null::timestamptz`.as('last_used_at'),
            isImpersonation: sql`${session.isImpersonation}::boolean`.as('is_impersonation'),
          })
          .from(locked)
          .where(
            and(input.secondFactorDone ? undefined : not(locked.owesTotp), exists(db.select().from(holds))),
          ),
      )
      .returning({ userId: refreshTokens.userId }),
  );
  const active = db.$with('active').as(
    db
      .update(users)
      .set({ lastActiveAt: session.createdAt })
      .where(inArray(users.id, db.select({ userId: made.userId }).from(made)))
      .returning({ id: users.id }),
  );
  const [row] = await db
    .with(locked, holds, made, active)
    .select({
      owesTotp: locked.owesTotp,
      holds: exists(db.select().from(holds)),
      made: exists(db.select().from(made)),
    })
    .from(locked);
  if (!row?.holds) throw refused();
  if (!row.made) return { kind: 'second-factor', projectId, userId, isNewUser };
  return { kind: 'session', projectId, userId, session: { id: session.id, refreshToken }, isNewUser };
}

/**
 * After the transaction: the tokens of the answer (wire.md §4.2), with `is_new_user` when the
 * route reports it; or, for a sign-in waiting for its second factor, the MFA error carrying a new
 * attempt code good for five minutes.
 */
export async function signInAnswer(
  ctx: ServerContext,
  ending: SignInEnding,
  options: { reportNewUser?: boolean } = {},
): Promise<SignInResponseJson> {
  if (ending.kind === 'second-factor') {
    const attemptCode = await createVerificationCode(ctx, {
      projectId: ending.projectId,
      type: 'MFA_ATTEMPT',
      method: {},
      data: { user_id: ending.userId, is_new_user: ending.isNewUser },
      redirectUrl: null,
    });
    throw knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', { attempt_code: attemptCode });
  }
  const accessToken = await ctx.tokens.sign({
    projectId: ending.projectId,
    userId: ending.userId,
    refreshTokenId: ending.session.id,
  });
  // The user's lastActiveAt was set with the session; the day is recorded once per process.
  await recordActivity(ctx, ending.projectId, ending.userId);
  return {
    access_token: accessToken,
    refresh_token: ending.session.refreshToken,
    ...(options.reportNewUser ? { is_new_user: ending.isNewUser } : {}),
    user_id: ending.userId,
  };
}
