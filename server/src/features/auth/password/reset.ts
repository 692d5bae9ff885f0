/** `POST /auth/password/reset` and `/auth/password/reset/check-code` (wire.md §4.2, §6.3). */

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../../wire/common.js';
import { passwordCredentials, refreshTokens, users } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { applyEmailProof } from '../../../services/email-proof.js';
import { passwordProblem } from '../../../services/passwords.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { codeField, redeemCode } from '../../../services/verification-codes.js';
import { emitEvents } from '../../../services/webhooks/emit.js';
import { userEvent } from '../../../services/webhooks/payloads.js';
import { checkCodeRoute } from '../../check-code-route.js';
import { passwordField } from '../../fields.js';

/**
 * Sets a new password with a reset code and ends every session of the user. The wire burns the
 * code before checking the password; here a too-short password is refused first and the code
 * stays usable, and the code is consumed in the same transaction as the new password.
 */
export const resetPasswordRoute = defineRoute({
  method: 'POST',
  path: '/auth/password/reset',
  summary: 'Sets a new password with a reset code',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  body: v.strictObject({ code: codeField, password: passwordField }),
  async handler({ ctx, auth, body, json, clientIp, wroteUser }) {
    const { project } = auth;
    if (!project.credentialEnabled) throw knownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
    await enforceRateLimit(ctx, auth, 'useCode', { ip: clientIp });
    await redeemCode(ctx, {
      projectId: project.id,
      type: 'PASSWORD_RESET',
      code: body.code,
      prepare: () => {
        const problem = passwordProblem(body.password);
        if (problem) throw problem;
        return ctx.passwords.hash(body.password);
      },
      async act(tx, row, passwordHash) {
        const userId = String((row.data as { user_id?: unknown }).user_id ?? '');
        wroteUser(userId);
        const at = new Date(ctx.now());
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!user) throw knownError('USER_NOT_FOUND');
        // The emailed code proves the address it went to: if the account had not proven it, what
        // was set up without the proof goes (the password below is the code holder's own).
        const email = (row.method as { email?: string }).email ?? '';
        const channel = await applyEmailProof(tx, { userId, email, now: ctx.now() });
        // A link to an address that stopped signing in to the account (another address's proof
        // revoked it, or its owner turned it off) no longer resets the account's password.
        if (!channel) throw knownError('VERIFICATION_CODE_EXPIRED');
        await tx
          .insert(passwordCredentials)
          .values({ userId, passwordHash, updatedAt: at })
          .onConflictDoUpdate({ target: passwordCredentials.userId, set: { passwordHash, updatedAt: at } });
        await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
        await emitEvents(ctx, tx, project.id, await userEvent(tx, 'user.updated', project.id, userId));
      },
    });
    return json({ success: true });
  },
});

/** Says whether a reset code would be accepted (counts as an attempt). */
export const resetCheckCodeRoute = checkCodeRoute('/auth/password/reset/check-code', 'PASSWORD_RESET');
