/**
 * Sessions are refresh-token rows (wire.md §3.2, §7.2). The token itself is 45 random Crockford
 * characters handed out once; only its SHA-256 is stored.
 */
import { and, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { sha256Hex } from '../crypto/hash.js';
import { randomCrockford, randomUuid } from '../crypto/random.js';
import type { Database } from '../db/database.js';
import { refreshTokens, users } from '../db/schema.js';
import { knownError } from '../errors.js';
import { recordActivity } from './activity.js';
import type { ServerContext } from './context.js';
import { isUuid, lockUser } from './users.js';

/** Refresh tokens made at sign-in and sign-up live a year (wire.md §7.2). */
export const SIGN_IN_SESSION_LIFETIME_MS = 365 * 24 * 3600 * 1000;

type Executor = Pick<Database, 'insert' | 'select' | 'update' | 'delete'>;

/** A new session's secrets. */
export interface NewSession {
  id: string;
  refreshToken: string;
}

/** A new session: the row to store, and the refresh token handed out once (only its hash is kept). */
export function newSessionRow(
  now: () => number,
  input: { projectId: string; userId: string; expiresInMs?: number; isImpersonation?: boolean },
): { row: typeof refreshTokens.$inferInsert & { id: string; createdAt: Date }; refreshToken: string } {
  const refreshToken = randomCrockford(45);
  const createdAt = new Date(now());
  return {
    row: {
      id: randomUuid(),
      projectId: input.projectId,
      userId: input.userId,
      tokenHash: sha256Hex(refreshToken),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + (input.expiresInMs ?? SIGN_IN_SESSION_LIFETIME_MS)),
      isImpersonation: input.isImpersonation ?? false,
    },
    refreshToken,
  };
}

/** Creates a session row (inside the caller's transaction when given one). */
export async function createSession(
  db: Executor,
  now: () => number,
  input: { projectId: string; userId: string; expiresInMs?: number; isImpersonation?: boolean },
): Promise<NewSession> {
  const { row, refreshToken } = newSessionRow(now, input);
  await db.insert(refreshTokens).values(row);
  return { id: row.id, refreshToken };
}

/**
 * Finds the live session holding `refreshToken` in `projectId`: records the activity (the session's
 * `lastUsedAt`, its user's `lastActiveAt`) and returns the session, all in one statement. Undefined,
 * with nothing written, when the token is unknown, expired or of another project.
 */
export async function touchLiveSession(ctx: ServerContext, projectId: string, refreshToken: string) {
  const at = new Date(ctx.now());
  const used = ctx.db.$with('used').as(
    ctx.db
      .update(refreshTokens)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(refreshTokens.tokenHash, sha256Hex(refreshToken)),
          eq(refreshTokens.projectId, projectId),
          or(isNull(refreshTokens.expiresAt), gt(refreshTokens.expiresAt, at)),
        ),
      )
      .returning({
        id: refreshTokens.id,
        projectId: refreshTokens.projectId,
        userId: refreshTokens.userId,
        isImpersonation: refreshTokens.isImpersonation,
      }),
  );
  // PostgreSQL runs a data-modifying CTE to completion even though the query does not read it.
  const touched = ctx.db.$with('touched').as(
    ctx.db
      .update(users)
      .set({ lastActiveAt: at })
      .where(inArray(users.id, ctx.db.select({ userId: used.userId }).from(used))),
  );
  const [session] = await ctx.db.with(used, touched).select().from(used);
  if (session) await recordActivity(ctx, session.projectId, session.userId);
  return session;
}

/** Mints an access token for a session that {@link touchLiveSession} found. */
export function issueAccessToken(
  ctx: ServerContext,
  session: { id: string; projectId: string; userId: string; isImpersonation: boolean },
): Promise<string> {
  return ctx.tokens.sign({
    projectId: session.projectId,
    userId: session.userId,
    refreshTokenId: session.id,
    isImpersonation: session.isImpersonation,
  });
}

/**
 * The condition, for a query over `users`, that the session an access token was minted from is
 * still live: a revoked or expired session takes its access tokens with it at once, not when they
 * expire (a token without a session id, from another issuer's SDK, is taken as it is).
 */
export function sessionIsLive(refreshTokenId: string | undefined, now: number): SQL {
  if (refreshTokenId === undefined) return sql`true`;
  if (!isUuid(refreshTokenId)) return sql`false`;
  return sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.id} = ${refreshTokenId}
    and ${refreshTokens.userId} = ${users.id}
    and (${refreshTokens.expiresAt} is null or ${refreshTokens.expiresAt} > ${new Date(now)}))`;
}

/**
 * In the transaction of a signed-in client's write that adds a way into the account (a sign-in
 * address), holds the user's lock and checks that the request's session is still live. The
 * request was authenticated before the transaction; an email proof that revoked the session in
 * between would otherwise not stop the write (services/email-proof.ts).
 */
export async function holdLiveSession(
  tx: Pick<Database, 'select'>,
  userId: string,
  refreshTokenId: string | undefined,
  now: number,
): Promise<void> {
  await lockUser(tx, userId, 'share');
  // A statement of its own after the lock, so it sees what the lock waited for.
  const live = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sessionIsLive(refreshTokenId, now)));
  if (live.length === 0) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
}
