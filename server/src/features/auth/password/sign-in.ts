/** `POST /auth/password/sign-in` (wire.md §4.2). */

import { and, eq, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { SignInResponseSchema } from '../../../../../wire/auth.js';
import { prebuilt } from '../../../db/prebuilt.js';
import { contactChannels, passwordCredentials } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { isSignInEmail } from '../../../services/auth-channels.js';
import { isBcryptHash } from '../../../services/passwords.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { endSignIn, signInAnswer } from '../../../services/sign-in-ending.js';
import { emailField, passwordField } from '../../fields.js';

const projectId = sql.placeholder('projectId');
const email = sql.placeholder('email');

/** The user signing in with `email` in `projectId`, and the hash of their password if any. */
const credentialOf = prebuilt<
  { projectId: string; email: string },
  Array<{ userId: string; passwordHash: string | null }>
>((db) =>
  db
    .select({ userId: contactChannels.userId, passwordHash: passwordCredentials.passwordHash })
    .from(contactChannels)
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, contactChannels.userId))
    .where(and(eq(contactChannels.projectId, projectId), isSignInEmail(email))),
);

/**
 * Under the user's lock: `email` still signs in to the locked user with the password whose hash
 * was verified (`stored`); a locking read, so it sees what committed while the lock was waited for.
 */
const passwordUnchanged = (lockedUserId: SQL) =>
  sql`exists (select 1 from ${contactChannels} inner join ${passwordCredentials}
    on ${passwordCredentials.userId} = ${contactChannels.userId}
    where ${contactChannels.userId} = ${lockedUserId} and ${contactChannels.projectId} = ${projectId}
    and ${isSignInEmail(email)}
    and ${passwordCredentials.passwordHash} = ${sql.placeholder('stored')}
    for share of ${contactChannels}, ${passwordCredentials})`;

/** Signs in with an email used for auth and its password. */
export const signInRoute = defineRoute({
  method: 'POST',
  path: '/auth/password/sign-in',
  summary: 'Signs in with an email and a password',
  response: SignInResponseSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  body: v.strictObject({ email: emailField, password: passwordField }),
  async handler({ ctx, auth, body, json, clientIp, wroteUser }) {
    const { project } = auth;
    if (!project.credentialEnabled) throw knownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
    await enforceRateLimit(ctx, auth, 'signIn', { ip: clientIp, email: body.email });

    const [found] = await credentialOf(ctx.db, { projectId: project.id, email: body.email });
    // The comparison always runs, so the answer time does not tell which emails exist.
    if (!found?.passwordHash) {
      await ctx.passwords.verifyDummy(body.password);
      throw knownError('EMAIL_PASSWORD_MISMATCH');
    }
    if (!(await ctx.passwords.verify(found.passwordHash, body.password))) {
      throw knownError('EMAIL_PASSWORD_MISMATCH');
    }
    // The password was checked outside any transaction; an email proof or a reset may have revoked
    // it since. The session is made only if, under the user's lock, it is still the same password.
    const stored = found.passwordHash;
    const ending = await endSignIn(ctx, ctx.db, {
      projectId: project.id,
      userId: found.userId,
      stillHolds: { name: 'password', condition: passwordUnchanged, values: { email: body.email, stored } },
      refused: () => knownError('EMAIL_PASSWORD_MISMATCH'),
    });
    // A hash imported from another system (bcrypt) becomes argon2id now that the password is
    // known: hashed after the answer's session, because it is slow, and stored only over the same
    // hash, so a password changed meanwhile stays as it was set.
    if (isBcryptHash(stored)) {
      const upgraded = await ctx.passwords.hash(body.password);
      await ctx.db
        .update(passwordCredentials)
        .set({ passwordHash: upgraded })
        .where(
          and(eq(passwordCredentials.userId, found.userId), eq(passwordCredentials.passwordHash, stored)),
        );
    }
    wroteUser(ending.userId);
    return json(await signInAnswer(ctx, ending));
  },
});
