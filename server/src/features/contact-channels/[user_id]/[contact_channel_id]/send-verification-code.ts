import * as v from 'valibot';
import { SuccessSchema } from '../../../../../../wire/common.js';
import { knownError, StatusError } from '../../../../errors.js';
import { defineRoute } from '../../../../http/route.js';
import { sendVerificationEmail } from '../../../../services/channel-verification.js';
import { enforceRateLimit } from '../../../../services/rate-limit/enforce.js';
import { assertTrustedRedirect } from '../../../../services/redirect-urls.js';
import { loadUser } from '../../../../services/users.js';
import { urlField } from '../../../fields.js';
import { findChannel, resolveUserId } from '../../shared.js';

/**
 * Emails a verification link for one channel. `me` without a signed-in user is refused before the
 * body is read; client access without a user gets the same answer for any id, and with a user, 400
 * for another user's id (the reference's texts, its send-verification-code route).
 */
export const sendChannelVerificationRoute = defineRoute({
  method: 'POST',
  path: '/contact-channels/:user_id/:contact_channel_id/send-verification-code',
  summary: "Emails a verification link for one of a user's addresses",
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  writes: 'none',
  me: 'user_id',
  body: v.strictObject({ callback_url: urlField }),
  async handler({ ctx, auth, params, body, json, clientIp }) {
    let userId: string;
    if (auth.type === 'client') {
      if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
      userId = auth.user.row.id;
      const named = params.user_id === 'me' ? userId : params.user_id.toLowerCase();
      if (named !== userId) throw new StatusError(400, 'Can only send verification code for your own user');
    } else userId = await resolveUserId(ctx, auth, params.user_id, 'verify');
    const channel = await findChannel(ctx.db, userId, params.contact_channel_id);
    if (!channel) throw new StatusError(404, 'Contact channel not found');
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
