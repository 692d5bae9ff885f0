/** `POST /auth/otp/send-sign-in-code` (wire.md §4.3, §6.4). */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { users } from '../../../db/schema.js';
import { LEGACY_MAGIC_LINK_CONTENT } from '../../../email/default-templates.js';
import { sendProjectEmail } from '../../../email/send-project-email.js';
import { knownError, StatusError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { findAuthEmailChannel } from '../../../services/auth-channels.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { assertTrustedRedirect, linkWithCode } from '../../../services/redirect-urls.js';
import { createVerificationCode, nonceOf, otpOf } from '../../../services/verification-codes.js';
import { signInEmailField, urlField } from '../../fields.js';
import { isLegacySignInClient } from './client-version.js';

/** The 403 of a project without magic link. */
export const magicLinkDisabled = () => new StatusError(403, 'Magic link is not enabled for this project');

/** Emails a sign-in code and link; answers with the nonce that completes a typed code. */
export const sendSignInCodeRoute = defineRoute({
  method: 'POST',
  path: '/auth/otp/send-sign-in-code',
  summary: 'Emails a sign-in code and link',
  response: v.object({ nonce: v.string() }),
  access: ['client', 'server', 'admin'],
  writes: 'user',
  body: v.strictObject({ email: signInEmailField, callback_url: urlField }),
  async handler({ ctx, auth, body, json, clientIp, request, wroteUser }) {
    const { project } = auth;
    if (!project.magicLinkEnabled) throw magicLinkDisabled();
    assertTrustedRedirect(project, body.callback_url);
    await enforceRateLimit(ctx, auth, 'sendCode', { ip: clientIp, email: body.email });

    const channel = await findAuthEmailChannel(ctx.db, project.id, body.email);
    let displayName: string | null = null;
    if (channel) {
      // An unverified email may belong to someone who merely typed it at sign-up.
      if (!channel.isVerified) throw knownError('USER_EMAIL_ALREADY_EXISTS');
      const [user] = await ctx.db
        .update(users)
        .set({ otpAuthEnabled: true })
        .where(eq(users.id, channel.userId))
        .returning({ displayName: users.displayName });
      wroteUser(channel.userId);
      displayName = user?.displayName ?? null;
    } else if (!project.signUpEnabled) {
      throw knownError('SIGN_UP_NOT_ENABLED');
    }

    const code = await createVerificationCode(ctx, {
      projectId: project.id,
      type: 'ONE_TIME_PASSWORD',
      method: { email: body.email },
      data: {},
      redirectUrl: body.callback_url,
    });
    await sendProjectEmail(ctx, project, {
      type: 'magic_link',
      to: body.email,
      userDisplayName: displayName,
      variables: { magicLink: linkWithCode(body.callback_url, code), otp: otpOf(code) },
      // SDKs up to 2.5.37 get the link without the code to type (a customised template is kept).
      ...(isLegacySignInClient(request) ? { defaultContent: LEGACY_MAGIC_LINK_CONTENT } : {}),
    });
    return json({ nonce: nonceOf(code) });
  },
});
