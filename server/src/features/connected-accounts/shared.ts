/** Whose connected accounts a request may touch: a client only its own, server code any user's. */
import * as v from 'valibot';
import { knownError, StatusError } from '../../errors.js';
import type { ServerContext } from '../../services/context.js';
import { connectedAccessToken } from '../../services/oauth/connected-access-token.js';
import type { RequestAuth } from '../../services/request-auth.js';
import { loadUser } from '../../services/users.js';
import { boundedString, INPUT_LIMITS } from '../fields.js';

/**
 * The user `userId` of the path means (`me` or an id): a client only itself (403 otherwise), server
 * code any user of the project (USER_NOT_FOUND for an unknown id, another project's, or no UUID).
 */
export async function connectedAccountUser(
  ctx: ServerContext,
  auth: RequestAuth,
  userId: string,
): Promise<string> {
  if (userId === 'me') {
    if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
    return auth.user.row.id;
  }
  if (auth.type === 'client') {
    if (auth.user?.row.id !== userId.toLowerCase()) {
      throw new StatusError(403, 'Client can only access connected accounts of their own user.');
    }
    return auth.user.row.id;
  }
  const user = await loadUser(ctx.db, auth.project.id, userId.toLowerCase());
  if (!user) throw knownError('USER_NOT_FOUND');
  return user.row.id;
}

/** The access-token request body: the scopes the token must cover, space-separated. */
export const AccessTokenBody = v.strictObject({ scope: v.optional(boundedString(INPUT_LIMITS.text)) });
/** The access-token answer: a provider access token. */
export const AccessTokenResponse = v.object({ access_token: v.string() });

/** The access token of user `userId` (of the path) at `providerId`, for both access-token paths. */
export async function accessTokenFor(
  ctx: ServerContext,
  auth: RequestAuth,
  userId: string,
  providerId: string,
  body: v.InferOutput<typeof AccessTokenBody>,
): Promise<{ access_token: string }> {
  const owner = await connectedAccountUser(ctx, auth, userId);
  const scopes = (body.scope ?? '').split(/\s+/).filter(Boolean);
  return {
    access_token: await connectedAccessToken(ctx, auth.project, owner, providerId.toLowerCase(), scopes),
  };
}
