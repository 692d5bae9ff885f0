/**
 * The impersonation plugin: the browser side of "sign in as this user" from the admin console. The
 * console makes an impersonation session (`app.serverSessions.impersonate(userId)` or
 * `POST /auth/sessions` with `is_impersonation: true`) and opens {@link impersonationLink} in a new
 * tab; this plugin's `impersonate` page takes the token from the fragment and signs the app in,
 * but only when the session really is an impersonation of this project. `app.impersonation` says
 * whether the current session is one and ends it. `createApp({ plugins: [impersonation()] })`.
 */
import { effect, type ReadonlySignal, signal } from '@preact/signals-core';
import {
  type CurrentUser,
  isSignetError,
  type PluginContext,
  pluginFactory,
  type Result,
  type SignedIn,
  SignetError,
} from '../../core/index.js';
import { impersonationClaims } from './claims.js';
import { linkTokenOf } from './link.js';

export { type ImpersonationClaims, impersonationClaims } from './claims.js';
export {
  type ImpersonationLinkOptions,
  impersonationLink,
  isLinkToken,
  LINK_TOKEN_PARAM,
  linkTokenOf,
  MAX_LINK_TOKEN_LENGTH,
} from './link.js';

/** Why an impersonation link was not used; nothing is stored in any of these cases. */
export type ImpersonationErrorCode =
  /** The fragment holds no refresh token, or something no server issues. */
  | 'IMPERSONATION_LINK_INVALID'
  /** The server knows no live session of this project for the token (expired, ended, another project's). */
  | 'IMPERSONATION_LINK_EXPIRED'
  /** The session is live but not an impersonation of this project (a normal sign-in's token). */
  | 'NOT_AN_IMPERSONATION';

const ERROR_CODES = [
  'IMPERSONATION_LINK_INVALID',
  'IMPERSONATION_LINK_EXPIRED',
  'NOT_AN_IMPERSONATION',
] as const satisfies readonly ImpersonationErrorCode[];

/** What each refusal says to the person who opened the link. */
export const IMPERSONATION_ERROR_MESSAGES: Readonly<Record<ImpersonationErrorCode, string>> = {
  IMPERSONATION_LINK_INVALID:
    'This impersonation link is incomplete or damaged. Start the impersonation again from the console.',
  IMPERSONATION_LINK_EXPIRED:
    'This impersonation link has expired or was ended, or it belongs to another project. Start the impersonation again from the console.',
  NOT_AN_IMPERSONATION:
    'This link does not hold an impersonation session of this project, so nobody was signed in.',
};

/** The current session, when it is an impersonation. */
export interface ImpersonatedSession {
  /** The user the session acts as. */
  user: CurrentUser;
  /** The session's id, when the token names it. */
  sessionId: string | null;
}

/** `app.impersonation`. */
export interface ImpersonationApi {
  /**
   * The current session when it is an impersonation, else null. Follows sign-ins and sign-outs;
   * read from the access token's `is_impersonation` claim once the user is loaded.
   */
  readonly current: ReadonlySignal<ImpersonatedSession | null>;
  /** Whether the current session is an impersonation (`current.value !== null`). */
  readonly active: boolean;
  /**
   * Uses an impersonation link: reads the refresh token from `url`'s fragment, removes the fragment
   * from the address bar at once, and signs in only when the token's session is an impersonation
   * of this project; otherwise stores nothing and answers the reason. Then goes to after-sign-in
   * unless `noRedirect`.
   */
  acceptLink(
    url: string | URL,
    options?: { noRedirect?: boolean },
  ): Promise<Result<SignedIn, ImpersonationErrorCode>>;
  /**
   * Ends the impersonation: revokes the session on the server, clears the tokens here, then goes
   * to after-sign-out (or `redirectUrl`) unless `noRedirect`. Resolves false, doing nothing, when
   * the current session is not an impersonation, so it never signs a user out of their own session.
   */
  end(options?: { redirectUrl?: string; noRedirect?: boolean }): Promise<boolean>;
}

