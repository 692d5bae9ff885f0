/**
 * The totp plugin: the second factor for the signed-in user (enrol with an authenticator app,
 * turn it off, make recovery codes) and for a sign-in waiting for it (`verify(code)`, a TOTP code or
 * a recovery code). `createApp({ plugins: [totp()] })` gives `app.totp`. The screens (the
 * second-factor slot and the account section) come with the React half.
 */
import {
  type ErrorCodesOf,
  pluginFactory,
  type Result,
  type SignInResult,
  toResult,
  toSignInResult,
} from '../../core/index.js';
import type { SignInResponseJson } from '../../wire/index.js';
import { base32 } from './totp-code.js';

/** A secret being enrolled: what the page shows, and what `enable` saves. */
export interface TotpEnrollment {
  /** 20 random bytes. */
  secret: Uint8Array;
  /** The secret in base32, for typing into an authenticator app by hand. */
  manualKey: string;
  /** The `otpauth://` URI a QR code carries (issuer: the project's name). */
  uri: string;
}

/** Codes completing a sign-in can fail with. */
export type TotpVerifyErrorCode = ErrorCodesOf<(typeof VERIFY_ERRORS)[number]>;

/** What a refused code shows (product-spec §8). */
export const INVALID_TOTP_CODE_MESSAGE = 'Invalid TOTP code';

/** Message when `verify` is called with no sign-in waiting for a second factor. */
export const NO_PENDING_SIGN_IN_MESSAGE = 'signet: no sign-in is waiting for a second factor.';

/** `app.totp`. */
export interface TotpApi {
  /** A new secret to enrol, with its manual key and `otpauth://` URI. Nothing is saved yet. */
  createEnrollment(): TotpEnrollment;
  /** Whether `code` is the current code of `secret` (checked here, before anything is saved). */
  checkCode(secret: Uint8Array, code: string): Promise<boolean>;
  /** Turns TOTP on with the enrolment's secret once `code` proves the app has it. */
  enable(enrollment: TotpEnrollment, code: string): Promise<Result<void, 'INVALID_TOTP_CODE'>>;
  /** Turns TOTP off for the signed-in user, who proves the factor with a current or recovery code. */
  disable(code: string): Promise<Result<void, 'INVALID_TOTP_CODE'>>;
  /** Ten new single-use recovery codes (shown once; the previous ones stop working). */
  createRecoveryCodes(): Promise<string[]>;
  /** Completes the sign-in waiting for a second factor with a TOTP code or a recovery code. */
  verify(code: string): Promise<SignInResult<TotpVerifyErrorCode>>;
}

const VERIFY_ERRORS = [
  'INVALID_TOTP_CODE',
  'VERIFICATION_CODE_EXPIRED',
  'VERIFICATION_CODE_ALREADY_USED',
  'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED',
  'VERIFICATION_CODE_NOT_FOUND',
] as const;

/** The totp plugin. */
export const totp = pluginFactory('totp', () => {
  return {
    setup: (ctx): TotpApi => {
      // Checking a code, turning TOTP on or off and new recovery codes come after the user asked
      // for them: their module is loaded on the first such call.
      const later = () => import('./account-calls.js');
      return {
        createEnrollment() {
          const secret = crypto.getRandomValues(new Uint8Array(20));
          const manualKey = base32(secret);
          const issuer = ctx.project.value?.displayName ?? 'signet';
          const account = ctx.user.value?.primaryEmail ?? ctx.user.value?.id ?? 'user';
          const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
          const uri = `otpauth://totp/${label}?secret=${manualKey}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
          return { secret, manualKey, uri };
        },
        checkCode: async (secret, code) => (await later()).checkCode(ctx, secret, code),
        enable: async (enrollment, code) => (await later()).enable(ctx, enrollment, code),
        disable: (code) => toResult(async () => (await later()).disable(ctx, code), ['INVALID_TOTP_CODE']),
        createRecoveryCodes: async () => (await later()).createRecoveryCodes(ctx),
        verify(code) {
          const attempt = ctx.pendingSignIn.value;
          if (!attempt) throw new Error(NO_PENDING_SIGN_IN_MESSAGE);
          return toSignInResult(
            () =>
              ctx.signIn(
                () =>
                  ctx.http.request<SignInResponseJson>('/auth/mfa/sign-in', {
                    method: 'POST',
                    withSession: false,
                    body: { code: attempt.attemptCode, type: 'totp', totp: code.trim() },
                  }),
                // Ends as the first factor would have: its method, its redirect.
                attempt,
              ),
            VERIFY_ERRORS,
          );
        },
      };
    },
  };
});
