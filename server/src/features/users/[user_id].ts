/** `GET`, `PATCH`, `DELETE /users/{user_id}` for server code (wire.md §4.8). */

import { SuccessSchema } from '../../../../wire/common.js';
import { ServerUserSchema } from '../../../../wire/user.js';
import { knownError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import type { ServerContext } from '../../services/context.js';
import { deleteUser } from '../../services/delete-user.js';
import type { RequestAuth } from '../../services/request-auth.js';
import { updateUser } from '../../services/user-update.js';
import { serverUserView } from '../../services/user-view.js';
import { loadUser, type UserRecord } from '../../services/users.js';
import { emptyBody } from '../fields.js';
import { serverUserUpdateSchema } from './bodies.js';

/** The user a path names, of the request's project; USER_NOT_FOUND otherwise. */
async function pathUser(ctx: ServerContext, auth: RequestAuth, userId: string): Promise<UserRecord> {
  const user = await loadUser(ctx.db, auth.project.id, userId.toLowerCase());
  if (!user) throw knownError('USER_NOT_FOUND');
  return user;
}

/** One user of the project. */
export const getUserRoute = defineRoute({
  method: 'GET',
  path: '/users/:user_id',
  summary: 'One user',
  response: ServerUserSchema,
  access: ['server', 'admin'],
  async handler({ ctx, auth, params, json }) {
    return json(serverUserView(await pathUser(ctx, auth, params.user_id)));
  },
});

/** Updates any field of a user, as server code may. */
export const updateUserRoute = defineRoute({
  method: 'PATCH',
  path: '/users/:user_id',
  summary: 'Updates a user',
  response: ServerUserSchema,
  access: ['server', 'admin'],
  writes: 'user',
  body: serverUserUpdateSchema,
  async handler({ ctx, auth, params, body, json, wroteUser }) {
    const user = await pathUser(ctx, auth, params.user_id);
    wroteUser(user.row.id);
    return json(serverUserView(await updateUser(ctx, auth.project, user, body, auth.type)));
  },
});

/** Deletes a user with its channels, password and sessions (ON DELETE CASCADE). */
export const deleteUserRoute = defineRoute({
  method: 'DELETE',
  path: '/users/:user_id',
  summary: 'Deletes a user',
  response: SuccessSchema,
  access: ['server', 'admin'],
  writes: 'user',
  body: emptyBody,
  async handler({ ctx, auth, params, json, wroteUser }) {
    const user = await pathUser(ctx, auth, params.user_id);
    wroteUser(user.row.id);
    await deleteUser(ctx, auth.project.id, user.row.id);
    return json({ success: true });
  },
});
