/**
 * Request authentication, in the order of wire.md §1.5: access token, access type, project id,
 * admin access token, project keys, project, user.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type AccessType, HEADER } from '../../../wire/headers.js';
import type { AccessTokenClaims } from '../crypto/access-tokens.js';
import { apiKeySets, type ProjectRow, projects, refreshTokens, users } from '../db/schema.js';
import { type KnownError, knownError, StatusError } from '../errors.js';
import type { ServerContext } from '../services/context.js';
import type { RequestAuth } from '../services/request-auth.js';
import { sessionIsLive } from '../services/sessions.js';
import {
  isUserOf,
  isUuid,
  joinUserDetails,
  loadUser,
  type UserRecord,
  type UserRecordRow,
  userRecordFields,
  userRecordFrom,
} from '../services/users.js';

const ACCESS_TYPES: readonly string[] = ['client', 'server', 'admin'];

/** Authenticates `request`; null when it declares no access type (anonymous). */
export async function authenticate(ctx: ServerContext, request: Request): Promise<RequestAuth | null> {
  const headers = request.headers;
  const projectId = headers.get(HEADER.projectId) ?? undefined;
  const accessType = headers.get(HEADER.accessType) ?? undefined;
  const accessToken = headers.get(HEADER.accessToken) ?? undefined;
  const publishableKey = headers.get(HEADER.publishableClientKey) ?? undefined;
  const secretKey = headers.get(HEADER.secretServerKey) ?? undefined;
  const adminKey = headers.get(HEADER.superSecretAdminKey) ?? undefined;
  const adminAccessToken = headers.get(HEADER.adminAccessToken) ?? undefined;

  // 1. A stale token breaks every call, even those that need no user, so the client drops it.
  let claims: AccessTokenClaims | undefined;
  if (projectId && accessToken) {
    claims = await verifyAccessToken(ctx, accessToken, 'user');
    if (claims.projectId !== projectId) throw knownError('INVALID_PROJECT_FOR_ACCESS_TOKEN');
  }

  // 2-4. Access type and project id.
  if (!accessType) {
    if (publishableKey || secretKey || adminKey || adminAccessToken) {
      throw knownError('PROJECT_KEY_WITHOUT_ACCESS_TYPE');
    }
    return null;
  }
  if (!ACCESS_TYPES.includes(accessType)) {
    throw knownError('INVALID_ACCESS_TYPE', undefined, { accessType });
  }
  const type = accessType as AccessType;
  if (!projectId) throw knownError('ACCESS_TYPE_WITHOUT_PROJECT_ID', { request_type: type });

  // 8. The user comes with step 5 or 6; a deleted user simply means no user.
  let found: ProjectAndUser;
  if (adminAccessToken) {
    // 5. A dashboard user managing this project; keys are not checked then.
    const project = await authenticateAdminAccessToken(ctx, adminAccessToken, projectId);
    const user = claims ? await loadUser(ctx.db, projectId, claims.userId) : null;
    const live = user && (await sessionUserExists(ctx, projectId, claims));
    found = { project, user: live ? user : null };
  } else {
    // 6. The key of the declared access type.
    const keys = { publishableKey, secretKey, adminKey };
    found = await checkProjectKey(ctx, type, projectId, keys, claims);
  }
  const { project, user } = found;
  // 7. In practice the key check fails first, as keys belong to a project.
  if (!project) throw knownError('PROJECT_NOT_FOUND', { project_id: projectId });
  return { type, project, user, refreshTokenId: claims?.refreshTokenId, hasAccessToken: Boolean(claims) };
}

/** Verifies an access token, mapping failures to the user or admin flavour of the error. */
export async function verifyAccessToken(
  ctx: ServerContext,
  token: string,
  flavour: 'user' | 'admin',
): Promise<AccessTokenClaims> {
  const cached = ctx.authCache.claims(token, ctx.now());
  if (cached) return cached;
  const result = await ctx.tokens.verify(token);
  if (result.ok) {
    ctx.authCache.storeClaims(token, result.claims);
    return result.claims;
  }
  if (result.failure.kind === 'expired') {
    const details = { expired_at_millis: result.failure.expiredAtMillis };
    throw knownError(flavour === 'user' ? 'ACCESS_TOKEN_EXPIRED' : 'ADMIN_ACCESS_TOKEN_EXPIRED', details);
  }
  throw knownError(flavour === 'user' ? 'UNPARSABLE_ACCESS_TOKEN' : 'UNPARSABLE_ADMIN_ACCESS_TOKEN');
}

/** Whether the session of `claims` is still live (the admin-token path and OAuth link requests load apart). */
export async function sessionUserExists(
  ctx: ServerContext,
  projectId: string,
  claims: AccessTokenClaims | undefined,
): Promise<boolean> {
  if (!claims) return false;
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(isUserOf(projectId, claims.userId), sessionIsLive(claims.refreshTokenId, ctx.now())));
  return rows.length > 0;
}

