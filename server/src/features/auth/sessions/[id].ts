/** `DELETE /auth/sessions/{id}?user_id=` (wire.md §4.6): revoke one of a user's sessions. */
import { and, eq } from 'drizzle-orm';
import { SuccessSchema } from '../../../../../wire/common.js';
import { refreshTokens } from '../../../db/schema.js';
import { knownError, StatusError } from '../../../errors.js';
import { defineRoute, validateOrThrow } from '../../../http/route.js';
import { emptyBody } from '../../fields.js';

import { sessionParams, sessionsUser, userQuery } from './shared.js';

/** Ends one session of a user (not the one the request comes from: that is sign-out). */
export const deleteSessionRoute = defineRoute({
  method: 'DELETE',
  path: '/auth/sessions/:id',
  summary: "Revokes one of a user's sessions",
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  query: userQuery,
  body: emptyBody,
  async handler({ ctx, auth, request, query, params, json, wroteUser }) {
    const { id } = validateOrThrow(request, 'params', sessionParams, params);
    // The column compares UUIDs in any case; the current-session check must too.
    const sessionId = id.toLowerCase();
    const userId = await sessionsUser(ctx, auth, query.user_id, 'delete');
    wroteUser(userId);
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
