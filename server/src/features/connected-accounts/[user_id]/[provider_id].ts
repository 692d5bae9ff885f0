/**
 * `DELETE /connected-accounts/{user_id}/{provider_id}` (a signet addition, in docs/wire-additions.md):
 * disconnects a provider from a user, its tokens with it. Refused when the account is the user's
 * last way to sign in (no password, no email sign-in, no passkey, no other provider).
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { oauthAccounts } from '../../../db/schema.js';
import { knownError, StatusError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { loadUser, lockUser } from '../../../services/users.js';
import { connectedAccountUser } from '../shared.js';

export const disconnectAccountRoute = defineRoute({
  method: 'DELETE',
  path: '/connected-accounts/:user_id/:provider_id',
  summary: 'Disconnects a provider from a user (signet addition)',
  response: v.object({ success: v.literal(true) }),
  access: ['client', 'server', 'admin'],
  writes: 'user',
  async handler({ ctx, auth, params, json, wroteUser }) {
    const userId = await connectedAccountUser(ctx, auth, params.user_id ?? '');
    wroteUser(userId);
    const providerId = (params.provider_id ?? '').toLowerCase();
    await ctx.db.transaction(async (tx) => {
      // Under the user's lock, so two disconnects cannot each leave the other as the last way in.
      if (!(await lockUser(tx, userId, 'no key update'))) throw knownError('USER_NOT_FOUND');
      const user = await loadUser(tx, auth.project.id, userId);
      if (!user) throw knownError('USER_NOT_FOUND');
      if (!user.oauthAccounts.some((a) => a.id === providerId)) {
        throw knownError('OAUTH_CONNECTION_NOT_CONNECTED_TO_USER');
      }
      const otherWays =
        user.hasPassword ||
        user.hasPasskey ||
        user.row.otpAuthEnabled ||
        user.oauthAccounts.some((a) => a.id !== providerId);
      if (!otherWays) {
        throw new StatusError(
          400,
          'This is the only way this user can sign in. Add a password or another sign-in method before disconnecting it.',
        );
      }
      await tx
        .delete(oauthAccounts)
        .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.providerId, providerId)));
    });
    return json({ success: true });
  },
});
