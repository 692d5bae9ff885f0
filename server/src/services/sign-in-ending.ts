/**
 * Where every sign-in ends (password sign-in and sign-up, code and link sign-in, the second
 * factor, passkeys and OAuth): in one statement, inside the sign-in's transaction when it has one,
 * the user either gets a session, or, with TOTP on, the sign-in waits for its second factor; then
 * the answer carries the tokens, or MULTI_FACTOR_AUTHENTICATION_REQUIRED with a fresh attempt code
 * (wire.md §6.5). One place, so a rule for all sign-ins (activity, the second factor) is written
 * once.
 */
import { and, eq, exists, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { SignInResponseJson } from '../../../wire/auth.js';
import type { Database } from '../db/database.js';
import { prebuilt } from '../db/prebuilt.js';
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

/**
 * What must still hold once the user is locked, for a sign-in that checked its credential before
 * (a password verified outside any transaction). A locking read in the condition (`for share`)
 * sees the rows as they are once the user's lock is held.
 */
export interface SignInCheck {
  /** Names the check, unique among checks: the statement with it is built once per database (db/prebuilt.ts). */
  name: string;
  /** The condition given the locked user's id, its values as `sql.placeholder`s. */
  condition: (lockedUserId: SQL) => SQL;
  /** The values of the condition's placeholders. */
  values: Record<string, unknown>;
}

/** What {@link endSignIn} is told about the sign-in it ends. */
export interface SignInEndingInput {
  projectId: string;
  userId: string;
  isNewUser?: boolean;
  /** Set by the second-factor step itself: no TOTP is owed any more. */
  secondFactorDone?: boolean;
  stillHolds?: SignInCheck;
  /** Thrown when the user is gone or {@link stillHolds} fails; `USER_NOT_FOUND` by default. */
  refused?: () => KnownError;
}

/** The placeholders of the ending statement; a check's own must not take these names. */
const at = {
  userId: sql.placeholder('userId'),
  projectId: sql.placeholder('projectId'),
  sessionId: sql.placeholder('sessionId'),
  tokenHash: sql.placeholder('tokenHash'),
  createdAt: sql.placeholder('createdAt'),
  expiresAt: sql.placeholder('expiresAt'),
};

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
  const run = endingStatement(input.stillHolds, input.secondFactorDone ?? false);
  const [row] = await run(db, {
    ...input.stillHolds?.values,
    userId,
    projectId,
    sessionId: session.id,
    tokenHash: session.tokenHash,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
  });
  if (!row?.holds) throw refused();
  if (!row.made) return { kind: 'second-factor', projectId, userId, isNewUser };
  return { kind: 'session', projectId, userId, session: { id: session.id, refreshToken }, isNewUser };
}

type EndingStatement = (
  db: Executor,
  values: Record<string, unknown>,
) => Promise<Array<{ owesTotp: boolean; holds: boolean; made: boolean }>>;

/** The ending statements built so far, by check and whether the second factor is done. */
const endingStatements = new Map<string, EndingStatement>();

/** The ending statement with `check` (none when undefined), built once per database. */
function endingStatement(check: SignInCheck | undefined, secondFactorDone: boolean): EndingStatement {
  const name = `${secondFactorDone ? 'done' : 'owed'}${check ? ` ${check.name}` : ''}`;
  const known = endingStatements.get(name);
  if (known) return known;
  const statement: EndingStatement = prebuilt((db: Executor) => buildEnding(db, check, secondFactorDone));
  endingStatements.set(name, statement);
  return statement;
}

/** The ending statement itself, with placeholders for every value (see {@link endSignIn}). */
function buildEnding(db: Executor, check: SignInCheck | undefined, secondFactorDone: boolean) {
  const locked = db.$with('signing_in').as(
    db
      .select({ id: users.id, owesTotp: sql<boolean>`${users.totpSecret} is not null`.as('owes_totp') })
      .from(users)
      .where(eq(users.id, sql`${at.userId}::uuid`))
      .for('no key update'),
  );
  const lockedId = sql`(select ${locked.id} from ${locked})`;
  // Whether what must still hold does: its own CTE so it is evaluated once, after the lock.
  const holds = db.$with('still_holds').as(
    db
      .select({ ok: sql<number>`1`.as('ok') })
      .from(locked)
      .where(check?.condition(lockedId) ?? sql`true`),
  );
  const made = db.$with('made').as(
    db
      .insert(refreshTokens)
      .select(
        db
          .select({
            id: sql`${at.sessionId}::uuid`.as('id'),
            projectId: sql`${at.projectId}::text`.as('project_id'),
            userId: locked.id,
            tokenHash: sql`${at.tokenHash}::text`.as('token_hash'),
            createdAt: sql`${at.createdAt}::timestamptz`.as('created_at'),
            expiresAt: sql`${at.expiresAt}::timestamptz`.as('expires_at'),
            lastUsedAt: sql`null::timestamptz`.as('last_used_at'),
            isImpersonation: sql`false`.as('is_impersonation'),
          })
          .from(locked)
          .where(and(secondFactorDone ? undefined : not(locked.owesTotp), exists(db.select().from(holds)))),
      )
      .returning({ userId: refreshTokens.userId, createdAt: refreshTokens.createdAt }),
  );
  const active = db.$with('active').as(
    db
      .update(users)
      .set({ lastActiveAt: sql`(select ${made.createdAt} from ${made})` })
      .where(inArray(users.id, db.select({ userId: made.userId }).from(made)))
      .returning({ id: users.id }),
  );
  return db
    .with(locked, holds, made, active)
    .select({
      owesTotp: locked.owesTotp,
      holds: sql<boolean>`exists (select 1 from ${holds})`,
      made: sql<boolean>`exists (select 1 from ${made})`,
    })
    .from(locked);
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
