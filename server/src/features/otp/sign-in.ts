/** `POST /auth/otp/sign-in` and `/auth/otp/sign-in/check-code` (wire.md §4.3, §6.4). */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { randomUuid } from '../../crypto/random.js';
import { isUniqueViolation } from '../../db/errors.js';
import { contactChannels, users } from '../../db/schema.js';
import type { ProjectRow } from '../../http/auth.js';
import { knownError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { findAuthEmailChannel } from '../../services/auth-channels.js';
import type { ServerContext } from '../../services/context.js';
import { createSession } from '../../services/sessions.js';
import { attemptCode, type CodeRow, codeField, consumeCode } from '../../services/verification-codes.js';
import { magicLinkDisabled } from './send-sign-in-code.js';

/**
 * Consumes the code and signs in the owner of its email, creating the user on first use, all in
 * one transaction: a refused code or a failed write leaves no user, no session and the code unused.
 */
async function signInWithCode(ctx: ServerContext, project: ProjectRow, row: CodeRow) {
  const email = (row.method as { email?: string }).email ?? '';
  return ctx.db.transaction(async (tx) => {
    await consumeCode(tx, ctx.now, row.id);
    const channel = await findAuthEmailChannel(tx, project.id, email);
    let userId = channel?.userId;
    if (userId) {
      await tx.update(users).set({ otpAuthEnabled: true }).where(eq(users.id, userId));
    } else {
      if (!project.signUpEnabled) throw knownError('SIGN_UP_NOT_ENABLED');
      userId = randomUuid();
      const at = new Date(ctx.now());
      await tx
        .insert(users)
        .values({ id: userId, projectId: project.id, createdAt: at, otpAuthEnabled: true });
      await tx.insert(contactChannels).values({
        id: randomUuid(),
        projectId: project.id,
        userId,
        type: 'email',
        value: email,
        isPrimary: true,
        // Receiving the code proves the address.
        isVerified: true,
        usedForAuth: true,
        createdAt: at,
      });
    }
    const session = await createSession(tx, ctx.now, { projectId: project.id, userId });
    return { userId, session, isNewUser: !channel };
  });
}

/** Signs in (or up) with a 45-character code: the emailed link's, or the typed OTP plus nonce. */
export const otpSignInRoute = defineRoute({
  method: 'POST',
  path: '/auth/otp/sign-in',
  access: ['client', 'server', 'admin'],
  body: v.strictObject({ code: codeField }),
  async handler({ ctx, auth, body, json }) {
    const { project } = auth;
    if (!project.magicLinkEnabled) throw magicLinkDisabled();
    const row = await attemptCode(ctx, project.id, 'ONE_TIME_PASSWORD', body.code);
    let result: Awaited<ReturnType<typeof signInWithCode>>;
    try {
      result = await signInWithCode(ctx, project, row);
    } catch (error) {
      // Two first uses of different codes for one new email: the loser signs in as the winner's user.
      if (!isUniqueViolation(error)) throw error;
      result = await signInWithCode(ctx, project, row);
    }
    const accessToken = await ctx.tokens.sign({
      projectId: project.id,
      userId: result.userId,
      refreshTokenId: result.session.id,
    });
    return json({
      access_token: accessToken,
      refresh_token: result.session.refreshToken,
      is_new_user: result.isNewUser,
      user_id: result.userId,
    });
  },
});

/** Says whether a sign-in code would be accepted (counts as an attempt). */
export const otpCheckCodeRoute = defineRoute({
  method: 'POST',
  path: '/auth/otp/sign-in/check-code',
  access: ['client', 'server', 'admin'],
  body: v.strictObject({ code: codeField }),
  async handler({ ctx, auth, body, json }) {
    await attemptCode(ctx, auth.project.id, 'ONE_TIME_PASSWORD', body.code);
    return json({ is_code_valid: true });
  },
});
