/**
 * `POST /auth/mfa/disable` (beyond the reference): turns TOTP off for the signed-in user, who must
 * give a current code (or a recovery code) first, so a session taken over in a browser left open
 * cannot remove the second factor. `PATCH /users/me {"totp_secret_base64": null}` still does it
 * without a code, as the wire says; the kit's account page uses this route.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { ClientUserSchema } from '../../../../../wire/user.js';
import { users } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { voidRecoveryCodes } from '../../../services/recovery-codes.js';
import { useSecondFactorCode } from '../../../services/second-factor-code.js';
import { holdLiveSession } from '../../../services/sessions.js';
import { clientUserView } from '../../../services/user-view.js';
import { loadUser } from '../../../services/users.js';
import { boundedString } from '../../fields.js';

/** Turns TOTP off after a code. */
export const mfaDisableRoute = defineRoute({
  method: 'POST',
  path: '/auth/mfa/disable',
  summary: 'Turns TOTP off for the signed-in user, given a current code or a recovery code',
  response: ClientUserSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  me: true,
  body: v.strictObject({ totp: boundedString(64) }),
  async handler({ ctx, auth, body, json, clientIp, wroteUser }) {
    await enforceRateLimit(ctx, auth, 'useCode', { ip: clientIp });
    const userId = auth.user!.row.id;
    wroteUser(userId);
    await ctx.db.transaction(async (tx) => {
      await holdLiveSession(tx, userId, auth.refreshTokenId, ctx.now());
      await useSecondFactorCode(ctx, tx, { projectId: auth.project.id, userId, code: body.totp.trim() });
      await tx.update(users).set({ totpSecret: null, totpLastStep: null }).where(eq(users.id, userId));
      await voidRecoveryCodes(tx, userId);
    });
    const user = await loadUser(ctx.db, auth.project.id, userId);
    if (!user) throw knownError('USER_NOT_FOUND');
    return json(clientUserView(user));
  },
});
