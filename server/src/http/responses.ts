/**
 * Building responses the way the wire expects them (wire.md §1.6, §2): JSON and text bodies, error
 * bodies, and the headers every API response carries.
 */

import { HEADER } from '../../../core/wire/headers.js';
import { randomCrockford } from '../crypto/random.js';
import { isConnectionError } from '../db/errors.js';
import { KnownError, StatusError } from '../errors.js';

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
].join(', ');

/** Response headers a browser may read cross-origin (the kit waits out a 429's `retry-after`). */
export const CORS_EXPOSED_HEADERS = 'content-type, x-stack-actual-status, x-stack-known-error, retry-after';

/** A JSON response; pretty-printed when asked (browsers viewing the API) or for error bodies. */
export function jsonResponse(status: number, body: unknown, pretty = false, headers?: HeadersInit): Response {
  const response = new Response(JSON.stringify(body, null, pretty ? 2 : undefined), { status, headers });
  response.headers.set('content-type', JSON_TYPE);
  return response;
}

/** A plain-text response. */
export function textResponse(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { ...headers, 'content-type': TEXT_TYPE } });
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

/** A fresh 16-char request id. */
export function newRequestId(): string {
  return randomCrockford(16);
}

/**
 * Adds the headers every API response carries and applies the status override of wire.md §2.2:
 * with `x-stack-override-error-status`, a 4xx/5xx becomes 200 plus `x-stack-actual-status`.
 */
export function finishResponse(request: Request, response: Response, requestId: string): Response {
  const headers = new Headers(response.headers);
  headers.set(HEADER.requestId, requestId);
  headers.set('cache-control', 'no-store, max-age=0');
  headers.set('access-control-allow-origin', '*');
  headers.set('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  headers.set('access-control-allow-headers', CORS_ALLOWED_HEADERS);
  headers.set('access-control-expose-headers', CORS_EXPOSED_HEADERS);
  headers.set('access-control-max-age', '86400');
  let status = response.status;
  if (request.headers.has(HEADER.overrideErrorStatus) && status >= 400 && status <= 599) {
    headers.set(HEADER.actualStatus, String(status));
    status = 200;
  }
  return new Response(response.body, { status, statusText: '', headers });
}
