/** `GET`, `PATCH`, `DELETE /users/me` (wire.md §4.8). */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import type { RequestAuth } from '../../http/auth.js';
import { knownError, StatusError } from '../../http/errors.js';
import { defineRoute, validateOrThrow } from '../../http/route.js';
import { clientUserUpdateSchema, serverUserUpdateSchema, updateUser } from '../../services/user-update.js';
import { clientUserView, serverUserView } from '../../services/user-view.js';
import type { UserRecord } from '../../services/users.js';
import { emptyBody } from '../fields.js';

const ANY = ['client', 'server', 'admin'] as const;

/** `me` needs a signed-in user; the check comes before validation, as Stack's does. */
function me(auth: RequestAuth): UserRecord {
  if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
  return auth.user;
}

const view = (auth: RequestAuth, user: UserRecord) =>
  auth.type === 'client' ? clientUserView(user) : serverUserView(user);

/** The signed-in user, client or server shape. */
export const getMeRoute = defineRoute({
  method: 'GET',
  path: '/users/me',
  access: ANY,
  async handler({ auth, json }) {
    return json(view(auth, me(auth)));
  },
});

/** Updates the signed-in user; the field set depends on the access type. */
export const patchMeRoute = defineRoute({
  method: 'PATCH',
  path: '/users/me',
  access: ANY,
  async handler({ ctx, auth, request, rawBody, json }) {
    const user = me(auth);
    const schema = auth.type === 'client' ? clientUserUpdateSchema : serverUserUpdateSchema;
    const update = validateOrThrow(request, 'body', schema, rawBody ?? {});
    return json(view(auth, await updateUser(ctx, auth.project, user, update, auth.type)));
  },
});

/** Deletes the signed-in user (client access only when the project allows it). */
export const deleteMeRoute = defineRoute({
  method: 'DELETE',
  path: '/users/me',
  access: ANY,
  body: emptyBody,
  async handler({ ctx, auth, json }) {
    const user = me(auth);
    if (auth.type === 'client' && !auth.project.clientUserDeletionEnabled) {
      throw new StatusError(400, 'Client user deletion is not enabled for this project');
    }
    // Channels, password and sessions go with the user (ON DELETE CASCADE).
    await ctx.db.delete(users).where(eq(users.id, user.row.id));
    return json({ success: true });
  },
});
