import * as v from 'valibot';
import { SuccessSchema } from '../../../../../../wire/common.js';
import { knownError } from '../../../../errors.js';
import { defineRoute } from '../../../../http/route.js';
import { sendVerificationEmail } from '../../../../services/channel-verification.js';
import { enforceRateLimit } from '../../../../services/rate-limit/enforce.js';
import { assertTrustedRedirect } from '../../../../services/redirect-urls.js';
import { loadUser } from '../../../../services/users.js';
import { urlField } from '../../../fields.js';
import { channelNotFound, findChannel, resolveUserId } from '../../shared.js';

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
    const userId = await resolveUserId(ctx, auth, params.user_id, 'verify', 400);
    const channel = await findChannel(ctx.db, userId, params.contact_channel_id);
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
