/**
 * The errors the kit raises. Known wire errors are data with a code; a code this client does not
 * know becomes an "update the client" error instead of a crash; a server that cannot be reached
 * becomes a connection error that says what was tried.
 */
import { type ErrorFamily, isInFamily, type KnownErrorCode } from './codes.js';

/**
 * A known error: a code of the wire's catalogue, or a code a plugin declared as its own (then
 * `plugin` names that plugin). Carries the HTTP status, the server's message and its details.
 */
export class SignetError<C extends string = KnownErrorCode> extends Error {
  override readonly name = 'SignetError';
  constructor(
    /** The wire code, e.g. `EMAIL_PASSWORD_MISMATCH`. */
    readonly code: C,
    /** The HTTP status the error stands for (after any status override). */
    readonly status: number,
    message: string,
    /** The error's `details` object, as sent. */
    readonly details?: Record<string, unknown>,
    /** The plugin that owns the code, for codes outside the wire's catalogue. */
    readonly plugin?: string,
  ) {
    super(message);
  }

  /** True when this error is `family` or one of its descendants (e.g. `INVALID_ACCESS_TOKEN`). */
  is(family: ErrorFamily | (string & {})): boolean {
    return isInFamily(this.code, family as ErrorFamily);
  }
}

/** The server answered with a code this version of the kit does not know. */
export class UpdateClientError extends Error {
  override readonly name = 'UpdateClientError';
  constructor(
    readonly code: string,
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(
      `The server sent the error code ${code}, which this version of signet does not know. Update the client (npm update signet). Server message: ${serverMessage}`,
    );
  }
}

/** A non-2xx answer that is not a known error (plain-text status errors, 5xx pages). */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  constructor(
    readonly status: number,
    readonly body: string,
    readonly url: string,
  ) {
    super(`Request to ${url} failed with status ${status}: ${body}`);
  }
}

/** The API could not be reached after every attempt; the message lists what was tried. */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
  constructor(
    readonly url: string,
    readonly attempts: readonly string[],
  ) {
    super(
      `Could not reach ${url} after ${attempts.length} attempts:\n${attempts.join('\n')}\nIs the server running and baseUrl right?`,
    );
  }
}

/**
 * The server keeps answering 429 Too Many Requests: either every attempt was refused, or it asked
 * for a wait too long to spend behind a spinner. The user should try again after `retryAfterMs`.
 */
export class RateLimitError extends Error {
  override readonly name = 'RateLimitError';
  constructor(readonly retryAfterMs: number) {
    const seconds = Math.ceil(retryAfterMs / 1000);
    // Under two minutes in seconds, else in minutes; never 'in 0 seconds'.
    const wait = seconds < 120 ? `${seconds || 1} seconds` : `${Math.ceil(seconds / 60)} minutes`;
    super(`Too many attempts. Please try again in ${wait}.`);
  }
}

/** True when `error` is a known wire error in `family`. */
export function isSignetError(
  error: unknown,
  family?: ErrorFamily | (string & {}),
): error is SignetError<string> {
  return error instanceof SignetError && (!family || error.is(family));
}
