/** Whose connected accounts a request may touch: a client only its own, server code any user's. */
import * as v from 'valibot';
import { knownError, StatusError } from '../../errors.js';
import type { RequestAuth } from '../../http/auth.js';
import type { ServerContext } from '../../services/context.js';
import { isUuid, loadUser } from '../../services/users.js';

/** `me` or a user UUID. */
export const connectedUserIdField = v.pipe(
  v.string(),
  v.check((value) => value === 'me' || isUuid(value), 'must be "me" or a valid UUID'),
);

/** The user `userId` of the path means: USER_NOT_FOUND for another project's or an unknown user. */
export async function connectedAccountUser(
  ctx: ServerContext,
  auth: RequestAuth,
  userId: string,
): Promise<string> {
  if (userId === 'me') {
    if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
    return auth.user.row.id;
  }
  if (auth.type === 'client') {
    if (auth.user?.row.id !== userId.toLowerCase()) {
      throw new StatusError(403, 'Client can only access connected accounts of their own user.');
    }
    return auth.user.row.id;
  }
  const user = await loadUser(ctx.db, auth.project.id, userId.toLowerCase());
  if (!user) throw knownError('USER_NOT_FOUND');
  return user.row.id;
}
