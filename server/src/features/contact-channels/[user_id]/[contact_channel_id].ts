/** `GET`, `PATCH`, `DELETE /contact-channels/{user_id}/{contact_channel_id}` (wire.md §4.9). */

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../../wire/common.js';
import { ContactChannelSchema } from '../../../../../wire/contact-channel.js';
import { contactChannels } from '../../../db/schema.js';
import { StatusError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { holdLiveSession } from '../../../services/sessions.js';
import { emailField } from '../../fields.js';
import {
  assertAuthValueFree,
  channelConflict,
  channelNotFound,
  channelView,
  clearOtherPrimaries,
  findChannel,
  resolveUserId,
} from '../shared.js';

/** Reads one channel. */
export const getContactChannelRoute = defineRoute({
  method: 'GET',
  path: '/contact-channels/:user_id/:contact_channel_id',
  summary: 'One email address of a user',
  response: ContactChannelSchema,
  access: ['client', 'server', 'admin'],
  async handler({ ctx, auth, params, json }) {
    const userId = await resolveUserId(ctx, auth, params.user_id, 'read');
    const channel = await findChannel(ctx.db, userId, params.contact_channel_id);
    if (!channel) throw channelNotFound();
    return json(channelView(channel));
  },
});

const clientUpdate = {
  value: v.optional(emailField),
  type: v.optional(v.literal('email')),
  used_for_auth: v.optional(v.boolean()),
  is_primary: v.optional(v.boolean()),
};
const clientUpdateSchema = v.strictObject(clientUpdate);
const serverUpdateSchema = v.strictObject({ ...clientUpdate, is_verified: v.optional(v.boolean()) });

/** Updates a channel; a new value is unverified unless server access says otherwise. */
export const patchContactChannelRoute = defineRoute({
  method: 'PATCH',
  path: '/contact-channels/:user_id/:contact_channel_id',
  summary: 'Changes an email address',
  response: ContactChannelSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  bodyByAccess: {
    client: v.optional(clientUpdateSchema, {}),
    server: v.optional(serverUpdateSchema, {}),
    admin: v.optional(serverUpdateSchema, {}),
  },
  async handler({ ctx, auth, body, params, json, wroteUser }) {
    const isVerified = 'is_verified' in body ? body.is_verified : undefined;
    const userId = await resolveUserId(ctx, auth, params.user_id, 'update');
    wroteUser(userId);
    try {
      const updated = await ctx.db.transaction(async (tx) => {
        if (auth.type === 'client') await holdLiveSession(tx, userId, auth.refreshTokenId, ctx.now());
        const channel = await findChannel(tx, userId, params.contact_channel_id);
        if (!channel) throw channelNotFound();
        const value = body.value ?? channel.value;
        const usedForAuth = body.used_for_auth ?? channel.usedForAuth;
        if (usedForAuth) await assertAuthValueFree(tx, auth.project.id, userId, value);
        if (body.is_primary) await clearOtherPrimaries(tx, userId, channel.id);
        const changedValue = value !== channel.value;
        const [row] = await tx
          .update(contactChannels)
          .set({
            value,
            usedForAuth,
            isPrimary: body.is_primary ?? channel.isPrimary,
            // A new address is unproven until verified again.
            isVerified: isVerified ?? (changedValue ? false : channel.isVerified),
          })
          .where(eq(contactChannels.id, channel.id))
          .returning();
        return row!;
      });
      return json(channelView(updated));
    } catch (error) {
      const conflict = channelConflict(error);
      if (conflict) throw conflict;
      throw error;
    }
  },
});

/** Deletes a channel. */
export const deleteContactChannelRoute = defineRoute({
  method: 'DELETE',
  path: '/contact-channels/:user_id/:contact_channel_id',
  summary: 'Removes an email address',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  async handler({ ctx, auth, params, json, wroteUser }) {
    const userId = await resolveUserId(ctx, auth, params.user_id, 'delete');
    wroteUser(userId);
    const channel = await findChannel(ctx.db, userId, params.contact_channel_id);
    if (!channel) throw new StatusError(400, 'Contact channel not found');
    await ctx.db.delete(contactChannels).where(eq(contactChannels.id, channel.id));
    return json({ success: true });
  },
});
