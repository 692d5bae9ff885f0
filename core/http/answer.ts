/**
 * Reading an API answer: its real status, whether it is a plain success, and its body. Apart from
 * the error decoding (`decode-error.ts`) because a successful call needs only these.
 */
import type { HeaderName } from '../../wire/headers.js';

/**
 * The real status of an answer: the wire may send 200 with `x-stack-actual-status` when the
 * request asked for error statuses to be overridden.
 */
export function actualStatus(response: Response): number {
  // An absent, empty or malformed header is 0 or NaN here, and the answer's own status counts.
  return Number(response.headers.get('x-stack-actual-status' satisfies HeaderName)) || response.status;
}

/**
 * True for a 2xx answer without an error code: `decodeError` finds no error in it, so a call
 * answered this way needs neither the error classes nor the retry rules.
 */
export function isPlainSuccess(response: Response, status = actualStatus(response)): boolean {
  return !response.headers.get('x-stack-known-error' satisfies HeaderName) && status >= 200 && status < 300;
}

/** The body of a successful answer: parsed JSON when it says it is JSON, else the text. */
export function parseBody<T>(response: Response, text: string): T {
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') && text ? JSON.parse(text) : text) as T;
}
