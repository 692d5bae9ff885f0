/** `POST` and `GET /auth/sessions` (wire.md §4.6): create a session for a user (server code), list a user's sessions. */

import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import * as v from 'valibot';
import { listOf } from '../../../../../wire/common.js';
import { CreatedSessionSchema, SessionSchema } from '../../../../../wire/session.js';
import { refreshTokens } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { markActive } from '../../../services/activity.js';
import { createSession } from '../../../services/sessions.js';
import { loadUser } from '../../../services/users.js';
import { boundedString, INPUT_LIMITS } from '../../fields.js';

import { sessionsUser, sessionView, userQuery } from './shared.js';

const DAY_MS = 24 * 3600 * 1000;

/** Creates a session (refresh + access token) for a user of the project. */
export const createSessionRoute = defineRoute({
  method: 'POST',
  path: '/auth/sessions',
  summary: 'Creates a session for a user (server code)',
  response: CreatedSessionSchema,
  access: ['server', 'admin'],
  writes: 'user',
  body: v.strictObject({
    user_id: boundedString(INPUT_LIMITS.text),
    expires_in_millis: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be an integer'),
        v.minValue(1, 'must be positive'),
        v.maxValue(367 * DAY_MS, `must be less than or equal to ${367 * DAY_MS}`),
      ),
    ),
    is_impersonation: v.optional(v.boolean()),
  }),
  async handler({ ctx, auth, body, json, wroteUser }) {
    let userId = body.user_id;
    if (userId === 'me') {
      if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
      userId = auth.user.row.id;
    }
    const user = await loadUser(ctx.db, auth.project.id, userId);
    if (!user) throw knownError('USER_ID_DOES_NOT_EXIST', { user_id: userId });
    wroteUser(user.row.id);
    const session = await createSession(ctx.db, ctx.now, {
      projectId: auth.project.id,
      userId,
      expiresInMs: body.expires_in_millis ?? 365 * DAY_MS,
      isImpersonation: body.is_impersonation ?? false,
    });
    const accessToken = await ctx.tokens.sign({
      projectId: auth.project.id,
      userId,
      refreshTokenId: session.id,
      isImpersonation: body.is_impersonation ?? false,
    });
    // An access token made for the user is activity, as the reference logs it.
    await markActive(ctx, auth.project.id, user.row.id);
    return json({ refresh_token: session.refreshToken, access_token: accessToken });
  },
});

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
