/** `GET /contact-channels` and `POST /contact-channels` (wire.md §4.9). */

import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { listOf } from '../../../../wire/common.js';
import { ContactChannelSchema } from '../../../../wire/contact-channel.js';
import { randomUuid } from '../../crypto/random.js';
import { contactChannels } from '../../db/schema.js';
import { defineRoute } from '../../http/route.js';
import { holdLiveSession } from '../../services/sessions.js';
import { emailField, userIdOrMeField, uuidField } from '../fields.js';
import {
  assertAuthValueFree,
  assertChannelIsNew,
  channelConflict,
  channelView,
  clearOtherPrimaries,
  resolveUserId,
} from './shared.js';

/** Lists channels of a user (client: its own), oldest first; server/admin may list the whole project. */
export const listContactChannelsRoute = defineRoute({
  method: 'GET',
  path: '/contact-channels',
  summary: "A user's email addresses",
  response: listOf(ContactChannelSchema),
  access: ['client', 'server', 'admin'],
  query: v.strictObject({ user_id: v.optional(userIdOrMeField), contact_channel_id: v.optional(uuidField) }),
  async handler({ ctx, auth, query, json }) {
    const filters = [eq(contactChannels.projectId, auth.project.id)];
    // Client access only ever sees its own channels, `user_id` given or not.
    if (query.user_id !== undefined || auth.type === 'client') {
      filters.push(eq(contactChannels.userId, await resolveUserId(ctx, auth, query.user_id ?? 'me', 'list')));
    }
    if (query.contact_channel_id) filters.push(eq(contactChannels.id, query.contact_channel_id));
    const rows = await ctx.db
      .select()
      .from(contactChannels)
      .where(and(...filters))
      .orderBy(asc(contactChannels.createdAt), asc(contactChannels.id));
    return json({ items: rows.map(channelView), is_paginated: false });
  },
});

const clientCreate = {
  user_id: userIdOrMeField,
  value: emailField,
  type: v.literal('email'),
  used_for_auth: v.boolean(),
  is_primary: v.optional(v.boolean()),
};
const clientCreateSchema = v.strictObject(clientCreate);
const serverCreateSchema = v.strictObject({ ...clientCreate, is_verified: v.optional(v.boolean()) });

/** Adds a channel; only server and admin access may create it verified. */
export const createContactChannelRoute = defineRoute({
  method: 'POST',
  path: '/contact-channels',
  summary: 'Adds an email address to a user',
  response: ContactChannelSchema,
  status: 201,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  bodyByAccess: { client: clientCreateSchema, server: serverCreateSchema, admin: serverCreateSchema },
  async handler({ ctx, auth, body, json, wroteUser }) {
    const userId = await resolveUserId(ctx, auth, body.user_id, 'create');
    wroteUser(userId);
    await assertChannelIsNew(ctx.db, userId, body.value);
    if (body.used_for_auth) await assertAuthValueFree(ctx.db, auth.project.id, userId, body.value);
    const id = randomUuid();
    try {
      const channel = await ctx.db.transaction(async (tx) => {
        if (auth.type === 'client') await holdLiveSession(tx, userId, auth.refreshTokenId, ctx.now());
        if (body.is_primary) await clearOtherPrimaries(tx, userId, id);
        const [row] = await tx
          .insert(contactChannels)
          .values({
            id,
            projectId: auth.project.id,
            userId,
            type: 'email',
            value: body.value,
            isPrimary: body.is_primary ?? false,
            isVerified: ('is_verified' in body && body.is_verified) || false,
            usedForAuth: body.used_for_auth,
            createdAt: new Date(ctx.now()),
          })
          .returning();
        return row!;
      });
      return json(channelView(channel), 201);
    } catch (error) {
      const conflict = channelConflict(error);
      if (conflict) throw conflict;
      throw error;
    }
  },
});
