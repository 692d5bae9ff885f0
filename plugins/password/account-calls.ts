/**
 * The password plugin's calls that no sign-in makes: changing, resetting and setting a password.
 * `password()` loads this module on the first of them, so a bundler that splits chunks keeps them
 * (and the error codes they expect) out of the first load of an app that signs users in.
 */
import { type PluginContext, type Result, toResult } from '../../core/index.js';
import type { PasswordUrl, ResetErrorCode, SetPasswordErrorCode, UpdatePasswordErrorCode } from './index.js';

/** Codes a password change expects. */
export const UPDATE_ERRORS = [
  'PASSWORD_CONFIRMATION_MISMATCH',
  'PASSWORD_REQUIREMENTS_NOT_MET',
  'USER_DOES_NOT_HAVE_PASSWORD',
  'PASSWORD_AUTHENTICATION_NOT_ENABLED',
] as const;
/** Codes a reset-code check or reset expects. */
export const RESET_ERRORS = ['VERIFICATION_ERROR', 'PASSWORD_REQUIREMENTS_NOT_MET'] as const;
/** Codes setting a first password expects. */
export const SET_ERRORS = ['PASSWORD_REQUIREMENTS_NOT_MET', 'PASSWORD_AUTHENTICATION_NOT_ENABLED'] as const;

/** What the calls need from the plugin: its context and its POST to `/auth/password/<path>`. */
export interface PasswordCallDeps {
  ctx: PluginContext<PasswordUrl>;
  post(path: string, body: unknown, withSession?: boolean): Promise<unknown>;
}

/** `app.password.updatePassword`. */
export const updatePassword = (
  { post }: PasswordCallDeps,
  { oldPassword, newPassword }: { oldPassword: string; newPassword: string },
): Promise<Result<void, UpdatePasswordErrorCode>> =>
  toResult(async () => {
    await post('update', { old_password: oldPassword, new_password: newPassword }, true);
  }, UPDATE_ERRORS);

/** `app.password.sendResetCode`. */
export const sendResetCode = (
  { ctx, post }: PasswordCallDeps,
  { email, callbackUrl }: { email: string; callbackUrl?: string },
): Promise<Result<void, 'REDIRECT_URL_NOT_WHITELISTED'>> =>
  toResult(async () => {
    await post('send-reset-code', {
      email,
      callback_url: callbackUrl ?? ctx.absoluteUrl(ctx.urls.passwordReset),
    });
  }, ['REDIRECT_URL_NOT_WHITELISTED']);

/** `app.password.checkResetCode`. */
export const checkResetCode = (
  { post }: PasswordCallDeps,
  code: string,
): Promise<Result<void, ResetErrorCode>> =>
  toResult(async () => {
    await post('reset/check-code', { code });
  }, RESET_ERRORS);

/** `app.password.resetPassword`. */
export const resetPassword = (
  { post }: PasswordCallDeps,
  { code, password }: { code: string; password: string },
): Promise<Result<void, ResetErrorCode>> =>
  toResult(async () => {
    await post('reset', { code, password });
  }, RESET_ERRORS);

/** `app.password.setPassword`. */
export const setPassword = (
  { ctx, post }: PasswordCallDeps,
  { password }: { password: string },
): Promise<Result<void, SetPasswordErrorCode>> =>
  toResult(async () => {
    await post('set', { password }, true);
    await ctx.refreshUser();
  }, SET_ERRORS);
