/** `POST /connected-accounts/{user_id}/{provider_id}/access-token` (wire.md §4.5). */
import * as v from 'valibot';
import { defineRoute } from '../../../../http/route.js';
import { connectedAccessToken } from '../../../../services/oauth/connected-access-token.js';
import { boundedString, INPUT_LIMITS } from '../../../fields.js';
import { connectedAccountUser, connectedUserIdField } from '../../shared.js';

/** The request body: the scopes the token must cover, space-separated. */
export const AccessTokenBody = v.strictObject({ scope: v.optional(boundedString(INPUT_LIMITS.text)) });
/** The answer: a provider access token. */
export const AccessTokenResponse = v.object({ access_token: v.string() });

export const connectedAccessTokenRoute = defineRoute({
  method: 'POST',
  path: '/connected-accounts/:user_id/:provider_id/access-token',
  summary: "A provider access token of a user's connected account, covering the scopes asked",
  response: AccessTokenResponse,
  status: 201,
  access: ['client', 'server', 'admin'],
  body: AccessTokenBody,
  async handler({ ctx, auth, body, params, json }) {
    const userId = v.parse(connectedUserIdField, params.user_id);
    const owner = await connectedAccountUser(ctx, auth, userId);
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
