/**
 * `POST /users` (wire.md §4.8): a user made by server code from the server field set, through the
 * one service that creates users, all or nothing.
 */
import { knownError, StatusError } from '../errors.js';
import type { ServerContext } from './context.js';
import { createUser } from './create-user.js';
import { inTransaction, planUserWrite, type UserCreate } from './user-update.js';
import { loadUser, type UserRecord } from './users.js';

/** The project the user is created in. */
type Project = Parameters<typeof planUserWrite>[1];

/** Creates a user of `project` from a server's create body, all or nothing. */
export async function createServerUser(
  ctx: ServerContext,
  project: Project,
  create: UserCreate,
): Promise<UserRecord> {
  const { oauth_providers: oauthProviders, ...update } = create;
  if (oauthProviders && oauthProviders.length > 0) {
    throw new StatusError(400, 'Creating users with OAuth accounts is not supported by this server yet.');
  }
  if (update.otp_auth_enabled && !project.magicLinkEnabled) {
    throw new StatusError(400, 'OTP authentication is not enabled for this project');
  }
  const write = await planUserWrite(ctx, project, undefined, update, 'server');
  const at = new Date(ctx.now());
  let userId = '';
  await inTransaction(ctx, async (tx) => {
    const email = update.primary_email;
    const created = await createUser(ctx, tx, project, {
      at,
      displayName: update.display_name || null,
      profileImageUrl: update.profile_image_url ?? null,
      clientMetadata: update.client_metadata ?? null,
      clientReadOnlyMetadata: update.client_read_only_metadata ?? null,
      serverMetadata: update.server_metadata ?? null,
      otpAuthEnabled: update.otp_auth_enabled ?? false,
      totpSecret: write.sealedTotpSecret ?? null,
      primaryEmail: email
        ? {
            value: email,
            isVerified: update.primary_email_verified ?? false,
            usedForAuth: update.primary_email_auth_enabled ?? false,
          }
        : null,
      passwordHash: write.passwordHash,
    });
    userId = created.userId;
  });
  const created = await loadUser(ctx.db, project.id, userId);
  if (!created) throw knownError('USER_NOT_FOUND');
  return created;
}
