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
import { isPromise, type MaybePromise } from './maybe-promise.js';

/**
 * The access type a header names, as this program's own string; undefined for any other value. A
 * header's value is a new string on every request: used as a property key (the key checks below,
 * a route's bodies by access type) it would first be searched for in V8's string table each time,
 * where the literal returned here is found at once.
 */
function accessTypeOf(value: string): AccessType | undefined {
  switch (value) {
    case 'client':
      return 'client';
    case 'server':
      return 'server';
    case 'admin':
      return 'admin';
    default:
      return undefined;
  }
}

/** The X-Stack headers authentication reads (wire.md §1.3), each undefined when absent. */
interface AuthHeaders {
  projectId?: string;
  accessType?: string;
  accessToken?: string;
  publishableKey?: string;
  secretKey?: string;
  adminKey?: string;
  adminAccessToken?: string;
}

/**
 * A request's headers as Node's HTTP server parsed them: names in lower case, a repeated header's
 * values joined, values already refused (400) when they hold NUL or control characters and trimmed
 * of surrounding whitespace. Reading one is a property read, where `Request.headers.get` checks the
 * name and the value again on every call.
 */
export type ParsedHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** One header of `request`: from the parsed headers when the request came from a socket. */
export function headerOf(
  request: Request,
  parsed: ParsedHeaders | undefined,
  name: string,
): string | undefined {
  if (parsed === undefined) return request.headers.get(name) ?? undefined;
  return onlyString(parsed[name]);
}

/** Reads the headers of `request` that authentication needs, once. */
function authHeadersOf(request: Request, parsed: ParsedHeaders | undefined): AuthHeaders {
  if (parsed === undefined) {
    const read = (name: string) => request.headers.get(name) ?? undefined;
    return {
      projectId: read(HEADER.projectId),
      accessType: read(HEADER.accessType),
      accessToken: read(HEADER.accessToken),
      publishableKey: read(HEADER.publishableClientKey),
      secretKey: read(HEADER.secretServerKey),
      adminKey: read(HEADER.superSecretAdminKey),
      adminAccessToken: read(HEADER.adminAccessToken),
    };
  }
  // Each header read where it is written, not through one shared function: a place in the code
  // that always reads one name from headers of one layout is answered from V8's inline cache,
  // where one place reading seven names searched the object each time.
  return {
    projectId: onlyString(parsed[HEADER.projectId]),
    accessType: onlyString(parsed[HEADER.accessType]),
    accessToken: onlyString(parsed[HEADER.accessToken]),
    publishableKey: onlyString(parsed[HEADER.publishableClientKey]),
    secretKey: onlyString(parsed[HEADER.secretServerKey]),
    adminKey: onlyString(parsed[HEADER.superSecretAdminKey]),
    adminAccessToken: onlyString(parsed[HEADER.adminAccessToken]),
  };
}

/** A parsed header's value when it is one string (a repeated `set-cookie` is an array). */
const onlyString = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Authenticates `request`; null when it declares no access type (anonymous). Answered at once,
 * with no promise, when memory knows everything it needs (see services/auth-cache); errors are
 * then thrown at once too.
 */
export function authenticate(
  ctx: ServerContext,
  request: Request,
  parsed?: ParsedHeaders,
): MaybePromise<RequestAuth | null> {
  const headers = authHeadersOf(request, parsed);
  const { projectId, accessToken } = headers;
  // 1. A stale token breaks every call, even those that need no user, so the client drops it.
  if (!projectId || !accessToken) return authenticateWithClaims(ctx, headers, undefined);
  const cached = ctx.authCache.claims(accessToken, ctx.now());
  if (cached) return authenticateWithClaims(ctx, headers, cached);
  return verifyAccessToken(ctx, accessToken, 'user').then((claims) =>
    authenticateWithClaims(ctx, headers, claims),
  );
}

