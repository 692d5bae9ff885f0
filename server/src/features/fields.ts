/** Field schemas shared by several endpoints (wire.md §4.1). */
import * as v from 'valibot';
import { isEmail, isSignInEmail } from '../../../wire/email.js';
import { INPUT_LIMITS } from '../input-limits.js';
import { isUuid } from '../services/users.js';

/** A string of at most `max` characters. */
export const boundedString = (max: number) =>
  v.pipe(v.string(), v.maxLength(max, `must be at most ${max} characters long`));

/** Checks that a value's JSON is at most `max` characters. */
export const jsonAtMost = <T>(max: number) =>
  v.check<T, string>(
    (value) => (JSON.stringify(value) ?? '').length <= max,
    `must be at most ${max} characters as JSON`,
  );

/** A JSON value whose serialised form is at most `max` characters. */
export const boundedJson = (max: number) => v.pipe(v.unknown(), jsonAtMost(max));

/** An email allowed to sign up or sign in with a code. */
export const signInEmailField = v.pipe(
  boundedString(INPUT_LIMITS.email),
  v.check(isSignInEmail, 'must be a valid email address'),
);

/** Any plain email. */
export const emailField = v.pipe(
  boundedString(INPUT_LIMITS.email),
  v.check(isEmail, 'must be a valid email address'),
);

/**
 * A password string. The rules (8..70 code points) are checked by the handler so an over-long
 * password gets PASSWORD_TOO_LONG; the schema only stops absurd inputs.
 */
export const passwordField = v.pipe(
  v.string(),
  v.maxLength(INPUT_LIMITS.password, `must be at most ${INPUT_LIMITS.password} characters`),
);

/** A URL the WHATWG parser accepts, without spaces. */
export const urlField = v.pipe(
  boundedString(INPUT_LIMITS.url),
  v.check((value) => !/\s/.test(value) && URL.canParse(value), 'is not a valid URL'),
);

/** A canonical UUID. */
export const uuidField = v.pipe(v.string(), v.uuid('must be a valid UUID'));

/** `me` or a user UUID: whose resources a query or body names. */
export const userIdOrMeField = v.pipe(
  v.string(),
  v.check((value) => value === 'me' || isUuid(value), 'must be "me" or a valid UUID'),
);

/** An optional empty JSON object, what the SDK sends on bodiless POSTs and DELETEs. */
export const emptyBody = v.optional(v.strictObject({}));

/**
 * A profile image URL of a user, a team or a team member (wire.md §4.1), or null. `""` is a schema
 * error, worded as the reference's URL schema words it.
 */
export const profileImageField = v.nullable(
  v.pipe(
    v.string(),
    v.maxLength(INPUT_LIMITS.profileImage, `must be at most ${INPUT_LIMITS.profileImage} characters`),
    v.check((value) => value !== '', 'is not a valid URL'),
  ),
);

export { INPUT_LIMITS };
