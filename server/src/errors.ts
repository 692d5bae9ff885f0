/**
 * The two kinds of errors a handler throws: a known error of the wire's catalogue (JSON body with
 * `code`, `details`, `error`) and a plain status error (text body). Anything else is a bug and is
 * answered as a 500 without leaking internals.
 */
import { type KnownErrorCode, statusOfCode } from '../../wire/errors/codes.js';
import { messageOf } from '../../wire/errors/messages.js';

/** A known error of wire.md §2.4. */
export class KnownError extends Error {
  readonly code: KnownErrorCode;
  readonly status: number;
  /** Sent in the body; undefined means the body has no `details` key. */
  readonly details: Record<string, unknown> | undefined;

  /**
   * @param details what the body carries under `details`
   * @param messageDetails values only used to build the message, for codes whose wire body
   *   carries no details although the message mentions a value (INVALID_ACCESS_TYPE)
   */
  constructor(
    code: KnownErrorCode,
    details?: Record<string, unknown>,
    messageDetails?: Record<string, unknown>,
  ) {
    super(messageOf(code, messageDetails ?? details));
    this.code = code;
    this.status = statusOfCode(code);
    this.details = details;
  }
}

/** An error answered with a status and a plain-text message (wire.md §2.3). */
export class StatusError extends Error {
  readonly status: number;
  /** Extra response headers (a 429's `Retry-After`). */
  readonly headers: Readonly<Record<string, string>>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

/** Shorthand for throwing a known error. */
export function knownError(
  code: KnownErrorCode,
  details?: Record<string, unknown>,
  messageDetails?: Record<string, unknown>,
): KnownError {
  return new KnownError(code, details, messageDetails);
}
