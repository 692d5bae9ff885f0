/** `POST /auth/password/sign-in` (wire.md §4.2). */

import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SignInResponseSchema } from '../../../../../wire/auth.js';
import type { Database } from '../../../db/database.js';
import { contactChannels, passwordCredentials, users } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { isSignInEmail } from '../../../services/auth-channels.js';
import { isBcryptHash } from '../../../services/passwords.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { endSignIn, signInAnswer } from '../../../services/sign-in-ending.js';
import { emailField, passwordField } from '../../fields.js';

/** Signs in with an email used for auth and its password. */
export const signInRoute = defineRoute({
  method: 'POST',
  path: '/auth/password/sign-in',
  summary: 'Signs in with an email and a password',
  response: SignInResponseSchema,
  access: ['client', 'server', 'admin'],
  writes: 'users',
  body: v.strictObject({ email: emailField, password: passwordField }),
  async handler({ ctx, auth, body, json, clientIp }) {
    const { project } = auth;
    if (!project.credentialEnabled) throw knownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
    await enforceRateLimit(ctx, auth, 'signIn', { ip: clientIp, email: body.email });

    const credential = (db: Pick<Database, 'select'>) =>
      db
        .select({ userId: contactChannels.userId, passwordHash: passwordCredentials.passwordHash })
        .from(contactChannels)
        .leftJoin(passwordCredentials, eq(passwordCredentials.userId, contactChannels.userId))
        .where(and(eq(contactChannels.projectId, project.id), isSignInEmail(body.email)));
    const [found] = await credential(ctx.db);
    // The comparison always runs, so the answer time does not tell which emails exist.
    if (!found?.passwordHash) {
      await ctx.passwords.verifyDummy(body.password);
      throw knownError('EMAIL_PASSWORD_MISMATCH');
    }
    if (!(await ctx.passwords.verify(found.passwordHash, body.password))) {
      throw knownError('EMAIL_PASSWORD_MISMATCH');
    }
    // A hash imported from another system (bcrypt) becomes argon2id now that the password is
    // known; hashed here, outside the transaction, because it is slow.
    const stored = found.passwordHash;
    const upgraded = isBcryptHash(stored) ? await ctx.passwords.hash(body.password) : null;
    // The password was checked outside any transaction; an email proof or a reset may have revoked
    // it since. The session is made only if, under the user's lock, it is still the same password.
    const ending = await ctx.db.transaction(async (tx) => {
      // The user's lock and whether the user owes a second factor, in one statement: a locking
      // read returns the row as it is once the lock is held.
      const [user] = await tx
        .select({ totp: users.totpSecret })
        .from(users)
        .where(eq(users.id, found.userId))
        .for('share');
      // A statement of its own after the lock, so it sees what the lock waited for.
      const [now] = await credential(tx);
      if (!user || now?.userId !== found.userId || now.passwordHash !== found.passwordHash) {
        throw knownError('EMAIL_PASSWORD_MISMATCH');
      }
      if (upgraded) {
        await tx
          .update(passwordCredentials)
          .set({ passwordHash: upgraded })
          .where(
            and(eq(passwordCredentials.userId, found.userId), eq(passwordCredentials.passwordHash, stored)),
          );
      }
      // Without a TOTP secret under the lock no second factor is owed: no second read for it.
      return endSignIn(ctx, tx, {
        projectId: project.id,
        userId: found.userId,
        secondFactorDone: !user.totp,
      });
    });
    return json(await signInAnswer(ctx, ending));
  },
});
