/** Field schemas shared by several endpoints (wire.md §4.1). */
import * as v from 'valibot';
import { isEmail, isSignInEmail } from '../../../core/wire/email.js';
import { PASSWORD_SCHEMA_MAX } from '../services/passwords.js';

/** An email allowed to sign up or sign in with a code. */
export const signInEmailField = v.pipe(v.string(), v.check(isSignInEmail, 'must be a valid email address'));

/** Any plain email. */
export const emailField = v.pipe(v.string(), v.check(isEmail, 'must be a valid email address'));

/**
 * A password string. The rules (8..70 code points) are checked by the handler so an over-long
 * password gets PASSWORD_TOO_LONG; the schema only stops absurd inputs.
 */
export const passwordField = v.pipe(
  v.string(),
  v.maxLength(PASSWORD_SCHEMA_MAX, `must be at most ${PASSWORD_SCHEMA_MAX} characters`),
);

/** A URL the WHATWG parser accepts, without spaces. */
export const urlField = v.pipe(
  v.string(),
  v.check((value) => !/\s/.test(value) && URL.canParse(value), 'is not a valid URL'),
);

/** A canonical UUID. */
export const uuidField = v.pipe(v.string(), v.uuid('must be a valid UUID'));

/** An optional empty JSON object, what the SDK sends on bodiless POSTs and DELETEs. */
export const emptyBody = v.optional(v.strictObject({}));
