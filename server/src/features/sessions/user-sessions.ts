/**
 * `GET /auth/sessions?user_id=` and `DELETE /auth/sessions/{id}?user_id=` (wire.md §4.6, §5.8): a
 * user's sessions for account settings (client access, own sessions only) and for server code (any
 * user of the project). Impersonation sessions are shown to admins only.
 */

import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import * as v from 'valibot';
import { listOf, SuccessSchema } from '../../../../core/wire/common.js';
import { SessionSchema } from '../../../../core/wire/session.js';
import { refreshTokens } from '../../db/schema.js';
import { knownError, StatusError } from '../../errors.js';
import type { RequestAuth } from '../../http/auth.js';
import { defineRoute, validateOrThrow } from '../../http/route.js';
import type { ServerContext } from '../../services/context.js';
import { loadUser } from '../../services/users.js';
import { boundedString, emptyBody, INPUT_LIMITS, uuidField } from '../fields.js';

const userQuery = v.strictObject({ user_id: boundedString(INPUT_LIMITS.text) });
/** Session ids are UUIDs; anything else is a malformed request, as on Stack (`params.id`). */
const sessionParams = v.strictObject({ id: uuidField });

/** The user a request names: `me`, itself, or (server and admin access) any user of the project. */
async function sessionsUser(
  ctx: ServerContext,
  auth: RequestAuth,
  userId: string,
  verb: string,
): Promise<string> {
  if (userId === 'me') {
    if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
    return auth.user.row.id;
  }
  if (auth.type === 'client') {
    // Ids are stored lower-case; a UUID is the same id in either case.
    if (auth.user?.row.id !== userId.toLowerCase())
      throw new StatusError(403, `Client can only ${verb} sessions for their own user.`);
    return auth.user.row.id;
  }
  if (!(await loadUser(ctx.db, auth.project.id, userId)))
    throw knownError('USER_ID_DOES_NOT_EXIST', { user_id: userId });
  return userId;
}

/** A session's wire shape (wire.md §5.8). */
function sessionView(row: typeof refreshTokens.$inferSelect, currentId: string | undefined) {
  return {
    id: row.id,
    user_id: row.userId,
    created_at: row.createdAt.getTime(),
    is_impersonation: row.isImpersonation,
    // A session's first access token comes with it; later ones are recorded by the refresh.
    last_used_at: (row.lastUsedAt ?? row.createdAt).getTime(),
    is_current_session: row.id === currentId,
  };
}

/** Lists a user's live sessions, newest first. */
export const listSessionsRoute = defineRoute({
  method: 'GET',
  path: '/auth/sessions',
  summary: "A user's live sessions, newest first",
  response: listOf(SessionSchema),
  access: ['client', 'server', 'admin'],
  query: userQuery,
  async handler({ ctx, auth, query, json }) {
    const userId = await sessionsUser(ctx, auth, query.user_id, 'list');
    const now = new Date(ctx.now());
    const rows = await ctx.db
      .select()
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, userId),
          eq(refreshTokens.projectId, auth.project.id),
          or(isNull(refreshTokens.expiresAt), gt(refreshTokens.expiresAt, now)),
          // Someone acting as the user is the admins' business, not the user's.
          auth.type === 'admin' ? undefined : eq(refreshTokens.isImpersonation, false),
        ),
      )
      .orderBy(desc(refreshTokens.createdAt));
    return json({ items: rows.map((row) => sessionView(row, auth.refreshTokenId)), is_paginated: false });
  },
});

/** Ends one session of a user (not the one the request comes from: that is sign-out). */
export const deleteSessionRoute = defineRoute({
  method: 'DELETE',
  path: '/auth/sessions/:id',
  summary: "Revokes one of a user's sessions",
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  query: userQuery,
  body: emptyBody,
  async handler({ ctx, auth, request, query, params, json }) {
    const { id } = validateOrThrow(request, 'params', sessionParams, params);
    // The column compares UUIDs in any case; the current-session check must too.
    const sessionId = id.toLowerCase();
    const userId = await sessionsUser(ctx, auth, query.user_id, 'delete');
    if (sessionId === auth.refreshTokenId) throw knownError('CANNOT_DELETE_CURRENT_SESSION');
    const deleted = await ctx.db
      .delete(refreshTokens)
      .where(
        and(
          eq(refreshTokens.id, sessionId),
          eq(refreshTokens.userId, userId),
          eq(refreshTokens.projectId, auth.project.id),
        ),
      )
      .returning({ id: refreshTokens.id });
    // Another user's session looks exactly like one that does not exist.
    if (deleted.length === 0) throw new StatusError(404, 'Session not found.');
    return json({ success: true });
  },
});
