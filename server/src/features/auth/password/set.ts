/** `POST /auth/password/set` (wire.md §4.2). */

import * as v from 'valibot';
import { SuccessSchema } from '../../../../../wire/common.js';
import { passwordCredentials } from '../../../db/schema.js';
import { knownError, StatusError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { passwordProblem } from '../../../services/passwords.js';
import { passwordField } from '../../fields.js';

const alreadySet = () => new StatusError(400, 'User already has a password set.');

/** Gives a password to a signed-in user who has none (e.g. signed up with a sign-in code). */
export const setPasswordRoute = defineRoute({
  method: 'POST',
  path: '/auth/password/set',
  summary: 'Gives a password to a signed-in user who has none',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  writes: 'user',
  user: true,
  body: v.strictObject({ password: passwordField }),
  async handler({ ctx, auth, body, json, wroteUser }) {
    if (!auth.project.credentialEnabled) throw knownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
    const problem = passwordProblem(body.password);
    if (problem) throw problem;
    if (auth.user.hasPassword) throw alreadySet();
    const passwordHash = await ctx.passwords.hash(body.password);
    wroteUser(auth.user.row.id);
    // Two concurrent sets: the primary key lets exactly one in.
    const inserted = await ctx.db
      .insert(passwordCredentials)
      .values({ userId: auth.user.row.id, passwordHash, updatedAt: new Date(ctx.now()) })
      .onConflictDoNothing()
      .returning({ userId: passwordCredentials.userId });
    if (inserted.length === 0) throw alreadySet();
    return json({ success: true });
  },
});
