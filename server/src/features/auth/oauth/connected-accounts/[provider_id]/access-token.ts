/**
 * `POST /auth/oauth/connected-accounts/{provider_id}/access-token` (wire.md §4.5): the deprecated
 * path of the signed-in user's connected-account access token, answered as the `me` route.
 */
import { defineRoute } from '../../../../../http/route.js';
import {
  AccessTokenBody,
  AccessTokenResponse,
  accessTokenFor,
} from '../../../../connected-accounts/shared.js';

export const deprecatedConnectedAccessTokenRoute = defineRoute({
  method: 'POST',
  path: '/auth/oauth/connected-accounts/:provider_id/access-token',
  summary: "Deprecated: the signed-in user's connected-account access token (use /connected-accounts/me/…)",
  response: AccessTokenResponse,
  status: 201,
  access: ['client', 'server', 'admin'],
  // Writes only the provider's tokens, which authentication never reads.
  writes: 'none',
  body: AccessTokenBody,
  async handler({ ctx, auth, body, params, json }) {
    return json(await accessTokenFor(ctx, auth, 'me', params.provider_id ?? '', body), 201);
  },
});
