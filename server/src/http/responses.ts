/**
 * Building responses the way the wire expects them (wire.md §1.6, §2): JSON and text bodies, error
 * bodies, and the headers every API response carries.
 */

import { HEADER } from '../../../wire/headers.js';
import { randomHexPooled } from '../crypto/random.js';
import { isConnectionError } from '../db/errors.js';
import { KnownError, StatusError } from '../errors.js';
import { newResponse } from './answer-class.js';
import type { MaybePromise } from './maybe-promise.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Request headers a browser may send cross-origin (wire.md §1.6). */
export const CORS_ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'x-stack-project-id',
  'x-stack-override-error-status',
  'x-stack-random-nonce',
  'x-stack-client-version',
  'x-stack-disable-artificial-development-delay',
  'x-stack-access-type',
  'x-stack-publishable-client-key',
  'x-stack-secret-server-key',
  'x-stack-super-secret-admin-key',
  'x-stack-admin-access-token',
  'x-stack-refresh-token',
  'x-stack-access-token',
  'baggage',
  'sentry-trace',
  'x-vercel-protection-bypass',
  // What Svix's clients send to the Svix API signet serves (features/webhooks/svix-api).
  'svix-req-id',
  'svix-retry-count',
  'idempotency-key',
].join(', ');

/** Response headers a browser may read cross-origin (the kit waits out a 429's `retry-after`). */
export const CORS_EXPOSED_HEADERS = 'content-type, x-stack-actual-status, x-stack-known-error, retry-after';

/** A JSON response; pretty-printed when asked (browsers viewing the API) or for error bodies. */
export function jsonResponse(status: number, body: unknown, pretty = false, headers?: HeadersInit): Response {
  const response = newResponse(JSON.stringify(body, null, pretty ? 2 : undefined), { status, headers });
  response.headers.set('content-type', JSON_TYPE);
  return response;
}

/** A plain-text response. */
export function textResponse(status: number, text: string, headers: Record<string, string> = {}): Response {
  return newResponse(text, { status, headers: { ...headers, 'content-type': TEXT_TYPE } });
}

/** The `{"success": true}` body of most deletes. */
export function successResponse(): Response {
  return jsonResponse(200, { success: true });
}