async function authenticateAdminAccessToken(
  ctx: ServerContext,
  token: string,
  projectId: string,
): Promise<ProjectRow | undefined> {
  const claims = await verifyAccessToken(ctx, token, 'admin');
  if (claims.projectId !== 'internal') throw knownError('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  const owner = await loadUser(ctx.db, 'internal', claims.userId);
  if (!owner) {
    throw new StatusError(
      401,
      'The user associated with the admin access token is no longer valid. Please refresh the admin access token and try again.',
    );
  }
  const managed = (owner.row.serverMetadata as { managedProjectIds?: unknown } | null)?.managedProjectIds;
  if (!Array.isArray(managed) || !managed.includes(projectId))
    throw knownError('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw knownError('INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN');
  return project;
}

interface ProjectAndUser {
  project: ProjectRow | undefined;
  user: UserRecord | null;
}

/** Per access type: which key it needs, the column holding it, and the errors for none and a wrong one. */
const KEY_CHECKS = {
  client: {
    key: 'publishableKey',
    column: apiKeySets.publishableClientKey,
    missing: 'CLIENT_AUTHENTICATION_REQUIRED',
    invalid: 'INVALID_PUBLISHABLE_CLIENT_KEY',
  },
  server: {
    key: 'secretKey',
    column: apiKeySets.secretServerKey,
    missing: 'SERVER_AUTHENTICATION_REQUIRED',
    invalid: 'INVALID_SECRET_SERVER_KEY',
  },
  admin: {
    key: 'adminKey',
    column: apiKeySets.superSecretAdminKey,
    missing: 'ADMIN_AUTHENTICATION_REQUIRED',
    invalid: 'INVALID_SUPER_SECRET_ADMIN_KEY',
  },
} as const;

/**
 * Checks the key of the declared access type and returns, from the same round trip, its project
 * (undefined when the key is valid but the project is gone: a left join keeps the two failures
 * apart) and user `userId` of the project with its details (null when none is asked for or found).
 */
async function checkProjectKey(
  ctx: ServerContext,
  type: AccessType,
  projectId: string,
  keys: { publishableKey?: string; secretKey?: string; adminKey?: string },
  claims: AccessTokenClaims | undefined,
): Promise<ProjectAndUser> {
  const userId = claims?.userId;
  const { key, column, missing, invalid } = KEY_CHECKS[type];
  const value = keys[key];
  if (!value) throw knownError(missing);
  const { authCache: cache } = ctx;
  const now = ctx.now();
  const refreshTokenId = claims?.refreshTokenId;
  // From memory when both halves are there (see services/auth-cache): no round trip at all.
  const keyHit = cache.key(type, projectId, value, now);
  const userHit = userId === undefined ? undefined : cache.user(projectId, userId, refreshTokenId, now);
  if (keyHit && (userId === undefined || userHit)) {
    return { project: keyHit.project, user: userHit?.user ?? null };
  }
  const epoch = cache.epoch;
  const keyMatches = and(
    eq(column, value),
    eq(apiKeySets.projectId, projectId),
    isNull(apiKeySets.manuallyRevokedAt),
    gt(apiKeySets.expiresAt, new Date(now)),
  );
  const keyProject = eq(projects.id, apiKeySets.projectId);
  const keyFields = { project: projects, keyExpiresAt: apiKeySets.expiresAt };
  // Without a token the query stays a two-table join: joining no user still costs planning time.
  const rows: KeyRow[] =
    userId === undefined
      ? await ctx.db.select(keyFields).from(apiKeySets).leftJoin(projects, keyProject).where(keyMatches)
      : await joinUserDetails(
          ctx.db
            .select({ ...keyFields, ...userRecordFields, sessionExpiresAt: sessionExpiry(refreshTokenId) })
            .from(apiKeySets)
            .leftJoin(projects, keyProject)
            // A user whose token's session is gone is no user: revocation works at once.
            .leftJoin(users, and(isUserOf(projectId, userId), sessionIsLive(refreshTokenId, now)))
            .$dynamic(),
        ).where(keyMatches);
  // One row per contact channel of the user (or just one); none when the key does not match.
  if (rows.length === 0) throw knownError(invalid, { project_id: projectId });
  const first = rows[0]!;
  const project = first.project ?? undefined;
  const user = userRecordFrom(rows);
  cache.storeKey(epoch, type, projectId, value, { project, keyExpiresAt: first.keyExpiresAt.getTime() }, now);
  if (userId !== undefined) {
    const expiresAt = first.sessionExpiresAt ? new Date(first.sessionExpiresAt).getTime() : null;
    cache.storeUser(epoch, projectId, userId, refreshTokenId, { user, sessionExpiresAt: expiresAt }, now);
  }
  return { project, user };
}

/** When the session `refreshTokenId` stops being live by itself, as a column of the key check. */
function sessionExpiry(refreshTokenId: string | undefined) {
  if (refreshTokenId === undefined || !isUuid(refreshTokenId)) return sql<null>`null`;
  return sql<
    Date | string | null
  >`(select ${refreshTokens.expiresAt} from ${refreshTokens} where ${refreshTokens.id} = ${refreshTokenId})`;
}

/** A row of the key check: the key's project and expiry, and the token's user when one is asked for. */
type KeyRow = {
  project: ProjectRow | null;
  keyExpiresAt: Date;
  sessionExpiresAt?: Date | string | null;
} & Partial<UserRecordRow>;

/** The error for a request whose access type an endpoint does not accept (step 9). */
export function accessError(
  auth: RequestAuth | null,
  allowed: readonly AccessType[],
): KnownError | undefined {
  if (!auth) return knownError('ACCESS_TYPE_REQUIRED');
  if (!allowed.includes(auth.type)) {
    return knownError('INSUFFICIENT_ACCESS_TYPE', {
      actual_access_type: auth.type,
      allowed_access_types: [...allowed],
    });
  }
  return undefined;
}
