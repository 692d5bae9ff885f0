/**
 * The outer flow's URLs (wire.md §6.6 step 2): the `redirect_uri` the provider's answer comes back
 * to, and the authorize request the browser is sent to. Pure functions, so the exact query is
 * testable without a browser.
 */
import { RETURN_TO_PARAM } from '../../core/index.js';

/** The query parameters the server appends to the callback page; never part of `redirect_uri`. */
const CALLBACK_PARAMS = ['code', 'state'] as const;

/**
 * The absolute callback page URL sent as `redirect_uri`: `callbackPage` resolved against `from`
 * (the page the flow starts or ends on), without `code`, `state` or a fragment, carrying `from`'s
 * `after_auth_return_to` so the after-sign-in redirect still knows where the user was going. Built
 * the same way on both ends, so the token request repeats the authorize request's value exactly.
 */
export function callbackRedirectUri(callbackPage: string, from: string | null): string {
  if (from === null && !/^https?:\/\//.test(callbackPage))
    throw new Error(
      'signet: OAuth needs an absolute callback URL; give createApp({ urls: { oauthCallback } }) one, or run it in a browser.',
    );
  const url = new URL(callbackPage, from ?? undefined);
  const returnTo = from ? new URL(from).searchParams.get(RETURN_TO_PARAM) : null;
  if (returnTo !== null) url.searchParams.set(RETURN_TO_PARAM, returnTo);
  for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
  url.hash = '';
  return url.href;
}

/** `url` without `code` and `state`: what the address bar keeps after a callback. */
export function withoutCallbackParams(url: string): string {
  const stripped = new URL(url);
  for (const name of CALLBACK_PARAMS) stripped.searchParams.delete(name);
  return stripped.href;
}

/** What an authorize request carries. */
export interface AuthorizeInput {
  provider: string;
  projectId: string;
  publishableClientKey: string;
  redirectUri: string;
  errorRedirectUrl: string;
  state: string;
  codeChallenge: string;
  /** Where the flow ends after a successful callback, instead of the after-auth page. */
  afterCallbackRedirectUrl?: string;
  /** Link mode: the signed-in user's access token and extra provider scopes. */
  link?: { accessToken: string; scopes: readonly string[] };
}

/** The path and query of `GET /auth/oauth/authorize/<provider>` (below /api/v1), as wire.md §6.6 step 2 lists it. */
export function authorizePath(input: AuthorizeInput): string {
  const query = new URLSearchParams({
    client_id: input.projectId,
    client_secret: input.publishableClientKey,
    redirect_uri: input.redirectUri,
    // The only scope Stack's OAuth server knows; provider scopes go in provider_scope.
    scope: 'legacy',
    state: input.state,
    grant_type: 'authorization_code',
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    response_type: 'code',
    type: input.link ? 'link' : 'authenticate',
    error_redirect_url: input.errorRedirectUrl,
  });
  if (input.afterCallbackRedirectUrl)
    query.set('after_callback_redirect_url', input.afterCallbackRedirectUrl);
  if (input.link) {
    query.set('token', input.link.accessToken);
    if (input.link.scopes.length > 0) query.set('provider_scope', input.link.scopes.join(' '));
  }
  return `/auth/oauth/authorize/${encodeURIComponent(input.provider.toLowerCase())}?${query}`;
}
