/** Turns a non-2xx answer into the right error (wire.md §2). */
import { isKnownErrorCode, type KnownErrorCode } from '../../wire/errors/codes.js';
import type { HeaderName } from '../../wire/headers.js';
import { HttpStatusError, SignetError, UpdateClientError } from '../errors/signet-error.js';

export { actualStatus } from './answer.js';

/**
 * Decodes an error answer: a known code, or one a plugin owns (`pluginOfCode`), becomes a
 * `SignetError`; an unknown code an `UpdateClientError`; anything else an `HttpStatusError`.
 * Returns null for success statuses.
 */
export function decodeError(
  response: Response,
  status: number,
  bodyText: string,
  pluginOfCode?: (code: string) => string | undefined,
): Error | null {
  const code = response.headers.get('x-stack-known-error' satisfies HeaderName);
  if (code) {
    let body: { code?: string; error?: string; details?: Record<string, unknown> } = {};
    try {
      body = JSON.parse(bodyText);
    } catch {
      // Keep going with what the header says.
    }
    const message = typeof body.error === 'string' ? body.error : bodyText;
    if (isKnownErrorCode(code)) return new SignetError(code as KnownErrorCode, status, message, body.details);
    const plugin = pluginOfCode?.(code);
    if (plugin) return new SignetError(code, status, message, body.details, plugin);
    return new UpdateClientError(code, status, message);
  }
  if (status >= 200 && status < 300) return null;
  return new HttpStatusError(status, bodyText, response.url);
}
