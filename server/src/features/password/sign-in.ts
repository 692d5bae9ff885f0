/** `POST /auth/password/sign-in` (wire.md §4.2). */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { contactChannels, passwordCredentials } from '../../db/schema.js';
import { knownError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { enforceRateLimit } from '../../services/rate-limit/enforce.js';
import { signInResponse } from '../../services/sessions.js';
import { emailField, passwordField } from '../fields.js';

/** Signs in with an email used for auth and its password. */
export const signInRoute = defineRoute({
  method: 'POST',
  path: '/auth/password/sign-in',
  access: ['client', 'server', 'admin'],
  body: v.strictObject({ email: emailField, password: passwordField }),
  async handler({ ctx, auth, body, json, clientIp }) {
    const { project } = auth;
    if (!project.credentialEnabled) throw knownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
    await enforceRateLimit(ctx, auth, 'signIn', { ip: clientIp, email: body.email });

    const [found] = await ctx.db
      .select({ userId: contactChannels.userId, passwordHash: passwordCredentials.passwordHash })
      .from(contactChannels)
      .leftJoin(passwordCredentials, eq(passwordCredentials.userId, contactChannels.userId))
      .where(
        and(
          eq(contactChannels.projectId, project.id),
          eq(contactChannels.type, 'email'),
          eq(contactChannels.value, body.email),
          eq(contactChannels.usedForAuth, true),
        ),
      );
    // The comparison always runs, so the answer time does not tell which emails exist.
    if (!found?.passwordHash) {
      await ctx.passwords.verifyDummy(body.password);
      throw knownError('EMAIL_PASSWORD_MISMATCH');
    }
    if (!(await ctx.passwords.verify(found.passwordHash, body.password))) {
      throw knownError('EMAIL_PASSWORD_MISMATCH');
    }
    const tokens = await signInResponse(ctx, { projectId: project.id, userId: found.userId });
    return json({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      user_id: found.userId,
    });
  },
});
