/**
 * The password plugin: sign up, sign in and change password with an email and a password.
 * `createApp({ plugins: [password()] })` gives the app `app.password`.
 */
import {
  type ErrorCodesOf,
  type PluginContext,
  pluginFactory,
  type Result,
  type SignedIn,
  type SignInResult,
  toSignInResult,
} from '../../core/index.js';
import type { SignInResponseJson } from '../../wire/index.js';
import type { RESET_ERRORS, SET_ERRORS, UPDATE_ERRORS } from './account-calls.js';

export {
  emailError,
  type FieldErrors,
  MESSAGES,
  newPasswordError,
  validateSignIn,
  validateSignUp,
} from './validation.js';

/** Codes a sign-up can fail with. */
export type SignUpErrorCode = ErrorCodesOf<(typeof SIGN_UP_ERRORS)[number]>;
/** Codes a sign-in can fail with. */
export type SignInErrorCode = ErrorCodesOf<(typeof SIGN_IN_ERRORS)[number]>;
/** Codes a password change can fail with. */
export type UpdatePasswordErrorCode = ErrorCodesOf<(typeof UPDATE_ERRORS)[number]>;

const SIGN_UP_ERRORS = [
  'USER_EMAIL_ALREADY_EXISTS',
  'PASSWORD_REQUIREMENTS_NOT_MET',
  'SIGN_UP_NOT_ENABLED',
  'PASSWORD_AUTHENTICATION_NOT_ENABLED',
  'REDIRECT_URL_NOT_WHITELISTED',
] as const;
const SIGN_IN_ERRORS = ['EMAIL_PASSWORD_MISMATCH', 'PASSWORD_AUTHENTICATION_NOT_ENABLED'] as const;

/** Codes a reset-code check or reset can fail with. */
export type ResetErrorCode = ErrorCodesOf<(typeof RESET_ERRORS)[number]>;
/** Codes setting a first password can fail with. */
export type SetPasswordErrorCode = ErrorCodesOf<(typeof SET_ERRORS)[number]>;

export type { SignedIn, SignInResult };

/** The pages the password plugin links to. */
export type PasswordUrl = 'passwordReset' | 'forgotPassword' | 'emailVerification';

/** `app.password`. */
export interface PasswordApi {
  /**
   * Creates an account and signs it in. A verification email links to `verificationCallbackUrl`
   * (the app's email-verification page by default). Goes to after-sign-up unless `noRedirect`.
   */
  signUp(input: {
    email: string;
    password: string;
    verificationCallbackUrl?: string;
    noRedirect?: boolean;
  }): Promise<SignInResult<SignUpErrorCode>>;
  /** Signs in; goes to after-sign-in unless `noRedirect`. */
  signIn(input: {
    email: string;
    password: string;
    noRedirect?: boolean;
  }): Promise<SignInResult<SignInErrorCode>>;
  /** Changes the current user's password; other sessions are ended by the server. */
  updatePassword(input: {
    oldPassword: string;
    newPassword: string;
  }): Promise<Result<void, UpdatePasswordErrorCode>>;
  /**
   * Emails a password-reset link leading to `callbackUrl` (the app's password-reset page by
   * default). The answer is the same whether or not the address has an account.
   */
  sendResetCode(input: {
    email: string;
    callbackUrl?: string;
  }): Promise<Result<void, 'REDIRECT_URL_NOT_WHITELISTED'>>;
  /** Whether an emailed reset code can still be used. */
  checkResetCode(code: string): Promise<Result<void, ResetErrorCode>>;
  /** Sets a new password with an emailed code; the server ends every session of the user. */
  resetPassword(input: { code: string; password: string }): Promise<Result<void, ResetErrorCode>>;
  /** Gives a password to a signed-in user who has none (e.g. signed up by magic link). */
  setPassword(input: { password: string }): Promise<Result<void, SetPasswordErrorCode>>;
}

/** Options of the password plugin (none yet; reserved for policy switches). */
export type PasswordPluginOptions = Record<string, never>;

/** The password plugin. */
export const password = pluginFactory('password', (_options?: PasswordPluginOptions) => {
  return {
    urls: {
      passwordReset: 'password-reset',
      forgotPassword: 'forgot-password',
      emailVerification: 'email-verification',
    },
    setup: (ctx: PluginContext<PasswordUrl>): PasswordApi => {
      // Every call of the plugin is a POST; all but update and set are made without the session.
      const post = <T = unknown>(path: string, body: unknown, withSession = false) =>
        ctx.http.request<T>(`/auth/password/${path}`, { method: 'POST', withSession, body });
      // Changing, resetting and setting a password come after a sign-in (or instead of one):
      // their module is loaded on the first such call.
      const later = () => import('./account-calls.js');
      const deps = { ctx, post };
      return {
        signUp: ({ email, password, verificationCallbackUrl, noRedirect }) =>
          toSignInResult(
            () =>
              ctx.signIn(
                () =>
                  post<SignInResponseJson>('sign-up', {
                    email,
                    password,
                    verification_callback_url:
                      verificationCallbackUrl ?? ctx.absoluteUrl(ctx.urls.emailVerification),
                  }),
                { method: 'password', isNewUser: true, noRedirect },
              ),
            SIGN_UP_ERRORS,
          ),
        signIn: ({ email, password, noRedirect }) =>
          toSignInResult(
            () =>
              ctx.signIn(() => post<SignInResponseJson>('sign-in', { email, password }), {
                method: 'password',
                noRedirect,
                alwaysAfterSignIn: true,
              }),
            SIGN_IN_ERRORS,
          ),
        updatePassword: async (input) => (await later()).updatePassword(deps, input),
        sendResetCode: async (input) => (await later()).sendResetCode(deps, input),
        checkResetCode: async (code) => (await later()).checkResetCode(deps, code),
        resetPassword: async (input) => (await later()).resetPassword(deps, input),
        setPassword: async (input) => (await later()).setPassword(deps, input),
      };
    },
  };
});
