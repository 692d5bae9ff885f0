/** `POST /auth/otp/sign-in` and `/auth/otp/sign-in/check-code` (wire.md §4.3, §6.4). */

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SignInResponseSchema } from '../../../../../wire/auth.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { ProjectRow } from '../../../db/schema.js';
import { users } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { findAuthEmailChannel } from '../../../services/auth-channels.js';
import type { ServerContext } from '../../../services/context.js';
import { createUser } from '../../../services/create-user.js';
import { applyEmailProof } from '../../../services/email-proof.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { endSignIn, signInAnswer } from '../../../services/sign-in-ending.js';
import {
  type CodeRow,
  type CodeTransaction,
  codeField,
  redeemCode,
} from '../../../services/verification-codes.js';
import { checkCodeRoute } from '../../check-code-route.js';
import { magicLinkDisabled } from './send-sign-in-code.js';

/** The address was found on an account that no longer signs in with it once the account was locked. */
class AddressMovedError extends Error {}

/**
 * Signs in the owner of the code's email, creating the user on first use, in the transaction that
 * uses the code: a refused sign-up or a failed write leaves no user, no session and the code unused.
 */
async function signInWithCode(ctx: ServerContext, project: ProjectRow, tx: CodeTransaction, row: CodeRow) {
  const email = (row.method as { email?: string }).email ?? '';
  const channel = await findAuthEmailChannel(tx, project.id, email);
  let userId = channel?.userId;
  if (channel && userId) {
    // The code proves the address: what an unproven sign-up set up on the account is revoked.
    const proven = await applyEmailProof(tx, { userId, email, now: ctx.now() });
    // The account let go of the address meanwhile: try again, as a new user if it is free now.
    if (!proven) throw new AddressMovedError();
    await tx.update(users).set({ otpAuthEnabled: true }).where(eq(users.id, userId));
  } else {
    if (!project.signUpEnabled) throw knownError('SIGN_UP_NOT_ENABLED');
    const created = await createUser(ctx, tx, project, {
      at: new Date(ctx.now()),
      otpAuthEnabled: true,
      // Receiving the code proves the address.
      primaryEmail: { value: email, isVerified: true, usedForAuth: true },
    });
    userId = created.userId;
  }
  const ending = await endSignIn(ctx, tx, { projectId: project.id, userId, isNewUser: !channel });
  return { ending };
}

/** Signs in (or up) with a 45-character code: the emailed link's, or the typed OTP plus nonce. */
export const otpSignInRoute = defineRoute({
  method: 'POST',
  path: '/auth/otp/sign-in',
  summary: 'Signs in (or up) with an emailed code',
  response: SignInResponseSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  body: v.strictObject({ code: codeField }),
  async handler({ ctx, auth, body, json, clientIp, wroteUser }) {
    const { project } = auth;
    if (!project.magicLinkEnabled) throw magicLinkDisabled();
    await enforceRateLimit(ctx, auth, 'useCode', { ip: clientIp });
    const result = await redeemCode(ctx, {
      projectId: project.id,
      type: 'ONE_TIME_PASSWORD',
      code: body.code,
      act: (tx, row) => signInWithCode(ctx, project, tx, row),
      // Two first uses of different codes for one new email: the loser signs in as the winner's
      // user. An address that left its account while the proof waited: it is tried afresh.
      retryOn: (error) => isUniqueViolation(error) || error instanceof AddressMovedError,
    });
    wroteUser(result.ending.userId);
    return json(await signInAnswer(ctx, result.ending, { reportNewUser: true }));
  },
});

/** Says whether a sign-in code would be accepted (counts as an attempt). */
export const otpCheckCodeRoute = checkCodeRoute('/auth/otp/sign-in/check-code', 'ONE_TIME_PASSWORD');
