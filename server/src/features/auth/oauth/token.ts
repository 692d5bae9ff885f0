/**
 * `POST /auth/oauth/token`: the refresh-token grant (wire.md §3.3) and the authorization-code
 * grant that ends an OAuth sign-in (§6.6 steps 11–13). OAuth clients send no X-Stack headers: the
 * client id is the project id and the client secret its publishable key, in the form body or as
 * HTTP Basic credentials.
 */

import * as v from 'valibot';
import { AuthorizationCodeResponseSchema, RefreshResponseSchema } from '../../../../../wire/auth.js';
import { knownError } from '../../../errors.js';
import { jsonResponse } from '../../../http/responses.js';
import { defineRoute } from '../../../http/route.js';
import type { ServerContext } from '../../../services/context.js';
import { redeemAuthorizationCode } from '../../../services/oauth/authorization-code.js';
import { issueAccessToken, touchLiveSession } from '../../../services/sessions.js';
import { endSignIn, signInAnswer } from '../../../services/sign-in-ending.js';
import { oauthClientProject } from './shared.js';

/** The OAuth library's default lifetime that Stack reports, not the JWT's (wire.md §3.3). */
const REPORTED_EXPIRES_IN = 3599;

const oauthError = (error: string, description: string, status = 400) =>
  jsonResponse(status, { error, error_description: description }, false, { pragma: 'no-cache' });

/** The token endpoint. */
export const oauthTokenRoute = defineRoute({
  method: 'POST',
  path: '/auth/oauth/token',
  summary: 'OAuth token endpoint: the refresh-token and authorization-code grants',
  response: v.union([AuthorizationCodeResponseSchema, RefreshResponseSchema]),
  access: 'none',
  // Each grant names the user it signed in or refreshed, with the client's project.
  writes: 'user',
  async handler({ ctx, request, rawBody, wroteUser }) {
    const form = flatStrings(rawBody);
    const basic = basicCredentials(request.headers.get('authorization'));
    const grantType = form.grant_type;
    if (!grantType) return oauthError('invalid_request', 'Missing parameter: `grant_type`');
    if (grantType !== 'refresh_token' && grantType !== 'authorization_code') {
      return oauthError('unsupported_grant_type', 'Unsupported grant type: `grant_type` is invalid');
    }
    const clientId = form.client_id ?? basic?.id;
    const clientSecret = form.client_secret ?? basic?.secret;
    if (!clientId || clientSecret === undefined) {
      return oauthError('invalid_client', 'Invalid client: cannot retrieve client credentials');
    }
    const { keyValid } = await oauthClientProject(ctx, clientId, clientSecret);
    if (!keyValid) throw knownError('INVALID_OAUTH_CLIENT_ID_OR_SECRET', { client_id: clientId });
    if (grantType === 'authorization_code') return authorizationCodeGrant(ctx, clientId, form, wroteUser);
    const refreshToken = form.refresh_token;
    if (!refreshToken) return oauthError('invalid_request', 'Missing parameter: `refresh_token`');

    const session = await touchLiveSession(ctx, clientId, refreshToken);
    if (!session) throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    wroteUser(session.userId, session.projectId);
    const accessToken = await issueAccessToken(ctx, session);
    return jsonResponse(
      200,
      { access_token: accessToken, token_type: 'Bearer', expires_in: REPORTED_EXPIRES_IN, scope: 'legacy' },
      false,
      { pragma: 'no-cache' },
    );
  },
});

/** The authorization-code grant: the session of an OAuth sign-in, or its second factor. */
async function authorizationCodeGrant(
  ctx: ServerContext,
  projectId: string,
  form: Record<string, string | undefined>,
  wroteUser: (userId: string, projectId: string) => void,
): Promise<Response> {
  for (const name of ['code', 'redirect_uri', 'code_verifier'] as const) {
    if (!form[name]) return oauthError('invalid_request', `Missing parameter: \`${name}\``);
  }
  const grant = await redeemAuthorizationCode(ctx, {
    projectId,
    code: form.code!,
    redirectUri: form.redirect_uri!,
    codeVerifier: form.code_verifier!,
  });
  wroteUser(grant.userId, projectId);
  // Under the user's lock, as every sign-in; a user deleted since the callback gets no session.
  const ending = await endSignIn(ctx, ctx.db, {
    projectId,
    userId: grant.userId,
    isNewUser: grant.isNewUser,
    refused: () => knownError('INVALID_AUTHORIZATION_CODE'),
  });
  const answer = await signInAnswer(ctx, ending);
  return jsonResponse(
    200,
    {
      access_token: answer.access_token,
      refresh_token: answer.refresh_token,
      token_type: 'Bearer',
      expires_in: REPORTED_EXPIRES_IN,
      scope: 'legacy',
      is_new_user: grant.isNewUser,
      newUser: grant.isNewUser,
      after_callback_redirect_url: grant.afterCallbackRedirectUrl,
      afterCallbackRedirectUrl: grant.afterCallbackRedirectUrl,
    },
    false,
    { pragma: 'no-cache' },
  );
}

/** The string fields of a form or JSON body; anything else is ignored. */
function flatStrings(body: unknown): Record<string, string | undefined> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(body)) {
    // PostgreSQL text cannot hold NUL; such a value cannot match anything stored.
    if (typeof value === 'string' && !value.includes('\u0000')) out[key] = value;
  }
  return out;
}

/** `Authorization: Basic base64(id:secret)` with each part URL-encoded (RFC 6749 §2.3.1). */
function basicCredentials(header: string | null): { id: string; secret: string } | undefined {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const id = decodeURIComponent(decoded.slice(0, colon));
    const secret = decodeURIComponent(decoded.slice(colon + 1));
    // NUL can arrive percent-encoded; PostgreSQL text cannot hold it, so it matches nothing stored.
    if (`${id}${secret}`.includes('\u0000')) return undefined;
    return { id, secret };
  } catch {
    return undefined;
  }
}
