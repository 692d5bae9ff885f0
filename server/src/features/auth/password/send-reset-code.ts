/** `POST /auth/password/send-reset-code` (wire.md §4.2, §6.3). */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { users } from '../../../db/schema.js';
import { sendProjectEmail } from '../../../email/send-project-email.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { findAuthEmailChannel } from '../../../services/auth-channels.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { assertTrustedRedirect, linkWithCode } from '../../../services/redirect-urls.js';
import { createVerificationCode } from '../../../services/verification-codes.js';
import { emailField, urlField } from '../../fields.js';

/** The answer either way, a string as the wire has it. */
const MAYBE = { success: 'maybe, only if user with e-mail exists' };

/**
 * Emails a password-reset link if a user signs in with this email. The answer is the same either
 * way and takes the same randomised time (2–3 s by default) either way, so neither the body nor the
 * timing tells whether the email exists. Unlike the wire, the callback URL is checked for every
 * email, so that check cannot leak existence either.
 */
export const sendResetCodeRoute = defineRoute({
  method: 'POST',
  path: '/auth/password/send-reset-code',
  summary: 'Emails a password-reset link, if the email signs in',
  response: v.object({ success: v.literal(MAYBE.success) }),
  access: ['client', 'server', 'admin'],
  writes: 'none',
  body: v.strictObject({ email: emailField, callback_url: urlField }),
  async handler({ ctx, auth, body, json, clientIp }) {
    const { project } = auth;
    if (!project.credentialEnabled) throw knownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
    assertTrustedRedirect(project, body.callback_url);
    // Counted whether or not the email exists, so a 429 tells nothing about it either.
    await enforceRateLimit(ctx, auth, 'sendCode', { ip: clientIp, email: body.email });
    const { min, max } = ctx.resetCodeResponseTimeMs;
    const answerAt = Date.now() + min + Math.random() * Math.max(0, max - min);

    const channel = await findAuthEmailChannel(ctx.db, project.id, body.email);
    if (channel) {
      const code = await createVerificationCode(ctx, {
        projectId: project.id,
        type: 'PASSWORD_RESET',
        method: { email: body.email },
        data: { user_id: channel.userId },
        redirectUrl: body.callback_url,
      });
      const [user] = await ctx.db
        .select({ displayName: users.displayName })
        .from(users)
        .where(eq(users.id, channel.userId));
      await sendProjectEmail(ctx, project, {
        type: 'password_reset',
        to: body.email,
        userDisplayName: user?.displayName,
        variables: { passwordResetLink: linkWithCode(body.callback_url, code) },
      });
    }
    const wait = answerAt - Date.now();
    if (wait > 0) await sleep(wait);
    return json(MAYBE);
  },
});
