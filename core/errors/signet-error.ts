/**
 * The errors the kit raises. Known wire errors are data with a code; a code this client does not
 * know becomes an "update the client" error instead of a crash; a server that cannot be reached
 * becomes a connection error that says what was tried.
 *
 * Fields are declared and assigned in the constructor rather than written as parameter properties,
 * which a bundler emits twice (a class field and an assignment).
 */
import { type ErrorFamily, isInFamily, type KnownErrorCode } from '../../wire/errors/codes.js';

/**
 * A known error: a code of the wire's catalogue, or a code a plugin declared as its own (then
 * `plugin` names that plugin). Carries the HTTP status, the server's message and its details.
 */
export class SignetError<C extends string = KnownErrorCode> extends Error {
  override readonly name = 'SignetError';
  /** The wire code, e.g. `EMAIL_PASSWORD_MISMATCH`. */
  declare readonly code: C;
  /** The HTTP status the error stands for (after any status override). */
  declare readonly status: number;
  /** The error's `details` object, as sent. */
  declare readonly details?: Record<string, unknown>;
  /** The plugin that owns the code, for codes outside the wire's catalogue. */
  declare readonly plugin?: string;
  constructor(code: C, status: number, message: string, details?: Record<string, unknown>, plugin?: string) {
    super(message);
    this.code = code;
    this.status = status;
    this.details = details;
    this.plugin = plugin;
  }

  /** True when this error is `family` or one of its descendants (e.g. `INVALID_ACCESS_TOKEN`). */
  is(family: ErrorFamily | (string & {})): boolean {
    return isInFamily(this.code, family as ErrorFamily);
  }
}

/** The server answered with a code this version of the kit does not know. */
export class UpdateClientError extends Error {
  override readonly name = 'UpdateClientError';
  declare readonly code: string;
  declare readonly status: number;
  declare readonly serverMessage: string;
  constructor(code: string, status: number, serverMessage: string) {
    super(`Unknown error code ${code}: update signet (npm update signet). Server message: ${serverMessage}`);
    this.code = code;
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/**
 * The server's own words for a refusal: a 4xx whose body is a short text (or JSON with an `error`
 * string), which reads as it is, such as "A team permission with this id already exists".
 * Undefined for anything else (a 5xx, an HTML page, an empty or long body).
 */
function refusalWords(status: number, body: string): string | undefined {
  const text = body.trim();
  if (status >= 500 || !text || text.length > 500 || text.startsWith('<')) return undefined;
  if (!text.startsWith('{')) return text;
  try {
    const { error } = JSON.parse(text) as { error?: unknown };
    return typeof error === 'string' && error ? error : undefined;
  } catch {
    return text;
  }
}

/**
 * A non-2xx answer that is not a known error (plain-text status errors, 5xx pages). Its message is
 * the server's own words for a refusal, or the request and status around the body otherwise.
 */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  declare readonly status: number;
  declare readonly body: string;
  declare readonly url: string;
  constructor(status: number, body: string, url: string) {
    super(refusalWords(status, body) ?? `Request to ${url} failed with status ${status}: ${body}`);
    this.status = status;
    this.body = body;
    this.url = url;
  }
}

/** The API could not be reached after every attempt; the message lists what was tried. */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
  declare readonly url: string;
  declare readonly attempts: readonly string[];
  constructor(url: string, attempts: readonly string[]) {
    super(
      `Could not reach ${url} after ${attempts.length} attempts:\n${attempts.join('\n')}\nIs the server running and baseUrl right?`,
    );
    this.url = url;
    this.attempts = attempts;
  }
}

/**
 * The server keeps answering 429 Too Many Requests: either every attempt was refused, or it asked
 * for a wait too long to spend behind a spinner. The user should try again after `retryAfterMs`.
 */
export class RateLimitError extends Error {
  override readonly name = 'RateLimitError';
  declare readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    const seconds = Math.ceil(retryAfterMs / 1000);
    // Under two minutes in seconds, else in minutes; never 'in 0 seconds'.
    const wait = seconds < 120 ? `${seconds || 1} seconds` : `${Math.ceil(seconds / 60)} minutes`;
    super(`Too many attempts. Please try again in ${wait}.`);
    this.retryAfterMs = retryAfterMs;
  }
}

/** True when `error` is a known wire error in `family`. */
export function isSignetError(
  error: unknown,
  family?: ErrorFamily | (string & {}),
): error is SignetError<string> {
  return error instanceof SignetError && (!family || error.is(family));
}
