/** `GET` and `POST /users` for server code (wire.md §4.8). */

import * as v from 'valibot';
import { ServerUserSchema, UserListSchema } from '../../../../wire/user.js';
import { defineRoute } from '../../http/route.js';
import { createServerUser } from '../../services/server-user-create.js';
import { listUsers } from '../../services/user-list.js';
import { serverUserView } from '../../services/user-view.js';
import { boundedString, INPUT_LIMITS, uuidField } from '../fields.js';
import { serverUserCreateSchema } from './bodies.js';

const booleanText = v.pipe(
  v.picklist(['true', 'false'], 'must be true or false'),
  v.transform((text) => text === 'true'),
);

const listQuery = v.strictObject({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'must be a positive integer'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
    ),
  ),
  cursor: v.optional(uuidField),
  order_by: v.optional(v.picklist(['signed_up_at'], 'must be signed_up_at')),
  desc: v.optional(booleanText),
  query: v.optional(boundedString(INPUT_LIMITS.text)),
  team_id: v.optional(uuidField),
  // Signet additions (the reference has no such filters): what the console's users page filters by.
  primary_email_verified: v.optional(booleanText),
  has_password: v.optional(booleanText),
  oauth_provider: v.optional(v.pipe(boundedString(INPUT_LIMITS.name), v.minLength(1, 'must not be empty'))),
});

/**
 * A page of the project's users in sign-up order; signet also filters by a verified primary email,
 * a password and an OAuth provider (docs/users-at-scale.md).
 */
export const listUsersRoute = defineRoute({
  method: 'GET',
  path: '/users',
  summary: "A page of the project's users",
  response: UserListSchema,
  access: ['server', 'admin'],
  query: listQuery,
  async handler({ ctx, auth, query, json }) {
    const page = await listUsers(ctx.db, auth.project.id, {
      limit: query.limit,
      cursor: query.cursor,
      desc: query.desc,
      query: query.query,
      teamId: query.team_id,
      primaryEmailVerified: query.primary_email_verified,
      hasPassword: query.has_password,
      oauthProvider: query.oauth_provider,
    });
    return json({
      items: page.items.map(serverUserView),
      is_paginated: true,
      pagination: { next_cursor: page.nextCursor },
    });
  },
});

/** Creates a user: with a password or an imported bcrypt hash, flags, metadata. */
export const createUserRoute = defineRoute({
  method: 'POST',
  path: '/users',
  summary: 'Creates a user',
  response: ServerUserSchema,
  status: 201,
  access: ['server', 'admin'],
  writes: 'user',
  body: serverUserCreateSchema,
  async handler({ ctx, auth, body, json, wroteUser }) {
    const user = await createServerUser(ctx, auth.project, body);
    wroteUser(user.row.id);
    return json(serverUserView(user), 201);
  },
});
