/**
 * How much any request may carry, and which strings no field may hold: the ground floor every
 * layer reads (http/ checks requests against it, features/ build field schemas from it, services
 * clean provider profiles with it). docs/server/limits.md lists the same figures.
 */

/** One problem line, e.g. "body.email must be defined". */
export type Problem = string;

/**
 * Twice the largest legitimate body: a user update with a 1,000,000-character profile image and
 * three 100,000-character metadata objects of three-byte characters is under 2 MB. Fields have
 * tighter limits of their own (`INPUT_LIMITS`); this bounds what is read and parsed at all.
 */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * No string anywhere in a request is longer than this, whatever its field (the longest legitimate
 * one, a profile image as a data URL, is 1,000,000 characters); fields have tighter limits of
 * their own (`INPUT_LIMITS`).
 */
export const MAX_STRING_LENGTH = 1_048_576;

/**
 * The schema-level cap on password strings, in UTF-16 code units. Far above 70 code points so an
 * over-long password gets PASSWORD_TOO_LONG; only absurd inputs are refused by the schema.
 */
export const PASSWORD_SCHEMA_MAX = 4096;

/**
 * The longest value each kind of free-text field takes, and the request-wide caps behind them.
 * Every field is bounded, so no anonymous request can store (and email, and keep for days)
 * megabytes: docs/server/limits.md lists the same figures.
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

/** A UTF-16 surrogate without its other half: not Unicode, and not storable as UTF-8. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** What is wrong with one string (or key) of a request, if anything. */
export function stringProblem(path: string, value: string): Problem | null {
  if (value.includes('\u0000')) return `${path} must not contain NUL characters`;
  if (LONE_SURROGATE.test(value))
    return `${path} must be valid Unicode (it contains a lone UTF-16 surrogate)`;
  if (value.length > MAX_STRING_LENGTH) return `${path} must be at most ${MAX_STRING_LENGTH} characters long`;
  return null;
}
