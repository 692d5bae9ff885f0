/** `GET`, `PATCH`, `DELETE /users/me` (wire.md §4.8). */

import * as v from 'valibot';
import { SuccessSchema } from '../../../../wire/common.js';
import { ClientUserSchema, ServerUserSchema } from '../../../../wire/user.js';
import { StatusError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { deleteUser } from '../../services/delete-user.js';
import type { RequestAuth } from '../../services/request-auth.js';
import { updateUser } from '../../services/user-update.js';
import { clientUserView, serverUserView } from '../../services/user-view.js';
import type { UserRecord } from '../../services/users.js';
import { emptyBody } from '../fields.js';
import { clientUserUpdateSchema, serverUserUpdateSchema } from './bodies.js';

const ANY = ['client', 'server', 'admin'] as const;

/** The signed-in user of a `me: true` route (the pipeline answered already when there is none). */
const me = (auth: RequestAuth): UserRecord => auth.user!;

/** The view of the user that `auth`'s access type sees. */
const viewFor = (auth: RequestAuth) => (auth.type === 'client' ? clientUserView : serverUserView);

/** The signed-in user, client or server shape. */
export const getMeRoute = defineRoute({
  method: 'GET',
  path: '/users/me',
  summary: 'The signed-in user (client or server view)',
  response: v.union([ServerUserSchema, ClientUserSchema]),
  access: ANY,
  me: true,
  // Authentication brought the user: answered in the turn the request arrived when it came from
  // memory, with the text made the first time this record was sent.
  handler({ auth, jsonOf }) {
    return jsonOf(me(auth), viewFor(auth));
  },
});

/** Updates the signed-in user; the field set depends on the access type. */
export const patchMeRoute = defineRoute({
  method: 'PATCH',
  path: '/users/me',
  summary: 'Updates the signed-in user',
  response: v.union([ServerUserSchema, ClientUserSchema]),
  access: ANY,
  writes: 'user',
  me: true,
  // A PATCH without a body changes nothing, as an empty one does.
  bodyByAccess: {
    client: v.optional(clientUserUpdateSchema, {}),
    server: v.optional(serverUserUpdateSchema, {}),
    admin: v.optional(serverUserUpdateSchema, {}),
  },
  async handler({ ctx, auth, body, json, wroteUser }) {
    wroteUser(me(auth).row.id);
    return json(viewFor(auth)(await updateUser(ctx, auth.project, me(auth), body, auth.type)));
  },
});

/** Deletes the signed-in user (client access only when the project allows it). */
export const deleteMeRoute = defineRoute({
  method: 'DELETE',
  path: '/users/me',
  summary: 'Deletes the signed-in user',
  response: SuccessSchema,
  access: ANY,
  writes: 'user',
  me: true,
  body: emptyBody,
  async handler({ ctx, auth, json, wroteUser }) {
    const user = me(auth);
    wroteUser(user.row.id);
    if (auth.type === 'client' && !auth.project.clientUserDeletionEnabled) {
      throw new StatusError(400, 'Client user deletion is not enabled for this project');
    }
    await deleteUser(ctx, auth.project.id, user.row.id);
    return json({ success: true });
  },
});
