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
import { takeFlow } from './flows.js';
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

/**
 * Runs the callback at `url`. `signedInWith(provider)` hears which provider a sign-in flow came
 * back signed in with (or asking for a second factor): the one its state was started with.
 */
export async function runCallback(
  ctx: PluginContext<'oauthCallback'>,
  url: URL,
  signedInWith: (provider: string) => void,
): Promise<OAuthCallbackResult> {
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (code !== null || state !== null) stripAddressBar(code, state);
  // Checked and consumed before any await: a second run of the same URL finds no cookie.
  const verifier = state ? ctx.cookies.get(verifierCookieName(state)) : null;
  if (!code || !state || !verifier) return { status: 'not-a-callback', message: NOT_A_CALLBACK_MESSAGE };
  ctx.cookies.remove(verifierCookieName(state));
  // This flow's own record, by its state: another flow started since (another tab) has its own.
  const flow = takeFlow(ctx.storage, ctx.env.now(), state);
  const answered = () => {
    // A link is no choice of a way to sign in.
    if (flow && !flow.link) signedInWith(flow.provider);
  };
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
      (answer) => {
        // Recorded before the step, whose redirect may unload the page.
        answered();
        return answer.after_callback_redirect_url;
      },
      () => null,
    );
    const outcome = await ctx.signIn(() => exchange, {
      method: flow ? `oauth:${flow.provider}` : 'oauth',
      redirectTo: next && ctx.redirect.isTrusted(next) ? next : undefined,
    });
    if (outcome.status === 'second-factor-required') answered();
    return outcome;
  }, CALLBACK_ERRORS);
}
