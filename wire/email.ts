/**
 * The "sign-in email" rule shared by the form validation and the server (product-spec §5,
 * wire.md §4.1): a plain address, no leading dot in the local part, and a top-level domain of at
 * least two characters.
 */
const SIGN_IN_EMAIL = /^(?!\.)[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/** True when `email` is acceptable as a sign-in email. */
export function isSignInEmail(email: string): boolean {
  return SIGN_IN_EMAIL.test(email);
}

/** True when `email` passes the plain email check used by other email fields. */
export function isEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(email);
}

/** What the kit's forms say about an email field (product-spec §2). */
export const EMAIL_MESSAGES = {
  empty: 'Please enter your email',
  invalid: 'Please enter a valid email',
} as const;

/** The message for a sign-in email field, if any: every form with an email field uses this. */
export function emailError(email: string): string | undefined {
  if (!email.trim()) return EMAIL_MESSAGES.empty;
  if (!isSignInEmail(email.trim())) return EMAIL_MESSAGES.invalid;
}
