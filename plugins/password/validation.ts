/**
 * Client-side checks of the credential forms, with the exact messages of product-spec §5. They run
 * before any call so a user learns what to fix without a round trip.
 */
import { EMAIL_MESSAGES, emailError, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../wire/index.js';

/** Field → message; empty when the values are fine. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Messages of the credential forms. */
export const MESSAGES = {
  emailEmpty: EMAIL_MESSAGES.empty,
  emailInvalid: EMAIL_MESSAGES.invalid,
  passwordEmpty: 'Please enter your password',
  passwordRepeatEmpty: 'Please repeat your password',
  passwordMismatch: 'Passwords do not match',
  // The server's PASSWORD_TOO_SHORT/LONG text, written out: taking it from core/errors/messages.ts
  // pulls that whole table (one object, not tree-shaken) into the screens, +2.3 KB gzip.
  passwordTooShort: `Password too short. Minimum length is ${PASSWORD_MIN_LENGTH}.`,
  passwordTooLong: `Password too long. Maximum length is ${PASSWORD_MAX_LENGTH}.`,
} as const;

/** Counts code points, so an emoji is one character as the server counts it. */
const length = (text: string) => [...text].length;

export { emailError };

/** The message for a new password, if any (bounds 8 to 70 characters). */
export function newPasswordError(password: string): string | undefined {
  if (!password) return MESSAGES.passwordEmpty;
  if (length(password) < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (length(password) > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
}

/** The message for the repeat of a new password, if any. */
export function passwordRepeatError(password: string, repeat: string): string | undefined {
  if (!repeat) return MESSAGES.passwordRepeatEmpty;
  if (repeat !== password) return MESSAGES.passwordMismatch;
}

/** Checks the sign-in form. */
export function validateSignIn(values: {
  email: string;
  password: string;
}): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = MESSAGES.passwordEmpty;
  return errors;
}

/** Checks the sign-up form; `passwordRepeat` is null when the form has no repeat field. */
export function validateSignUp(values: {
  email: string;
  password: string;
  passwordRepeat: string | null;
}): FieldErrors<'email' | 'password' | 'passwordRepeat'> {
  const errors: FieldErrors<'email' | 'password' | 'passwordRepeat'> = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  const password = newPasswordError(values.password);
  if (password) errors.password = password;
  if (values.passwordRepeat !== null) {
    const repeat = passwordRepeatError(values.password, values.passwordRepeat);
    if (repeat) errors.passwordRepeat = repeat;
  }
  return errors;
}
