/** `POST /auth/password/update` (wire.md §4.2, §7.2). */

import { and, eq, ne } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../../wire/common.js';
import { HEADER } from '../../../../../wire/headers.js';
import { sha256Hex } from '../../../crypto/hash.js';
import { passwordCredentials, refreshTokens } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { passwordProblem } from '../../../services/passwords.js';
import { passwordField } from '../../fields.js';

/** Changes the signed-in user's password and ends their other sessions. */
export const updatePasswordRoute = defineRoute({
  method: 'POST',
  path: '/auth/password/update',
  summary: "Changes the signed-in user's password",
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  user: true,
  body: v.strictObject({ old_password: passwordField, new_password: passwordField }),
  async handler({ ctx, auth, body, request, json, wroteUser }) {
    if (!auth.project.credentialEnabled) throw knownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
    const problem = passwordProblem(body.new_password);
    if (problem) throw problem;
    const userId = auth.user.row.id;
    const [credential] = await ctx.db
      .select()
      .from(passwordCredentials)
      .where(eq(passwordCredentials.userId, userId));
    if (!credential) throw knownError('USER_DOES_NOT_HAVE_PASSWORD');
    if (!(await ctx.passwords.verify(credential.passwordHash, body.old_password))) {
      throw knownError('PASSWORD_CONFIRMATION_MISMATCH');
    }
    const passwordHash = await ctx.passwords.hash(body.new_password);
    wroteUser(userId);
    const keep = request.headers.get(HEADER.refreshToken);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(passwordCredentials)
        .set({ passwordHash, updatedAt: new Date(ctx.now()) })
        .where(eq(passwordCredentials.userId, userId));
      // Every other session ends; the one whose refresh token came with the request stays.
      await tx
        .delete(refreshTokens)
        .where(
          keep
            ? and(eq(refreshTokens.userId, userId), ne(refreshTokens.tokenHash, sha256Hex(keep)))
            : eq(refreshTokens.userId, userId),
        );
    });
    return json({ success: true });
  },
});
