/**
 * `POST /auth/mfa/sign-in` (wire.md §4.3, §6.5): the second step of a sign-in for a user with TOTP
 * on. The attempt code from MULTI_FACTOR_AUTHENTICATION_REQUIRED and a 6-digit code of the current
 * or the previous 30-second step sign the user in. A wrong code is INVALID_TOTP_CODE and leaves the
 * attempt usable, up to its cap of attempts. Beyond the reference: a step is accepted once only per
 * user (a second use, on this attempt or another, is refused), the secret is read from its sealed form, and a
 * recovery code (`xxxxx-xxxxx`) may stand in for the TOTP code, once.
 */
import * as v from 'valibot';
import { SignInResponseSchema } from '../../../../../wire/auth.js';
import { defineRoute } from '../../../http/route.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { useSecondFactorCode } from '../../../services/second-factor-code.js';
import { endSignIn, signInAnswer } from '../../../services/sign-in-ending.js';
import { codeField, redeemCode } from '../../../services/verification-codes.js';
import { boundedString } from '../../fields.js';

/** Completes a sign-in with a TOTP code. */
export const mfaSignInRoute = defineRoute({
  method: 'POST',
  path: '/auth/mfa/sign-in',
  summary: 'Completes a sign-in waiting for its second factor with a TOTP code',
  response: SignInResponseSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  body: v.strictObject({ code: codeField, type: v.literal('totp'), totp: boundedString(64) }),
  async handler({ ctx, auth, body, json, clientIp, wroteUser }) {
    await enforceRateLimit(ctx, auth, 'useCode', { ip: clientIp });
    const ending = await redeemCode(ctx, {
      projectId: auth.project.id,
      type: 'MFA_ATTEMPT',
      code: body.code,
      act: async (tx, row) => {
        const data = row.data as { user_id?: string; is_new_user?: boolean };
        const userId = data.user_id ?? '';
        await useSecondFactorCode(ctx, tx, { projectId: auth.project.id, userId, code: body.totp });
        return endSignIn(ctx, tx, {
          projectId: auth.project.id,
          userId,
          isNewUser: data.is_new_user ?? false,
          secondFactorDone: true,
        });
      },
    });
    // The reference answers `is_new_user` from the attempt (false for every sign-in, as here).
    wroteUser(ending.userId);
    return json(await signInAnswer(ctx, ending, { reportNewUser: true }));
  },
});
