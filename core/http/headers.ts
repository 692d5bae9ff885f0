/** The headers every API call carries (wire.md §1.2). */

import { type AccessType, HEADER } from '../../wire/headers.js';
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
  const headers: Record<string, string> = {
    [HEADER.overrideErrorStatus]: 'true',
    [HEADER.projectId]: credentials.projectId,
    [HEADER.accessType]: accessType,
    [HEADER.clientVersion]: CLIENT_VERSION,
    [HEADER.randomNonce]: randomCrockford(45),
  };
  if (credentials.publishableClientKey)
    headers[HEADER.publishableClientKey] = credentials.publishableClientKey;
  if (credentials.adminAccessToken) headers[HEADER.adminAccessToken] = credentials.adminAccessToken;
  else {
    if (credentials.secretServerKey) headers[HEADER.secretServerKey] = credentials.secretServerKey;
    if (accessType === 'admin' && credentials.superSecretAdminKey)
      headers[HEADER.superSecretAdminKey] = credentials.superSecretAdminKey;
  }
  // A session without a refresh token never sends an access token (wire.md §3.4).
  if (tokens?.refreshToken) {
    headers[HEADER.refreshToken] = tokens.refreshToken;
    if (tokens.accessToken) headers[HEADER.accessToken] = tokens.accessToken;
  }
  if (hasBody) headers['content-type'] = 'application/json';
  return { ...headers, ...credentials.extraRequestHeaders };
}
