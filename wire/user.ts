/**
 * Wire shapes of users (wire.md §5.1-5.2), written once: the server builds its responses to these
 * and the kit parses with them.
 */
import * as v from 'valibot';

const json = v.unknown();
const nullableString = v.nullable(v.string());

/** One connected OAuth account on a user. */
export const OAuthProviderLinkSchema = v.object({
  id: v.string(),
  account_id: v.string(),
  email: nullableString,
});

/** The current user as client access sees it (`GET /users/me`). */
export const ClientUserSchema = v.object({
  id: v.string(),
  primary_email: nullableString,
  primary_email_verified: v.boolean(),
  display_name: nullableString,
  client_metadata: json,
  client_read_only_metadata: json,
  profile_image_url: nullableString,
  signed_up_at_millis: v.number(),
  has_password: v.boolean(),
  auth_with_email: v.boolean(),
  oauth_providers: v.array(OAuthProviderLinkSchema),
  selected_team_id: nullableString,
  selected_team: v.nullable(v.unknown()),
  requires_totp_mfa: v.boolean(),
  otp_auth_enabled: v.boolean(),
  passkey_auth_enabled: v.boolean(),
});
/** The current user, client view, in wire (snake_case) form. */
export type ClientUserJson = v.InferOutput<typeof ClientUserSchema>;

/** A user as server and admin access see it (wire.md §5.2). */
export const ServerUserSchema = v.object({
  ...ClientUserSchema.entries,
  primary_email_auth_enabled: v.boolean(),
  server_metadata: json,
  last_active_at_millis: v.number(),
});
/** A user as server and admin access see it, in wire form. */
export type ServerUserJson = v.InferOutput<typeof ServerUserSchema>;

/** A page of `GET /users` (wire.md §4.8). */
export const UserListSchema = v.object({
  items: v.array(ServerUserSchema),
  is_paginated: v.literal(true),
  pagination: v.object({ next_cursor: nullableString }),
});
/** A page of users, in wire form. */
export type UserListJson = v.InferOutput<typeof UserListSchema>;

/** Body of `PATCH /users/me` with client access. */
export type ClientUserUpdateJson = {
  display_name?: string | null;
  profile_image_url?: string | null;
  client_metadata?: unknown;
  selected_team_id?: string | null;
  totp_secret_base64?: string | null;
  otp_auth_enabled?: boolean;
  passkey_auth_enabled?: boolean;
};
