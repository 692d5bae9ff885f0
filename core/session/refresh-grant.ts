/**
 * The refresh-token grant (wire.md §3.3): a form POST to the OAuth token endpoint, without the
 * X-Stack headers, which answers with real status codes.
 */
import { loadErrors } from '../errors/lazy.js';
import { isPlainSuccess } from '../http/answer.js';
import type { HttpClient } from '../http/client.js';
import type { Refresher } from './session.js';

/** A refresher that asks the API for a new access token; a refresh-token error ends the session. */
export function refreshGrant(http: HttpClient, projectId: string, publishableClientKey = ''): Refresher {
  return async (refreshToken) => {
    const response = await http.fetch(http.url('/auth/oauth/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: projectId,
        client_secret: publishableClientKey,
      }).toString(),
      credentials: 'omit',
      cache: 'no-store',
    });
    const text = await response.text();
    // The endpoint answers with real statuses (no override), so its own status is the one read.
    if (!isPlainSuccess(response, response.status)) {
      const [{ decodeError }, { isSignetError }] = await Promise.all([
        import('../http/decode-error.js'),
        loadErrors(),
      ]);
      const error = decodeError(response, response.status, text);
      if (isSignetError(error, 'REFRESH_TOKEN_ERROR')) return null;
      if (error) throw error;
    }
    const body = JSON.parse(text) as { access_token?: string };
    return body.access_token ?? null;
  };
}
