/**
 * The human message of every known error code, built from the error's `details` exactly as the
 * wire carries it (wire.md §2.4). The server uses these to answer; the kit uses them only for the
 * errors it raises itself, so bundlers drop this module from clients that never call it.
 */
import type { KnownErrorCode } from './codes.js';
import { USER_AUTHENTICATION_REQUIRED_MESSAGE } from './kit-messages.js';

type Details = Record<string, unknown> | undefined;
type MessageOf = (details: Details) => string;

const AUTH_DOCS =
  '\n\nFor more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication';
const q = (value: unknown) => JSON.stringify(value);
const expiredAt = (details: Details) => {
  const at = details?.expired_at_millis;
  return typeof at === 'number' ? ` (The access token expired at ${new Date(at).toISOString()}.)` : '';
};
const keyInvalid = (kind: string) => (d: Details) =>
  `The ${kind} is not valid for the project ${q(d?.project_id)}. Does the project and/or the key exist?`;
const fixed = (text: string) => () => text;
const fromDetail = (text: string) => (d: Details) => (typeof d?.message === 'string' ? d.message : text);
const memberPermission = (d: Details) =>
  `User ${d?.user_id} does not have permission ${d?.permission_id} in team ${d?.team_id}.`;

/** Message builders keyed by code. */
export const ERROR_MESSAGES: Record<KnownErrorCode, MessageOf> = {
  UNSUPPORTED_ERROR: (d) =>
    `An error occurred that is not currently supported (possibly because it was added in a version of Stack that is newer than this client). The original unsupported error code was: ${d?.originalErrorCode}`,
  BODY_PARSING_ERROR: fromDetail('The request body could not be parsed.'),
  SCHEMA_ERROR: fromDetail('Request validation failed.'),
  ALL_OVERLOADS_FAILED: fixed(
    'This endpoint has multiple overloads, but they all failed to process the request.',
  ),
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: fixed(
    "Either an API key or an admin access token was provided, but the x-stack-access-type header is missing. Set it to 'client', 'server', or 'admin' as appropriate.",
  ),
  INVALID_ACCESS_TYPE: (d) =>
    `The x-stack-access-type header must be 'client', 'server', or 'admin', but was '${d?.accessType ?? d?.access_type ?? ''}'.`,
  ACCESS_TYPE_WITHOUT_PROJECT_ID: (d) =>
    `The x-stack-access-type header was '${d?.request_type}', but the x-stack-project-id header was not provided.${AUTH_DOCS}`,
  ACCESS_TYPE_REQUIRED: fixed(
    `You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.${AUTH_DOCS}`,
  ),
  INSUFFICIENT_ACCESS_TYPE: (d) =>
    `The x-stack-access-type header must be ${((d?.allowed_access_types as string[]) ?? []).map((t) => `'${t}'`).join(' or ')}, but was '${d?.actual_access_type}'.`,
  INVALID_PUBLISHABLE_CLIENT_KEY: keyInvalid('publishable key'),
  INVALID_SECRET_SERVER_KEY: keyInvalid('secret server key'),
  INVALID_SUPER_SECRET_ADMIN_KEY: keyInvalid('super secret admin key'),
  UNPARSABLE_ADMIN_ACCESS_TOKEN: fixed('Admin access token is not parsable.'),
  ADMIN_ACCESS_TOKEN_EXPIRED: (d) =>
    `Admin access token has expired. Please refresh it and try again.${expiredAt(d)}`,
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: fixed(
    'Admin access tokens must be created on the internal project.',
  ),
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: fixed(
    'Admin access token does not have the required permissions to access this project.',
  ),
  CLIENT_AUTHENTICATION_REQUIRED: fixed('The publishable client key must be provided.'),
  SERVER_AUTHENTICATION_REQUIRED: fixed('The secret server key must be provided.'),
  CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED: fixed(
    'Either the publishable client key or the secret server key must be provided.',
  ),
  CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED: fixed(
    'Either the publishable client key or the super secret admin key must be provided.',
  ),
  CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED: fixed(
    'Either the publishable client key, the secret server key, or the super secret admin key must be provided.',
  ),
  ADMIN_AUTHENTICATION_REQUIRED: fixed('The super secret admin key must be provided.'),
  EXPECTED_INTERNAL_PROJECT: fixed('The project ID is expected to be internal.'),
  UNPARSABLE_ACCESS_TOKEN: fixed('Access token is not parsable.'),
  ACCESS_TOKEN_EXPIRED: (d) => `Access token has expired. Please refresh it and try again.${expiredAt(d)}`,
  INVALID_PROJECT_FOR_ACCESS_TOKEN: fixed('Access token not valid for this project.'),
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: fixed(
    'Refresh token not found for this project, or the session has expired/been revoked.',
  ),
  CANNOT_DELETE_CURRENT_SESSION: fixed('Cannot delete the current session.'),
  PROVIDER_REJECTED: fixed(
    'The provider refused to refresh their token. This usually means that the provider used to authenticate the user no longer regards this session as valid, and the user must re-authenticate.',
  ),
  USER_EMAIL_ALREADY_EXISTS: fixed('User email already exists.'),
  EMAIL_NOT_VERIFIED: fixed('The email is not verified.'),
  CANNOT_GET_OWN_USER_WITHOUT_USER: fixed(
    "You have specified 'me' as a userId, but did not provide authentication for a user.",
  ),
  USER_ID_DOES_NOT_EXIST: (d) => `The given user with the ID ${d?.user_id} does not exist.`,
  USER_NOT_FOUND: fixed('User not found.'),
  API_KEY_NOT_FOUND: fixed('API key not found.'),
  PROJECT_NOT_FOUND: (d) => `Project ${d?.project_id} not found or is not accessible with the current user.`,
  SIGN_UP_NOT_ENABLED: fixed(
    'Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.',
  ),
  PASSWORD_AUTHENTICATION_NOT_ENABLED: fixed('Password authentication is not enabled for this project.'),
  PASSKEY_AUTHENTICATION_NOT_ENABLED: fixed('Passkey authentication is not enabled for this project.'),
  EMAIL_PASSWORD_MISMATCH: fixed('Wrong e-mail or password.'),
  REDIRECT_URL_NOT_WHITELISTED: fixed(
    'Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?',
  ),
  PASSWORD_TOO_SHORT: (d) => `Password too short. Minimum length is ${d?.min_length}.`,
  PASSWORD_TOO_LONG: (d) => `Password too long. Maximum length is ${d?.maxLength}.`,
  USER_DOES_NOT_HAVE_PASSWORD: fixed('This user does not have password authentication enabled.'),
  VERIFICATION_CODE_NOT_FOUND: fixed('The verification code does not exist for this project.'),
  VERIFICATION_CODE_EXPIRED: fixed('The verification code has expired.'),
  VERIFICATION_CODE_ALREADY_USED: fixed('The verification link has already been used.'),
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: fixed(
    'The verification code nonce has reached the maximum number of attempts. This code is not valid anymore.',
  ),
  PASSWORD_CONFIRMATION_MISMATCH: fixed('Passwords do not match.'),
  EMAIL_ALREADY_VERIFIED: fixed('The e-mail is already verified.'),
  EMAIL_NOT_ASSOCIATED_WITH_USER: fixed(
    'The e-mail is not associated with a user that could log in with that e-mail.',
  ),
  EMAIL_IS_NOT_PRIMARY_EMAIL: (d) =>
    `The given e-mail (${d?.email}) must equal the user's primary e-mail (${d?.primary_email}).`,
  PASSKEY_REGISTRATION_FAILED: fromDetail('Passkey registration failed.'),
  PASSKEY_WEBAUTHN_ERROR: fromDetail('A WebAuthn error occurred.'),
  PASSKEY_AUTHENTICATION_FAILED: fromDetail('Passkey authentication failed.'),
  PERMISSION_NOT_FOUND: (d) =>
    `Permission "${d?.permission_id}" not found. Make sure you created it on the dashboard.`,
  CONTAINED_PERMISSION_NOT_FOUND: (d) =>
    `Contained permission with ID "${d?.permission_id}" not found. Make sure you created it on the dashboard.`,
  TEAM_NOT_FOUND: (d) => `Team ${d?.team_id} not found.`,
  TEAM_ALREADY_EXISTS: (d) => `Team ${d?.team_id} already exists.`,
  TEAM_MEMBERSHIP_NOT_FOUND: (d) => `User ${d?.user_id} is not found in team ${d?.team_id}.`,
  EMAIL_TEMPLATE_ALREADY_EXISTS: fixed('Email template already exists.'),
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: fixed('The OAuth connection is not connected to any user.'),
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: fixed(
    'The OAuth connection is already connected to another user.',
  ),
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: fixed(
    'The OAuth connection does not have the required scope.',
  ),
  OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: fixed(
    'Extra scopes are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use extra scopes.',
  ),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: fixed(
    'Access tokens are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use access tokens.',
  ),
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: fixed(
    'The OAuth client ID or secret is invalid. The client ID must be equal to the project ID, and the client secret must be a publishable client key.',
  ),
  INVALID_SCOPE: (d) => `The scope "${d?.scope}" is not a valid OAuth scope for Stack.`,
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: fixed(
    'The user is already connected to another OAuth account. Did you maybe selected the wrong account?',
  ),
  OUTER_OAUTH_TIMEOUT: fixed('The OAuth flow has timed out. Please sign in again.'),
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: fixed('The OAuth provider is not found or not enabled.'),
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: fixed('Multi-factor authentication is required for this user.'),
  INVALID_TOTP_CODE: fixed('The TOTP code is invalid. Please try again.'),
  USER_AUTHENTICATION_REQUIRED: fixed(USER_AUTHENTICATION_REQUIRED_MESSAGE),
  TEAM_MEMBERSHIP_ALREADY_EXISTS: fixed('Team membership already exists.'),
  TEAM_PERMISSION_REQUIRED: memberPermission,
  TEAM_PERMISSION_NOT_FOUND: memberPermission,
  INVALID_SHARED_OAUTH_PROVIDER_ID: (d) =>
    `The shared OAuth provider with ID ${d?.provider_id} is not valid.`,
  INVALID_STANDARD_OAUTH_PROVIDER_ID: (d) =>
    `The standard OAuth provider with ID ${d?.provider_id} is not valid.`,
  INVALID_AUTHORIZATION_CODE: fixed('The given authorization code is invalid.'),
  OAUTH_PROVIDER_ACCESS_DENIED: fixed('The OAuth provider denied access to the user.'),
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: (d) =>
    d?.contact_channel_value
      ? `The ${d?.type} (${d.contact_channel_value}) is already used for authentication by another account.`
      : `This ${d?.type} is already used for authentication by another account.`,
  INVALID_POLLING_CODE: fixed('The polling code is invalid or does not exist.'),
};

/** The message the wire gives `code` with these `details`. */
export function messageOf(code: KnownErrorCode, details?: Record<string, unknown>): string {
  return ERROR_MESSAGES[code](details);
}
