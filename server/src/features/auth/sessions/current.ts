/** `DELETE /auth/sessions/current` (wire.md §3.5): sign-out. */
import { and, eq } from 'drizzle-orm';
import { SuccessSchema } from '../../../../../wire/common.js';
import { refreshTokens } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { emptyBody } from '../../fields.js';

/** `DELETE /auth/sessions/current`: ends the session the access token was minted from. */
export const signOutRoute = defineRoute({
  method: 'DELETE',
  path: '/auth/sessions/current',
  summary: 'Signs out: ends the session of the refresh token',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  body: emptyBody,
  async handler({ ctx, auth, json, wroteUser }) {
    // Tokens without a session id (or no token at all) cannot name a session to end.
    if (!auth.refreshTokenId) throw knownError('ACCESS_TOKEN_EXPIRED', { expired_at_millis: ctx.now() });
    const deleted = await ctx.db
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.id, auth.refreshTokenId), eq(refreshTokens.projectId, auth.project.id)))
      .returning({ userId: refreshTokens.userId });
    if (deleted.length === 0) throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    // The session ended is not served from this process's memory once the answer is out.
    for (const { userId } of deleted) wroteUser(userId);
    return json({ success: true });
  },
});
