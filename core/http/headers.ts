/** The headers every API call carries (wire.md §1.2). */

import type { AccessType, HeaderName } from '../../wire/headers.js';
import { randomCrockford } from '../random.js';

/** The kit's name and version as sent in `x-stack-client-version`. */
export const CLIENT_VERSION = 'js signet@0.1.0';

/** What identifies the caller: project, access level and keys. */
export interface Credentials {
  projectId: string;
  accessType?: AccessType;
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
  /** An owner's admin access token (wire.md §1.5), sent instead of the admin key. */
  adminAccessToken?: string;
  /** Headers merged after the kit's own on every call. */
  extraRequestHeaders?: Record<string, string>;
}

/** Builds the headers for one call; tokens are added only when the session has them. */
export function buildHeaders(
  credentials: Credentials,
  tokens: { accessToken: string | null; refreshToken: string | null } | null,
  hasBody: boolean,
): Record<string, string> {
  const accessType = credentials.accessType ?? 'client';
  // The wire's names as literals of its `HeaderName` type, not read from `HEADER`: that object would
  // ship whole, names the kit never sends included.
  const headers: { [name in HeaderName | 'content-type']?: string } = {
    'x-stack-override-error-status': 'true',
    'x-stack-project-id': credentials.projectId,
    'x-stack-access-type': accessType,
    'x-stack-client-version': CLIENT_VERSION,
    'x-stack-random-nonce': randomCrockford(45),
  };
  if (credentials.publishableClientKey)
    headers['x-stack-publishable-client-key'] = credentials.publishableClientKey;
  if (credentials.adminAccessToken) headers['x-stack-admin-access-token'] = credentials.adminAccessToken;
  else {
    if (credentials.secretServerKey) headers['x-stack-secret-server-key'] = credentials.secretServerKey;
    if (accessType === 'admin' && credentials.superSecretAdminKey)
      headers['x-stack-super-secret-admin-key'] = credentials.superSecretAdminKey;
  }
  // A session without a refresh token never sends an access token (wire.md §3.4).
  if (tokens?.refreshToken) {
    headers['x-stack-refresh-token'] = tokens.refreshToken;
    if (tokens.accessToken) headers['x-stack-access-token'] = tokens.accessToken;
  }
  if (hasBody) headers['content-type'] = 'application/json';
  return { ...headers, ...credentials.extraRequestHeaders };
}
