/**
 * `POST /auth/oauth/connected-accounts/{provider_id}/access-token` (wire.md §4.5): the deprecated
 * path of the signed-in user's connected-account access token, answered as the `me` route.
 */
import { defineRoute } from '../../../../http/route.js';
import { connectedAccessToken } from '../../../../services/oauth/connected-access-token.js';
import {
  AccessTokenBody,
  AccessTokenResponse,
} from '../../../connected-accounts/[user_id]/[provider_id]/access-token.js';
import { connectedAccountUser } from '../../../connected-accounts/shared.js';

export const deprecatedConnectedAccessTokenRoute = defineRoute({
  method: 'POST',
  path: '/auth/oauth/connected-accounts/:provider_id/access-token',
  summary: "Deprecated: the signed-in user's connected-account access token (use /connected-accounts/me/…)",
  response: AccessTokenResponse,
  status: 201,
  access: ['client', 'server', 'admin'],
  body: AccessTokenBody,
  async handler({ ctx, auth, body, params, json }) {
    const owner = await connectedAccountUser(ctx, auth, 'me');
    const scopes = (body.scope ?? '').split(/\s+/).filter(Boolean);
    const token = await connectedAccessToken(
      ctx,
      auth.project,
      owner,
      (params.provider_id ?? '').toLowerCase(),
      scopes,
    );
    return json({ access_token: token }, 201);
  },
});
