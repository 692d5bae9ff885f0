/** `POST /auth/password/sign-up` (wire.md §4.2, §6.2). */

import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SignInResponseSchema } from '../../../../../wire/auth.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { contactChannels } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { isSignInEmail } from '../../../services/auth-channels.js';
import { sendVerificationEmail } from '../../../services/channel-verification.js';
import { createUser } from '../../../services/create-user.js';
import { passwordProblem } from '../../../services/passwords.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { isTrustedRedirect } from '../../../services/redirect-urls.js';
import { endSignIn, type SignInEnding, signInAnswer } from '../../../services/sign-in-ending.js';
import { passwordField, signInEmailField, urlField } from '../../fields.js';

/** Creates a user with an unverified primary email used for auth, and signs them in. */
export const signUpRoute = defineRoute({
  method: 'POST',
  path: '/auth/password/sign-up',
  summary: 'Signs up with an email and a password',
  response: SignInResponseSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  body: v.strictObject({
    email: signInEmailField,
    password: passwordField,
    verification_callback_url: urlField,
  }),
  async handler({ ctx, auth, body, json, clientIp, wroteUser }) {
    const { project } = auth;
    if (!project.credentialEnabled) throw knownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
    const problem = passwordProblem(body.password);
    if (problem) throw problem;
    if (!project.signUpEnabled) throw knownError('SIGN_UP_NOT_ENABLED');
    await enforceRateLimit(ctx, auth, 'signUp', { ip: clientIp });

    // Cheap early answer for the common duplicate; the unique index settles races below.
    const [taken] = await ctx.db
      .select({ id: contactChannels.id })
      .from(contactChannels)
      .where(and(eq(contactChannels.projectId, project.id), isSignInEmail(body.email)));
    if (taken) throw knownError('USER_EMAIL_ALREADY_EXISTS');

    const passwordHash = await ctx.passwords.hash(body.password);
    const at = new Date(ctx.now());
    let ending: SignInEnding;
    try {
      ending = await ctx.db.transaction(async (tx) => {
        const { userId } = await createUser(ctx, tx, project, {
          at,
          primaryEmail: { value: body.email, isVerified: false, usedForAuth: true },
          passwordHash,
        });
        // Made in this very transaction, the user has no second factor: no read to learn it.
        return endSignIn(ctx, tx, { projectId: project.id, userId, isNewUser: true, secondFactorDone: true });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw knownError('USER_EMAIL_ALREADY_EXISTS');
      throw error;
    }

    // The verification email is in the outbox when sign-up answers, but never fails it (wire.md §4.2).
    try {
      if (isTrustedRedirect(project, body.verification_callback_url)) {
        await sendVerificationEmail(ctx, project, {
          userId: ending.userId,
          email: body.email,
          callbackUrl: body.verification_callback_url,
        });
      } else ctx.log(`sign-up: verification_callback_url not trusted, no email sent`);
    } catch (error) {
      ctx.log(`sign-up verification email failed: ${String(error)}`);
    }

    wroteUser(ending.userId);

    return json(await signInAnswer(ctx, ending));
  },
});
