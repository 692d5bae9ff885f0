/** Header names of the wire (wire.md §1.2, §2). Lowercase, as HTTP/2 and fetch give them. */
export const HEADER = {
  projectId: 'x-stack-project-id',
  accessType: 'x-stack-access-type',
  clientVersion: 'x-stack-client-version',
  accessToken: 'x-stack-access-token',
  refreshToken: 'x-stack-refresh-token',
  publishableClientKey: 'x-stack-publishable-client-key',
  secretServerKey: 'x-stack-secret-server-key',
  superSecretAdminKey: 'x-stack-super-secret-admin-key',
  adminAccessToken: 'x-stack-admin-access-token',
  randomNonce: 'x-stack-random-nonce',
  overrideErrorStatus: 'x-stack-override-error-status',
  actualStatus: 'x-stack-actual-status',
  knownError: 'x-stack-known-error',
  requestId: 'x-stack-request-id',
} as const;

/**
 * A header name of the wire. The kit's client writes the names it sends and reads as literals of
 * this type (checked here, so a misspelled one does not compile) instead of reading `HEADER`, since
 * a bundler keeps an object whole and every client bundle would carry all of its keys and names.
 */
export type HeaderName = (typeof HEADER)[keyof typeof HEADER];

/** The three access levels a request can declare. */
export type AccessType = 'client' | 'server' | 'admin';

/** Password bounds shared by the form validation and the server (product-spec §5). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;
