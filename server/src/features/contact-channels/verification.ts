/**
 * Email verification of contact channels (wire.md §4.9, §6.9): send a code for a channel, the
 * legacy send for the primary email, and verify (or check) the code.
 */

import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../core/wire/common.js';
import { contactChannels } from '../../db/schema.js';
import { knownError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { sendVerificationEmail } from '../../services/channel-verification.js';
import { enforceRateLimit } from '../../services/rate-limit/enforce.js';
import { assertTrustedRedirect } from '../../services/redirect-urls.js';
import { loadUser } from '../../services/users.js';
import { codeField, redeemCode } from '../../services/verification-codes.js';
import { checkCodeRoute } from '../check-code-route.js';
import { signInEmailField, urlField } from '../fields.js';
import { channelNotFound, findChannel, resolveUserId } from './shared.js';

/** Emails a verification link for one channel. */
export const sendChannelVerificationRoute = defineRoute({
  method: 'POST',
  path: '/contact-channels/:user_id/:contact_channel_id/send-verification-code',
  summary: "Emails a verification link for one of a user's addresses",
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  body: v.strictObject({ callback_url: urlField }),
  async handler({ ctx, auth, params, body, json, clientIp }) {
    // The wire answers 400 (not 403) when a client names another user here.
    const userId = await resolveUserId(ctx, auth, params.user_id!, 'verify', 400);
    const channel = await findChannel(ctx.db, userId, params.contact_channel_id!);
    if (!channel) throw channelNotFound();
    if (channel.isVerified) throw knownError('EMAIL_ALREADY_VERIFIED');
    assertTrustedRedirect(auth.project, body.callback_url);
    await enforceRateLimit(ctx, auth, 'sendCode', { ip: clientIp, email: channel.value });
    const user = await loadUser(ctx.db, auth.project.id, userId);
    await sendVerificationEmail(ctx, auth.project, {
      userId,
      email: channel.value,
      callbackUrl: body.callback_url,
      userDisplayName: user?.row.displayName,
    });
    return json({ success: true });
  },
});

/** The legacy send for the signed-in user's primary email (what `user.sendVerificationEmail()` calls). */
export const sendPrimaryVerificationRoute = defineRoute({
  method: 'POST',
  path: '/contact-channels/send-verification-code',
  summary: "Emails a verification link for the signed-in user's primary address",
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  user: true,
  body: v.strictObject({ email: signInEmailField, callback_url: urlField }),
  async handler({ ctx, auth, body, json, clientIp }) {
    const primary = auth.user.channels.find((c) => c.type === 'email' && c.isPrimary);
    if (primary?.value !== body.email) {
      throw knownError('EMAIL_IS_NOT_PRIMARY_EMAIL', {
        email: body.email,
        primary_email: primary?.value ?? null,
      });
    }
    if (primary.isVerified) throw knownError('EMAIL_ALREADY_VERIFIED');
    assertTrustedRedirect(auth.project, body.callback_url);
    await enforceRateLimit(ctx, auth, 'sendCode', { ip: clientIp, email: primary.value });
    await sendVerificationEmail(ctx, auth.project, {
      userId: auth.user.row.id,
      email: primary.value,
      callbackUrl: body.callback_url,
      userDisplayName: auth.user.row.displayName,
    });
    return json({ success: true });
  },
});

/** Marks the (user, email) channel of the code verified; the code is used in the same transaction. */
export const verifyChannelRoute = defineRoute({
  method: 'POST',
  path: '/contact-channels/verify',
  summary: 'Verifies an address with an emailed code',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  body: v.strictObject({ code: codeField }),
  async handler({ ctx, auth, body, json, clientIp }) {
    await enforceRateLimit(ctx, auth, 'useCode', { ip: clientIp });
    await redeemCode(ctx, {
      projectId: auth.project.id,
      type: 'CONTACT_CHANNEL_VERIFICATION',
      code: body.code,
      async act(tx, row) {
        const email = String((row.method as { email?: unknown }).email ?? '');
        const userId = String((row.data as { user_id?: unknown }).user_id ?? '');
        await tx
          .update(contactChannels)
          .set({ isVerified: true })
          .where(
            and(
              eq(contactChannels.userId, userId),
              eq(contactChannels.type, 'email'),
              eq(contactChannels.value, email),
            ),
          );
      },
    });
    return json({ success: true });
  },
});

/** Says whether a verification code would be accepted (counts as an attempt). */
export const verifyCheckCodeRoute = checkCodeRoute(
  '/contact-channels/verify/check-code',
  'CONTACT_CHANNEL_VERIFICATION',
);
