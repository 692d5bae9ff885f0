/**
 * `GET /auth/oauth/authorize/{provider_id}` (wire.md §4.5, §6.6 steps 3–4): the browser arrives
 * from the app with the outer flow's parameters and leaves for the provider with the inner flow's.
 * Stricter than the reference: PKCE S256 only (no `plain`), and the redirect, error and
 * after-callback URLs must be trusted when the flow starts, so no link can make the server send
 * a browser (or a code) anywhere else.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { randomCrockford } from '../../../../crypto/random.js';
import { knownError, StatusError } from '../../../../errors.js';
import { newResponse } from '../../../../http/answer-class.js';
import { sessionUserExists, verifyAccessToken } from '../../../../http/auth.js';
import { defineRoute } from '../../../../http/route.js';
import { saveOuterInfo } from '../../../../services/oauth/outer-info.js';
import { enabledProvider } from '../../../../services/oauth/project-provider.js';
import { authorizationUrl, providerClient } from '../../../../services/oauth/provider-client.js';
import { enforceRateLimit } from '../../../../services/rate-limit/enforce.js';
import { assertTrustedRedirect, isTrustedRedirect } from '../../../../services/redirect-urls.js';
import type { RequestAuth } from '../../../../services/request-auth.js';
import { boundedString, INPUT_LIMITS } from '../../../fields.js';
import { innerCookie, oauthClientProject, providerRedirectUri } from '../shared.js';

const text = boundedString(INPUT_LIMITS.text);
const url = boundedString(INPUT_LIMITS.url);

/** The outer flow's query (wire.md §6.6 step 2); parameters beyond these are ignored. */
const AuthorizeQuery = v.object({
  client_id: text,
  client_secret: text,
  redirect_uri: url,
  scope: v.optional(text),
  state: text,
  grant_type: v.literal('authorization_code', 'must be "authorization_code"'),
  code_challenge: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url SHA-256 digest (43 characters)'),
  ),
  code_challenge_method: v.literal('S256', 'must be "S256": signet accepts no other PKCE method'),
  response_type: v.literal('code', 'must be "code"'),
  type: v.optional(v.picklist(['authenticate', 'link'], 'must be "authenticate" or "link"'), 'authenticate'),
  error_redirect_url: v.optional(url),
  error_redirect_uri: v.optional(url),
  after_callback_redirect_url: v.optional(url),
  token: v.optional(boundedString(INPUT_LIMITS.text * 4)),
  provider_scope: v.optional(text),
});

export const oauthAuthorizeRoute = defineRoute({
  method: 'GET',
  path: '/auth/oauth/authorize/:provider_id',
  summary: 'Starts an OAuth sign-in or link: redirects the browser to the provider',
  response: v.object({}),
  access: 'none',
  query: AuthorizeQuery,
  async handler({ ctx, request, query, params, clientIp }) {
    const { project, keyValid } = await oauthClientProject(ctx, query.client_id, query.client_secret);
    if (!project) throw knownError('INVALID_OAUTH_CLIENT_ID_OR_SECRET', { client_id: query.client_id });
    if (!keyValid) throw knownError('INVALID_PUBLISHABLE_CLIENT_KEY', { project_id: project.id });
    const scope = query.scope ?? '';
    if (scope !== 'legacy')
      throw knownError('INVALID_SCOPE', undefined, { scope: scope || '<empty string>' });

    // Counted as a client request of the project (the browser holds only the publishable key).
    await enforceRateLimit(ctx, { type: 'client', project } as RequestAuth, 'oauthStart', { ip: clientIp });

    const providerId = (params.provider_id ?? '').toLowerCase();
    const { spec, config } = enabledProvider(project, providerId);
    if (config.type === 'shared' && project.isProductionMode) {
      throw new StatusError(
        400,
        `Shared OAuth keys are for development only and sign in through signet's development identity provider; a project in production mode needs its own ${spec.name} OAuth keys (type "standard").`,
      );
    }
    const providerScopes = (query.provider_scope ?? '').split(/\s+/).filter(Boolean);
    if (providerScopes.length > 0 && config.type === 'shared') {
      throw knownError('OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
    }

    const redirectUri = query.redirect_uri.split('#')[0]!;
    assertTrustedRedirect(project, redirectUri);
    const errorRedirectUrl = query.error_redirect_url ?? query.error_redirect_uri ?? null;
    // An untrusted error URL is not refused: errors are then answered here instead (step 9).
    const trustedErrorUrl =
      errorRedirectUrl !== null && isTrustedRedirect(project, errorRedirectUrl) ? errorRedirectUrl : null;
    const afterCallback = query.after_callback_redirect_url ?? null;
    if (afterCallback !== null) assertTrustedRedirect(project, afterCallback);

    let userId: string | null = null;
    if (query.type === 'link') {
      if (!query.token)
        throw new StatusError(
          400,
          'Linking an OAuth account needs the access token of the signed-in user (token).',
        );
      const claims = await verifyAccessToken(ctx, query.token, 'user');
      if (claims.projectId !== project.id) throw knownError('INVALID_PROJECT_FOR_ACCESS_TOKEN');
      if (!(await sessionUserExists(ctx, project.id, claims))) {
        throw new StatusError(401, 'The access token is no longer valid: its session has ended.');
      }
      userId = claims.userId;
    }

    const provider = await providerClient(ctx, spec, config);
    const innerCodeVerifier = randomCrockford(64);
    const callback = providerRedirectUri(ctx, request, providerId);
    const innerState = await saveOuterInfo(ctx, project.id, {
      providerId,
      type: query.type,
      userId,
      redirectUri,
      state: query.state,
      codeChallenge: query.code_challenge,
      errorRedirectUrl: trustedErrorUrl,
      afterCallbackRedirectUrl: afterCallback,
      providerScopes,
      innerCodeVerifier,
      providerRedirectUri: callback,
    });
    const location = authorizationUrl(provider, {
      state: innerState,
      codeChallenge: createHash('sha256').update(innerCodeVerifier).digest('base64url'),
      redirectUri: callback,
      extraScopes: providerScopes,
    });
    const secure = new URL(request.url).protocol === 'https:';
    return newResponse(null, {
      status: 307,
      headers: { location, 'set-cookie': innerCookie(innerState, secure), 'cache-control': 'no-store' },
    });
  },
});
