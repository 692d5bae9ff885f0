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

/** The three access levels a request can declare. */
export type AccessType = 'client' | 'server' | 'admin';

/** Password bounds shared by the form validation and the server (product-spec §5). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;
