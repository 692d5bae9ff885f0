/**
 * The OAuth plugin: sign in (or up) with a provider, link a provider to the signed-in user, use and
 * disconnect connected accounts. `createApp({ plugins: [oauth()] })` gives `app.oauth`; the screens
 * (provider buttons, the oauth-callback page, 'Connected accounts') are in `./screens`.
 *
 * The outer flow of wire.md §6.6: PKCE with S256 only, the verifier in the cookie
 * `stack-oauth-outer-<state>` for an hour, which also binds the state to this browser; the
 * callback page exchanges the code through the one sign-in step, so a second factor, the recorded
 * method and the redirect behave as for every other sign-in.
 */
import {
  type PluginContext,
  pluginFactory,
  type ReadonlySignal,
  signal,
  UntrustedRedirectError,
} from '../../core/index.js';
import { authorizePath, callbackRedirectUri } from './authorize-url.js';
import { NOT_A_CALLBACK_MESSAGE, type OAuthCallbackResult, runCallback } from './callback.js';
import {
  type ConnectedAccount,
  connectedAccounts,
  type GetConnectedAccountOptions,
  NOT_A_CURRENT_USER_MESSAGE,
} from './connected-accounts.js';
import { recordFlow } from './flows.js';
import { createPkce, VERIFIER_COOKIE_MAX_AGE_SECONDS, verifierCookieName } from './pkce.js';

export { authorizePath, callbackRedirectUri, withoutCallbackParams } from './authorize-url.js';
export {
  NOT_A_CALLBACK_MESSAGE,
  type OAuthCallbackErrorCode,
  type OAuthCallbackResult,
} from './callback.js';
export {
  type ConnectedAccount,
  type GetConnectedAccountOptions,
  NO_ACCESS_TOKEN_MESSAGE,
  NOT_A_CURRENT_USER_MESSAGE,
} from './connected-accounts.js';
export { base64url, codeChallenge, createPkce, type PkcePair, verifierCookieName } from './pkce.js';

/** Options of `app.oauth.signIn`. */
export interface OAuthSignInOptions {
  /**
   * Where to go after the callback instead of the after-sign-in (or after-sign-up) page; must be
   * relative or on a trusted domain.
   */
  afterCallbackRedirectUrl?: string;
}

/** Options of `app.oauth.link`. */
export interface OAuthLinkOptions extends OAuthSignInOptions {
  /** Extra provider scopes to ask for (sent space-separated as `provider_scope`). */
  scopes?: readonly string[];
}

/** `app.oauth`. */
export interface OAuthApi {
  /**
   * Sends the browser to the provider to sign in or sign up (`provider` is an id such as
   * `'github'`). The provider's answer comes back to the app's oauth-callback page, which records
   * the provider as `lastUsed` once it has signed the user in.
   */
  signIn(provider: string, options?: OAuthSignInOptions): Promise<void>;
  /**
   * Connects `provider` to the signed-in user (or asks it for more scopes). Comes back to the page
   * it started on unless `afterCallbackRedirectUrl` says otherwise.
   */
  link(provider: string, options?: OAuthLinkOptions): Promise<void>;
  /**
   * Finishes a flow at its callback URL (the current page by default): exchanges the code when this
   * browser started the flow, else does nothing and says `not-a-callback`. `app.handle(url)` runs
   * it on the oauth-callback page.
   */
  handleCallback(url?: string | URL): Promise<OAuthCallbackResult>;
  /**
   * The signed-in user's account at `provider` with a token for the scopes, or null when there is
   * no such connection (see `or`).
   */
  getConnectedAccount(
    provider: string,
    options?: GetConnectedAccountOptions,
  ): Promise<ConnectedAccount | null>;
  /**
   * Disconnects the user's account at `provider`. The server refuses (a status error with its
   * reason) when that would leave the user no way to sign in.
   */
  disconnect(provider: string): Promise<void>;
  /**
   * The provider of the last OAuth sign-in on this device (its callback came back signed in, or
   * asking for a second factor), or null. Each flow's provider is kept under its own state, so
   * flows in two tabs never record each other's.
   */
  readonly lastUsed: ReadonlySignal<string | null>;
}

/** The page providers send the browser back to. */
export type OAuthUrl = 'oauthCallback';

const LAST_USED_KEY = 'last-used-provider';

/** The OAuth plugin. */
export const oauth = pluginFactory('oauth', () => {
  return {
    urls: { oauthCallback: 'oauth-callback' },
    callbacks: { oauthCallback: ({ url }, api: OAuthApi) => api.handleCallback(url) },
    setup(ctx: PluginContext<OAuthUrl>): OAuthApi {
      const lastUsed = signal<string | null>(ctx.storage.get(LAST_USED_KEY));

      async function start(provider: string, options: OAuthLinkOptions, link?: { accessToken: string }) {
        const afterCallback = options.afterCallbackRedirectUrl;
        // Refused before leaving: the callback would fall back to the after-auth page anyway.
        if (afterCallback && !ctx.redirect.isTrusted(afterCallback))
          throw new UntrustedRedirectError(afterCallback);
        const here = ctx.env.currentUrl();
        const { verifier, challenge, state } = await createPkce();
        ctx.cookies.set(verifierCookieName(state), verifier, {
          maxAgeSeconds: VERIFIER_COOKIE_MAX_AGE_SECONDS,
        });
        recordFlow(ctx.storage, ctx.env.now(), state, { provider: provider.toLowerCase(), link: !!link });
        await ctx.navigateToApi(
          authorizePath({
            provider,
            projectId: ctx.projectId,
            publishableClientKey: ctx.publishableClientKey,
            redirectUri: callbackRedirectUri(ctx.urls.oauthCallback, here),
            errorRedirectUrl: ctx.absoluteUrl(ctx.urls.error),
            state,
            codeChallenge: challenge,
            // The server checks it against the trusted domains, which needs an absolute URL.
            afterCallbackRedirectUrl: afterCallback && ctx.absoluteUrl(afterCallback),
            link: link && { accessToken: link.accessToken, scopes: options.scopes ?? [] },
          }),
        );
      }

      async function link(provider: string, options: OAuthLinkOptions = {}) {
        const accessToken = await ctx.getAccessToken();
        if (ctx.access !== 'client' || accessToken === null) throw new Error(NOT_A_CURRENT_USER_MESSAGE);
        // Back where the user asked for it (account settings, say), not the after-sign-in page.
        const back = options.afterCallbackRedirectUrl ?? ctx.env.currentUrl() ?? undefined;
        await start(provider, { ...options, afterCallbackRedirectUrl: back }, { accessToken });
      }

      return {
        signIn: (provider, options = {}) => start(provider, options),
        link,
        async handleCallback(url) {
          const here = ctx.env.currentUrl();
          const at = url ?? here;
          if (at === null) return { status: 'not-a-callback', message: NOT_A_CALLBACK_MESSAGE };
          return runCallback(ctx, new URL(at, here ?? undefined), (provider) => {
            ctx.storage.set(LAST_USED_KEY, provider);
            lastUsed.value = provider;
          });
        },
        ...connectedAccounts(ctx, link),
        lastUsed,
      };
    },
  };
});
