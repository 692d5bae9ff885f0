import * as v from 'valibot';
import { SuccessSchema } from '../../../../wire/common.js';
import { knownError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { sendVerificationEmail } from '../../services/channel-verification.js';
import { enforceRateLimit } from '../../services/rate-limit/enforce.js';
import { assertTrustedRedirect } from '../../services/redirect-urls.js';
import { signInEmailField, urlField } from '../fields.js';

/** The legacy send for the signed-in user's primary email (what `user.sendVerificationEmail()` calls). */
export const sendPrimaryVerificationRoute = defineRoute({
  method: 'POST',
  path: '/contact-channels/send-verification-code',
  summary: "Emails a verification link for the signed-in user's primary address",
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  writes: 'none',
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
