/** `POST /auth/password/sign-in` (wire.md §4.2). */

import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { SignInResponseSchema } from '../../../../../wire/auth.js';
import type { Database } from '../../../db/database.js';
import { contactChannels, passwordCredentials, users } from '../../../db/schema.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { recordActivity } from '../../../services/activity.js';
import { isSignInEmail } from '../../../services/auth-channels.js';
import { isBcryptHash } from '../../../services/passwords.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { createSessionIf } from '../../../services/sessions.js';
import { endSignIn, type SignInEnding, signInAnswer } from '../../../services/sign-in-ending.js';
import { emailField, passwordField } from '../../fields.js';

/** Signs in with an email used for auth and its password. */
export const signInRoute = defineRoute({
  method: 'POST',
  path: '/auth/password/sign-in',
  summary: 'Signs in with an email and a password',
  response: SignInResponseSchema,
  access: ['client', 'server', 'admin'],
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
    const at = new Date(ctx.now());
    const ending = await ctx.db.transaction(async (tx): Promise<SignInEnding> => {
      // One statement takes the user's lock, reads whether the user owes a second factor (a
      // locking write returns the row as it is once the lock is held) and records the activity a
      // sign-in that ends in a session records anyway (its last-active time), which would
      // otherwise be a round trip of its own after the transaction. A sign-in that waits for its
      // second factor is not activity yet: its user's time stays as it was.
      const [user] = await tx
        .update(users)
        .set({
          lastActiveAt: sql`case when ${users.totpSecret} is null then ${at.toISOString()}::timestamptz else ${users.lastActiveAt} end`,
        })
        .where(eq(users.id, found.userId))
        .returning({ totp: users.totpSecret });
      if (!user) throw knownError('EMAIL_PASSWORD_MISMATCH');
      // The common case, a plain argon2id hash and no second factor: the session is made by one
      // insert that also checks, as a statement of its own after the lock (so it sees what the
      // lock waited for), that the email still leads to this user with the verified hash.
      if (!user.totp && !upgraded) {
        const unchanged = ctx.db
          .select({ one: sql`1` })
          .from(contactChannels)
          .innerJoin(passwordCredentials, eq(passwordCredentials.userId, contactChannels.userId))
          .where(
            and(
              eq(contactChannels.projectId, project.id),
              isSignInEmail(body.email),
              eq(contactChannels.userId, found.userId),
              eq(passwordCredentials.passwordHash, stored),
            ),
          );
        const session = await createSessionIf(
          tx,
          ctx.now,
          { projectId: project.id, userId: found.userId },
          sql`exists (${unchanged})`,
        );
        if (!session) throw knownError('EMAIL_PASSWORD_MISMATCH');
        return { kind: 'session', projectId: project.id, userId: found.userId, session, isNewUser: false };
      }
      // A statement of its own after the lock, so it sees what the lock waited for.
      const [now] = await credential(tx);
      if (now?.userId !== found.userId || now.passwordHash !== found.passwordHash) {
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
    // The second factor's error, with its attempt code, is sign-in-ending's to make.
    if (ending.kind !== 'session') return json(await signInAnswer(ctx, ending));
    // The answer signInAnswer would make, with the last-active time already written above.
    const [accessToken] = await Promise.all([
      ctx.tokens.sign({ projectId: project.id, userId: found.userId, refreshTokenId: ending.session.id }),
      recordActivity(ctx, project.id, found.userId),
    ]);
    return json({
      access_token: accessToken,
      refresh_token: ending.session.refreshToken,
      user_id: found.userId,
    });
  },
});