/** The page an impersonation link opens. */
export type ImpersonationUrl = 'impersonate';

/** The method recorded for a sign-in through an impersonation link. */
export const IMPERSONATION_SIGN_IN_METHOD = 'impersonation';

/** The impersonation plugin (client access: it runs in the app the console opens). */
export const impersonation = pluginFactory('impersonation', () => {
  return {
    errorCodes: ERROR_CODES,
    urls: { impersonate: 'impersonate' },
    callbacks: {
      impersonate: ({ url }, api: ImpersonationApi) => api.acceptLink(url),
    },
    setup(ctx: PluginContext<ImpersonationUrl>): ImpersonationApi {
      const current = signal<ImpersonatedSession | null>(null);
      const refuse = (code: ImpersonationErrorCode) => ({
        status: 'error' as const,
        error: new SignetError(code, 400, IMPERSONATION_ERROR_MESSAGES[code], undefined, 'impersonation'),
      });
      const isImpersonationOfProject = (token: string | null) => {
        const claims = token ? impersonationClaims(token) : null;
        return claims?.isImpersonation && claims.projectId === ctx.projectId ? claims : null;
      };

      // The claim is re-read whenever the user changes (a sign-in, a sign-out, another tab);
      // `latest` drops the answer of a read that a newer change overtook.
      let latest = 0;
      const stop = effect(() => {
        const user = ctx.user.value;
        const mine = ++latest;
        if (!user) {
          current.value = null;
          return;
        }
        ctx
          .getAccessToken()
          .then((token) => {
            if (mine !== latest) return;
            const claims = isImpersonationOfProject(token);
            current.value = claims?.userId === user.id ? { user, sessionId: claims.sessionId } : null;
          })
          .catch(() => {
            if (mine === latest) current.value = null;
          });
      });
      ctx.onDispose(stop);

      return {
        current,
        get active() {
          return current.value !== null;
        },
        async acceptLink(input, options = {}) {
          const url = new URL(input, ctx.env.currentUrl() ?? 'http://localhost');
          forgetFragment(url);
          const refreshToken = linkTokenOf(url.hash);
          if (!refreshToken) return refuse('IMPERSONATION_LINK_INVALID');
          let accessToken: string;
          try {
            // Exchanged without the app's session: whoever is signed in here stays so if refused.
            ({ access_token: accessToken } = await ctx.http.request<{ access_token: string }>(
              '/auth/sessions/current/refresh',
              {
                method: 'POST',
                withSession: false,
                headers: { 'x-stack-refresh-token': refreshToken },
                body: {},
              },
            ));
          } catch (error) {
            if (isSignetError(error, 'REFRESH_TOKEN_ERROR')) return refuse('IMPERSONATION_LINK_EXPIRED');
            throw error;
          }
          // Login-CSRF defence: a link with someone's normal session must not sign this browser in.
          const claims = isImpersonationOfProject(accessToken);
          if (!claims) return refuse('NOT_AN_IMPERSONATION');
          const outcome = await ctx.signIn(
            async () => ({ access_token: accessToken, refresh_token: refreshToken, user_id: claims.userId }),
            { method: IMPERSONATION_SIGN_IN_METHOD, alwaysAfterSignIn: true, noRedirect: options.noRedirect },
          );
          // An access token is never answered with a second-factor request.
          if (outcome.status !== 'ok')
            throw new Error('signet: an impersonation cannot wait for a second factor.');
          return outcome;
        },
        async end(options) {
          if (!isImpersonationOfProject(await ctx.getAccessToken())) return false;
          await ctx.signOut(options);
          return true;
        },
      };
    },
  };
});

/**
 * Removes the fragment from the address bar and the history entry, before the token is used: it
 * must not linger where a screenshot, a history sync or a shared screen would show it.
 */
function forgetFragment(url: URL): void {
  if (typeof location === 'undefined' || typeof history === 'undefined' || !location.hash) return;
  if (new URL(location.href).pathname !== url.pathname) return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}
