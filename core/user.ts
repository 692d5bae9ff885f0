/** The current user as the kit exposes it: camelCase, dates as numbers of ms like the wire. */
import type { ClientUserJson, ServerUserJson } from '../wire/user.js';

/** A connected OAuth account. */
export interface OAuthProviderLink {
  id: string;
  accountId: string;
  email: string | null;
}

/** The signed-in user (product-spec §3). */
export interface CurrentUser {
  id: string;
  displayName: string | null;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  profileImageUrl: string | null;
  /** Sign-up time in epoch milliseconds. */
  signedUpAt: number;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  hasPassword: boolean;
  emailAuthEnabled: boolean;
  otpAuthEnabled: boolean;
  passkeyAuthEnabled: boolean;
  isMultiFactorRequired: boolean;
  oauthProviders: OAuthProviderLink[];
  selectedTeamId: string | null;
}

/** What the current user may change about themselves. */
export interface CurrentUserUpdate {
  displayName?: string | null;
  clientMetadata?: unknown;
  /** An image as a `data:image/...;base64,` URL, at most 1,000,000 characters. */
  profileImageUrl?: string | null;
}

/** Maps the wire's user to the kit's. */
export function userFromJson(json: ClientUserJson): CurrentUser {
  return {
    id: json.id,
    displayName: json.display_name,
    primaryEmail: json.primary_email,
    primaryEmailVerified: json.primary_email_verified,
    profileImageUrl: json.profile_image_url,
    signedUpAt: json.signed_up_at_millis,
    clientMetadata: json.client_metadata,
    clientReadOnlyMetadata: json.client_read_only_metadata,
    hasPassword: json.has_password,
    emailAuthEnabled: json.auth_with_email,
    otpAuthEnabled: json.otp_auth_enabled,
    passkeyAuthEnabled: json.passkey_auth_enabled,
    isMultiFactorRequired: json.requires_totp_mfa,
    oauthProviders: json.oauth_providers.map((p) => ({ id: p.id, accountId: p.account_id, email: p.email })),
    selectedTeamId: json.selected_team_id,
  };
}

/** Maps an update to the wire's `PATCH /users/me` body, sending only what was given. */
export function userUpdateToJson(update: CurrentUserUpdate): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (update.displayName !== undefined) body.display_name = update.displayName;
  if (update.clientMetadata !== undefined) body.client_metadata = update.clientMetadata;
  if (update.profileImageUrl !== undefined) body.profile_image_url = update.profileImageUrl;
  return body;
}

/** A user as server and admin access see it: the user's own view plus what only the server reads. */
export interface ServerUser extends CurrentUser {
  /** Whether the primary email signs in (with a password or a code). */
  primaryEmailAuthEnabled: boolean;
  /** Metadata only server code reads and writes. */
  serverMetadata: unknown;
  /** Last activity in epoch milliseconds (sign-up time when never active since). */
  lastActiveAt: number;
}

/** Maps the wire's server user to the kit's. */
export function serverUserFromJson(json: ServerUserJson): ServerUser {
  return {
    ...userFromJson(json),
    primaryEmailAuthEnabled: json.primary_email_auth_enabled,
    serverMetadata: json.server_metadata,
    lastActiveAt: json.last_active_at_millis,
  };
}
