/** `POST /connected-accounts/{user_id}/{provider_id}/access-token` (wire.md §4.5). */
import { defineRoute } from '../../../../http/route.js';
import { AccessTokenBody, AccessTokenResponse, accessTokenFor } from '../../shared.js';

export const connectedAccessTokenRoute = defineRoute({
  method: 'POST',
  path: '/connected-accounts/:user_id/:provider_id/access-token',
  summary: "A provider access token of a user's connected account, covering the scopes asked",
  response: AccessTokenResponse,
  status: 201,
  access: ['client', 'server', 'admin'],
  // Writes only the provider's tokens, which authentication never reads.
  writes: 'none',
  body: AccessTokenBody,
  async handler({ ctx, auth, body, params, json }) {
    return json(await accessTokenFor(ctx, auth, params.user_id ?? '', params.provider_id ?? '', body), 201);
  },
});