/** The response for a thrown error; unexpected errors become a 500 and are logged. */
export function errorResponse(error: unknown, requestId: string, log: (line: string) => void): Response {
  if (error instanceof KnownError) {
    const body =
      error.details === undefined
        ? { code: error.code, error: error.message }
        : { code: error.code, details: error.details, error: error.message };
    const response = jsonResponse(error.status, body, true);
    response.headers.set(HEADER.knownError, error.code);
    return response;
  }
  if (error instanceof StatusError) return textResponse(error.status, error.message, { ...error.headers });
  if (isConnectionError(error)) {
    // The pool reconnects by itself; the caller may simply try again.
    log(`[${requestId}] database connection lost: ${error instanceof Error ? error.message : String(error)}`);
    return textResponse(503, 'The database is not reachable right now. Please try again in a moment.', {
      'retry-after': '1',
    });
  }
  log(
    `[${requestId}] unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return textResponse(
    500,
    `Something went wrong. Please make sure the data you entered is correct.\n\nRequest ID: ${requestId}`,
  );
}

/**
 * A fresh 16-char request id (not a secret: 64 random bits tell requests apart in logs), in
 * lowercase hex, which is within the wire's lowercase Crockford base32, cut from random bytes drawn
 * 4 KiB at a time.
 */
export const newRequestId = (): string => randomHexPooled(16);

/**
 * Every header of a successful API answer (wire.md §1.6), as one object literal: V8 makes each
 * answer's object by copying the literal's, where adding the names one by one looked each up. The
 * CORS headers are those browsers read on real responses; the preflight headers below they read on
 * a preflight only, so real responses do not carry them (about 700 bytes less on every answer).
 */
function answerHeaders(contentType: string, requestId: string): Record<string, string> {
  return {
    'content-type': contentType,
    'x-stack-request-id': requestId,
    'cache-control': 'no-store, max-age=0',
    'access-control-allow-origin': '*',
    'access-control-expose-headers': CORS_EXPOSED_HEADERS,
  };
}

/** The headers every API response carries besides its content type and request id. */
const COMMON_HEADERS: readonly (readonly [string, string])[] = Object.entries(answerHeaders('', '')).filter(
  ([name]) => name !== 'content-type' && name !== HEADER.requestId,
);

/** What a CORS preflight (OPTIONS) answers besides the common headers (wire.md §1.6). */
const PREFLIGHT_HEADERS: readonly (readonly [string, string])[] = [
  ['access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS'],
  ['access-control-allow-headers', CORS_ALLOWED_HEADERS],
  ['access-control-max-age', '86400'],
];

/**
 * The mark of a response made with every API header already in place: `finishResponse` leaves it
 * be, and the API's fast lane (fast-lane.ts) writes its parts to the socket as they are. A property
 * of the response rather than a WeakSet entry: adding to a WeakSet cost about 0.5 µs per response,
 * more than the rest of building one, and gave the collector an ephemeron table to sweep.
 */
const FINISHED = Symbol('finished response');

/** What a finished response is made of: its status, its whole body and every header but the length. */
export interface FinishedAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** A response that may carry the mark above. */
type Markable = Response & { [FINISHED]?: FinishedAnswer };

/**
 * A success response with every header of wire.md §1.6 given at creation, as a plain object: the
 * HTTP server then writes them as they are, with no Headers object built or copied.
 */
export function finishedResponse(
  status: number,
  body: string,
  contentType: 'json' | 'text',
  requestId: string,
) {
  const headers = answerHeaders(contentType === 'json' ? JSON_TYPE : TEXT_TYPE, requestId);
  // One object is both the response's init and its mark (a Response reads only the init's status
  // and headers): no second object per answer.
  const parts: FinishedAnswer & ResponseInit = { status, headers, body };
  const response: Markable = newResponse(body, parts);
  response[FINISHED] = parts;
  return response;
}

/** The answer to a CORS preflight: empty, with every CORS header, before any routing or authentication. */
export function preflightResponse(requestId: string): Response {
  const headers: Record<string, string> = { [HEADER.requestId]: requestId };
  for (const [name, value] of COMMON_HEADERS) headers[name] = value;
  for (const [name, value] of PREFLIGHT_HEADERS) headers[name] = value;
  return newResponse(null, { status: 200, headers });
}

/**
 * The parts of `response` when it was made finished (see `finishedResponse`) and is a success:
 * what needs no finishing and can be written as it is.
 */
export function finishedAnswerOf(response: Response): FinishedAnswer | undefined {
  const parts = (response as Markable)[FINISHED];
  return parts !== undefined && parts.status < 400 ? parts : undefined;
}

/**
 * Adds the headers every API response carries and applies the status override of wire.md §2.2:
 * with `x-stack-override-error-status`, a 4xx/5xx becomes 200 plus `x-stack-actual-status`.
 * The response is changed in place (its headers), not copied: a copy would turn its body into a
 * stream and cost the HTTP server its fast path for string bodies.
 */
export function finishResponse(
  request: Request,
  response: Response,
  requestId: string,
): MaybePromise<Response> {
  const status = response.status;
  if (finishedAnswerOf(response) !== undefined) return response;
  if (status >= 400 && status <= 599 && request.headers.has(HEADER.overrideErrorStatus)) {
    return response.text().then((text) => {
      const overridden = newResponse(text, { status: 200, headers: response.headers });
      overridden.headers.set(HEADER.actualStatus, String(status));
      return addCommonHeaders(overridden, requestId);
    });
  }
  return addCommonHeaders(response, requestId);
}

/** Sets the request id and the headers every API response carries on `response`'s own headers. */
function addCommonHeaders(response: Response, requestId: string): Response {
  const headers = response.headers;
  headers.set(HEADER.requestId, requestId);
  for (const [name, value] of COMMON_HEADERS) headers.set(name, value);
  return response;
}
