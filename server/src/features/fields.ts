/** Field schemas shared by several endpoints (wire.md §4.1). */
import * as v from 'valibot';
import { isEmail, isSignInEmail } from '../../../wire/email.js';
import { MAX_BODY_BYTES } from '../http/body.js';
import { MAX_STRING_LENGTH } from '../http/validate.js';
import { PASSWORD_SCHEMA_MAX } from '../services/passwords.js';
import { isUuid } from '../services/users.js';

/**
 * The longest value each kind of free-text field takes, and the request-wide caps behind them.
 * Every field is bounded, so no anonymous request can store (and email, and keep for days)
 * megabytes: README "Input limits" lists the same figures.
 */
export const INPUT_LIMITS = {
  /** An email address (RFC 5321's path limit). */
  email: 254,
  /** A URL: callback and redirect URLs, domains. */
  url: 2048,
  /** A name: display names, sender names, hosts, user names. */
  name: 256,
  /** A short text: descriptions, email subjects, SMTP passwords, ids. */
  text: 1024,
  /** Client, client-read-only and server metadata, as JSON. */
  metadataJson: 100_000,
  /** An email template's content, as JSON. */
  templateJson: 200_000,
  /** A profile image, a `data:image/...;base64,` URL (what the kit's resizer keeps under). */
  profileImage: 1_000_000,
  /** A password string; over 70 code points it is PASSWORD_TOO_LONG, over this a schema error. */
  password: PASSWORD_SCHEMA_MAX,
  /** Any other string anywhere in a request: values, keys, query and path parameters. */
  anyString: MAX_STRING_LENGTH,
  /** A whole request body, in bytes (413 above it). */
  bodyBytes: MAX_BODY_BYTES,
} as const;

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