/** Steps 2–8 of authentication, once the access token (if any) is verified. */
function authenticateWithClaims(
  ctx: ServerContext,
  headers: AuthHeaders,
  claims: AccessTokenClaims | undefined,
): MaybePromise<RequestAuth | null> {
  const { accessType, publishableKey, secretKey, adminKey, adminAccessToken } = headers;
  if (claims && claims.projectId !== headers.projectId) throw knownError('INVALID_PROJECT_FOR_ACCESS_TOKEN');
  // The same id, as the verified token's own string when there is one: that string lives with the
  // token's claims, so the cache's maps find it by the hash V8 stored on it the first time, where
  // the header's string is new with every request and was hashed again by every lookup.
  const projectId = claims ? claims.projectId : headers.projectId;

  // 2-4. Access type and project id.
  if (!accessType) {
    if (publishableKey || secretKey || adminKey || adminAccessToken) {
      throw knownError('PROJECT_KEY_WITHOUT_ACCESS_TYPE');
    }
    return null;
  }
  const type = accessTypeOf(accessType);
  if (type === undefined) throw knownError('INVALID_ACCESS_TYPE', undefined, { accessType });
  if (!projectId) throw knownError('ACCESS_TYPE_WITHOUT_PROJECT_ID', { request_type: type });

  // 8. The user comes with step 5 or 6; a deleted user simply means no user.
  const found = adminAccessToken
    ? // 5. A dashboard user managing this project; keys are not checked then.
      adminProjectAndUser(ctx, adminAccessToken, projectId, claims)
    : // 6. The key of the declared access type.
      checkProjectKey(ctx, type, projectId, { publishableKey, secretKey, adminKey }, claims);
  if (isPromise(found)) return found.then((answer) => requestAuthOf(type, projectId, claims, answer));
  return requestAuthOf(type, projectId, claims, found);
}

/** Step 7 and the result: the request's access type, project, user and session. */
function requestAuthOf(
  type: AccessType,
  projectId: string,
  claims: AccessTokenClaims | undefined,
  { project, user }: ProjectAndUser,
): RequestAuth {
  // 7. In practice the key check fails first, as keys belong to a project.
  if (!project) throw knownError('PROJECT_NOT_FOUND', { project_id: projectId });
  return { type, project, user, refreshTokenId: claims?.refreshTokenId, hasAccessToken: Boolean(claims) };
}

/** Step 5: the project an admin access token manages, and the access token's user if its session is live. */
async function adminProjectAndUser(
  ctx: ServerContext,
  adminAccessToken: string,
  projectId: string,
  claims: AccessTokenClaims | undefined,
): Promise<ProjectAndUser> {
  const project = await authenticateAdminAccessToken(ctx, adminAccessToken, projectId);
  const user = claims ? await loadUser(ctx.db, projectId, claims.userId) : null;
  const live = user && (await sessionUserExists(ctx, projectId, claims));
  return { project, user: live ? user : null };
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
function checkProjectKey(
  ctx: ServerContext,
  type: AccessType,
  projectId: string,
  keys: { publishableKey?: string; secretKey?: string; adminKey?: string },
  claims: AccessTokenClaims | undefined,
): MaybePromise<ProjectAndUser> {
  const userId = claims?.userId;
  const value = keys[KEY_CHECKS[type].key];
  if (!value) throw knownError(KEY_CHECKS[type].missing);
  const cache = ctx.authCache;
  const now = ctx.now();
  // From memory when both halves are there (see services/auth-cache): no round trip, no promise.
  const keyHit = cache.key(type, projectId, value, now);
  const userHit =
    userId === undefined ? undefined : cache.user(projectId, userId, claims?.refreshTokenId, now);
  if (keyHit && (userId === undefined || userHit)) {
    return { project: keyHit.project, user: userHit?.user ?? null };
  }
  return readProjectKey(ctx, type, projectId, value, claims, now);
}

/** The key check's round trip, when memory does not have its answer; stores what it finds. */
async function readProjectKey(
  ctx: ServerContext,
  type: AccessType,
  projectId: string,
  value: string,
  claims: AccessTokenClaims | undefined,
  now: number,
): Promise<ProjectAndUser> {
  const userId = claims?.userId;
  const refreshTokenId = claims?.refreshTokenId;
  const { column, invalid } = KEY_CHECKS[type];
  const cache = ctx.authCache;
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
