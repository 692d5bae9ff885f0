import * as v from 'valibot';
import type { refreshTokens } from '../../../db/schema.js';
import { knownError, StatusError } from '../../../errors.js';
import type { ServerContext } from '../../../services/context.js';
import type { RequestAuth } from '../../../services/request-auth.js';
import { loadUser } from '../../../services/users.js';
import { boundedString, INPUT_LIMITS, uuidField } from '../../fields.js';

export const userQuery = v.strictObject({ user_id: boundedString(INPUT_LIMITS.text) });
/** Session ids are UUIDs; anything else is a malformed request, as on Stack (`params.id`). */
export const sessionParams = v.strictObject({ id: uuidField });

/** The user a request names: `me`, itself, or (server and admin access) any user of the project. */
export async function sessionsUser(
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
export function sessionView(row: typeof refreshTokens.$inferSelect, currentId: string | undefined) {
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
