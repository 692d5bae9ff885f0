/**
 * The callback page's logic (wire.md §6.6 steps 10–14), run by `app.handle(url)`: only a flow this
 * browser started is finished. Its state must have the verifier cookie set here when the flow
 * began; a state from anywhere else (another browser's flow, a link an attacker sent) exchanges
 * nothing, so nobody can be signed in to an account they did not choose.
 */
import {
  type ErrorCodesOf,
  type PluginContext,
  type SignInResult,
  toSignInResult,
} from '../../core/index.js';
import { callbackRedirectUri, withoutCallbackParams } from './authorize-url.js';
import { verifierCookieName } from './pkce.js';
import { exchangeCode } from './token-grant.js';

/** Codes a code exchange can come back with (wire.md §6.6 step 12, §3.3). */
export type OAuthCallbackErrorCode = ErrorCodesOf<(typeof CALLBACK_ERRORS)[number]>;

const CALLBACK_ERRORS = [
  'INVALID_AUTHORIZATION_CODE',
  'REDIRECT_URL_NOT_WHITELISTED',
  'INVALID_OAUTH_CLIENT_ID_OR_SECRET',
  'INVALID_PUBLISHABLE_CLIENT_KEY',
  'INVALID_SCOPE',
] as const;

/** Said when a URL is no callback of a flow this browser started. */
export const NOT_A_CALLBACK_MESSAGE = 'This is not the callback of a sign-in started in this browser.';

/**
 * What a callback came to: signed in, a second factor now required, an expected error of the
 * exchange, or nothing done because the URL is not a callback of this browser's flow.
 */
export type OAuthCallbackResult =
  | SignInResult<OAuthCallbackErrorCode>
  | { status: 'not-a-callback'; message: string };

/** The storage key of the provider of the flow under way (for the recorded sign-in method). */
export const FLOW_PROVIDER_KEY = 'flow-provider';

/**
 * Takes `code` and `state` out of the address bar, once the browser is on that very callback: an
 * authorization code must not linger in history, bookmarks or a shared link.
 */
function stripAddressBar(code: string | null, state: string | null) {
  if (typeof location === 'undefined' || typeof history === 'undefined') return;
  const here = new URL(location.href);
  if (here.searchParams.get('code') !== code || here.searchParams.get('state') !== state) return;
  history.replaceState(history.state, '', withoutCallbackParams(here.href));
}

/** Runs the callback at `url`. */
export async function runCallback(
  ctx: PluginContext<'oauthCallback'>,
  url: URL,
): Promise<OAuthCallbackResult> {
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (code !== null || state !== null) stripAddressBar(code, state);
  // Checked and consumed before any await: a second run of the same URL finds no cookie.
  const cookie = state ? verifierCookieName(state) : null;
  const verifier = cookie ? ctx.cookies.get(cookie) : null;
  if (!code || !cookie || !verifier) return { status: 'not-a-callback', message: NOT_A_CALLBACK_MESSAGE };
  ctx.cookies.remove(cookie);
  const provider = ctx.storage.get(FLOW_PROVIDER_KEY);
  ctx.storage.remove(FLOW_PROVIDER_KEY);
  const redirectUri = callbackRedirectUri(ctx.urls.oauthCallback, url.href);
  return toSignInResult(async () => {
    const exchange = exchangeCode(ctx.http, {
      code,
      redirectUri,
      codeVerifier: verifier,
      projectId: ctx.projectId,
      publishableClientKey: ctx.publishableClientKey,
    });
    // Where the flow wanted to end (wire.md §6.6 step 14), known once the exchange has answered:
    // the step goes there, but only where any redirect may go (never an open redirect), else to
    // the after-sign-up or after-sign-in page. A failed exchange names no target and fails in the
    // step below (a second factor asked for becomes its pending attempt, which ends the same way).
    const next = await exchange.then(
      (answer) => answer.after_callback_redirect_url,
      () => null,
    );
    return ctx.signIn(() => exchange, {
      method: provider ? `oauth:${provider}` : 'oauth',
      redirectTo: next && ctx.redirect.isTrusted(next) ? next : undefined,
    });
  }, CALLBACK_ERRORS);
}
