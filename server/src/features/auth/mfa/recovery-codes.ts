/**
 * `POST /auth/mfa/recovery-codes` (beyond the reference): a new set of ten recovery codes for the
 * signed-in user, who must have TOTP on. The answer is the only time the codes are shown; the
 * previous set stops working.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { users } from '../../../db/schema.js';
import { StatusError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { replaceRecoveryCodes } from '../../../services/recovery-codes.js';
import { holdLiveSession } from '../../../services/sessions.js';
import { emptyBody } from '../../fields.js';

/** Makes a new set of recovery codes. */
export const recoveryCodesRoute = defineRoute({
  method: 'POST',
  path: '/auth/mfa/recovery-codes',
  summary: 'A new set of ten single-use recovery codes (shown once; the old set stops working)',
  response: v.object({ codes: v.array(v.string()) }),
  access: ['client', 'server', 'admin'],
  writes: 'none',
  me: true,
  body: emptyBody,
  async handler({ ctx, auth, json }) {
    const userId = auth.user!.row.id;
    const codes = await ctx.db.transaction(async (tx) => {
      // Under the user's lock, so an email proof revoking this session cannot slip in between.
      await holdLiveSession(tx, userId, auth.refreshTokenId, ctx.now());
      const [row] = await tx.select({ totp: users.totpSecret }).from(users).where(eq(users.id, userId));
      if (!row?.totp) throw new StatusError(400, 'Turn on TOTP before making recovery codes.');
      return replaceRecoveryCodes(tx, userId);
    });
    return json({ codes });
  },
});
