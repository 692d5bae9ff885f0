/**
 * Stand-ins for what a server would send, for unit tests that give the kit a fake `fetch` or
 * store: an unsigned JWT-shaped access token (the kit reads `exp` without verifying) and the
 * client view of a user (wire.md §5.1).
 */
import type { ClientUserJson } from '../../wire/user.js';

/** An unsigned access token that expires `seconds` from now. */
export function tokenExpiringIn(seconds: number): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}

/** The client view of user `id`, email `{id}@example.com`, unverified, with a password. */
export function clientUserJson(id: string): ClientUserJson {
  return {
    id,
    primary_email: `${id}@example.com`,
    primary_email_verified: false,
    display_name: null,
    client_metadata: null,
    client_read_only_metadata: null,
    profile_image_url: null,
    signed_up_at_millis: 1,
    has_password: true,
    auth_with_email: true,
    oauth_providers: [],
    selected_team_id: null,
    selected_team: null,
    requires_totp_mfa: false,
    otp_auth_enabled: false,
    passkey_auth_enabled: false,
  };
}
