/**
 * The magic-link plugin: sign in (or up) with a one-time code sent by email. The email carries a
 * 6-character code and a link; the full code is those 6 characters followed by the nonce the send
 * call returned (wire.md §6.4). `createApp({ plugins: [magicLink()] })` gives `app.magicLink`.
 */
import {
  type ErrorCodesOf,
  type PluginContext,
  pluginFactory,
  type Result,
  type SignInResult,
  toResult,
  toSignInResult,
} from '../../core/index.js';
import type { SignInResponseJson } from '../../wire/index.js';

/** Length of the code typed by the user. */
export const SIGN_IN_CODE_LENGTH = 6;

/** Codes sending a sign-in email can fail with. */
export type SendCodeErrorCode = ErrorCodesOf<(typeof SEND_ERRORS)[number]>;
/** Codes a code sign-in can fail with. */
export type CodeSignInErrorCode = ErrorCodesOf<(typeof SIGN_IN_ERRORS)[number]>;

const SEND_ERRORS = [
  'SIGN_UP_NOT_ENABLED',
  'USER_EMAIL_ALREADY_EXISTS',
  'REDIRECT_URL_NOT_WHITELISTED',
] as const;
const SIGN_IN_ERRORS = ['VERIFICATION_ERROR', 'SIGN_UP_NOT_ENABLED'] as const;

/** `app.magicLink`. */
export interface MagicLinkApi {
  /**
   * Emails a sign-in code and link to `email`. The link leads to `callbackUrl`, by default the app's
   * magic-link-callback page resolved against the current page. Resolves with the nonce that
   * completes a typed code.
   */
  sendCode(input: {
    email: string;
    callbackUrl?: string;
  }): Promise<Result<{ nonce: string }, SendCodeErrorCode>>;
  /** Signs in with the 6 characters the user typed and the nonce of `sendCode` (case does not matter). */
  signInWithCode(input: {
    code: string;
    nonce: string;
    noRedirect?: boolean;
  }): Promise<SignInResult<CodeSignInErrorCode>>;
  /** Signs in with the full code of an emailed link (its `code` query parameter). */
  signInWithLinkCode(input: {
    code: string;
    noRedirect?: boolean;
  }): Promise<SignInResult<CodeSignInErrorCode>>;
}

/** The page an emailed sign-in link opens. */
export type MagicLinkUrl = 'magicLinkCallback';

/** The magic-link plugin. */
export const magicLink = pluginFactory('magicLink', () => {
  return {
    urls: { magicLinkCallback: 'magic-link-callback' },
    // The emailed link's page: any host can run it with `app.handle(url)`.
    callbacks: {
      magicLinkCallback: ({ searchParams }, api: MagicLinkApi) =>
        api.signInWithLinkCode({ code: searchParams.get('code') ?? '' }),
    },
    setup(ctx: PluginContext<MagicLinkUrl>): MagicLinkApi {
      const signIn = (code: string, noRedirect?: boolean) =>
        toSignInResult(
          () =>
            ctx.signIn(
              () =>
                ctx.http.request<SignInResponseJson>('/auth/otp/sign-in', {
                  method: 'POST',
                  withSession: false,
                  body: { code: code.toLowerCase() },
                }),
              { method: 'magic-link', noRedirect },
            ),
          SIGN_IN_ERRORS,
        );
      return {
        sendCode: ({ email, callbackUrl }) =>
          toResult(
            () =>
              ctx.http.request<{ nonce: string }>('/auth/otp/send-sign-in-code', {
                method: 'POST',
                withSession: false,
                body: { email, callback_url: callbackUrl ?? ctx.absoluteUrl(ctx.urls.magicLinkCallback) },
              }),
            SEND_ERRORS,
          ),
        signInWithCode: ({ code, nonce, noRedirect }) => signIn(code.trim() + nonce, noRedirect),
        signInWithLinkCode: ({ code, noRedirect }) => signIn(code, noRedirect),
      };
    },
  };
});
