/**
 * The server-teams plugin's shapes: the kit's camelCase forms of a team as server access sees it,
 * member profiles with their users, permissions and invitations (wire.md §5.3-5.6), the maps from
 * the wire, and the codes each call can fail with. The maps follow the wire's types, as the teams
 * plugin's do.
 */
import { type ErrorCodesOf, type ServerUser, serverUserFromJson } from '../../core/index.js';
import type {
  ServerTeamJson,
  ServerUserJson,
  TeamInvitationJson,
  TeamMemberProfileJson,
  TeamPermissionJson,
} from '../../wire/index.js';

/** A team as server access sees it (wire.md §5.3, server view). */
export interface ServerTeam {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  /** Metadata only server code reads and writes. */
  serverMetadata: unknown;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** What server code may change about a team; only what is given is sent, null clears. */
export interface ServerTeamUpdate {
  displayName?: string;
  /** An image URL (server access may link one) or a `data:image/...;base64,` URL; null removes it. */
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

/** A new team: a name, what else to set, and the user who creates it (a member with the creator's defaults). */
export interface ServerTeamCreate extends ServerTeamUpdate {
  displayName: string;
  /** A user of the project, made a member with the project's default creator permissions. */
  creatorUserId?: string;
}

/** A member's profile in one team, with the member's user (wire.md §5.4, server view). */
export interface ServerTeamMemberProfile {
  teamId: string;
  userId: string;
  /** The profile's name, or the user's own when the profile has none. */
  displayName: string | null;
  /** The profile's image, or the user's own when the profile has none. */
  profileImageUrl: string | null;
  user: ServerUser;
}

/** A permission a member holds in a team (wire.md §5.6). */
export interface TeamPermission {
  /** A system permission (`$update_team`, ...) or one the project defines. */
  id: string;
  teamId: string;
  userId: string;
}

/** A pending invitation to a team (wire.md §5.5). */
export interface TeamInvitation {
  id: string;
  teamId: string;
  recipientEmail: string;
  /** Epoch milliseconds; invitations last 7 days. */
  expiresAt: number;
}

/** Maps the wire's server team to the kit's. */
export const serverTeamFromJson = (json: ServerTeamJson): ServerTeam => ({
  id: json.id,
  displayName: json.display_name,
  profileImageUrl: json.profile_image_url,
  clientMetadata: json.client_metadata,
  clientReadOnlyMetadata: json.client_read_only_metadata,
  serverMetadata: json.server_metadata,
  createdAt: json.created_at_millis,
});

/** The wire body of a team update: only the fields given. */
export const teamToJson = (team: ServerTeamUpdate): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries({
      display_name: team.displayName,
      profile_image_url: team.profileImageUrl,
      client_metadata: team.clientMetadata,
      client_read_only_metadata: team.clientReadOnlyMetadata,
      server_metadata: team.serverMetadata,
    }).filter(([, value]) => value !== undefined),
  );

/** Maps the wire's member profile (server view, with its user) to the kit's. */
export const profileFromJson = (json: TeamMemberProfileJson): ServerTeamMemberProfile => ({
  teamId: json.team_id,
  userId: json.user_id,
  displayName: json.display_name,
  profileImageUrl: json.profile_image_url,
  // Server access always gets the user (the field is optional only for the client view).
  user: serverUserFromJson(json.user as ServerUserJson),
});

/** Maps the wire's team permission to the kit's. */
export const permissionFromJson = (json: TeamPermissionJson): TeamPermission => ({
  id: json.id,
  teamId: json.team_id,
  userId: json.user_id,
});

/** Maps the wire's invitation to the kit's. */
export const invitationFromJson = (json: TeamInvitationJson): TeamInvitation => ({
  id: json.id,
  teamId: json.team_id,
  recipientEmail: json.recipient_email,
  expiresAt: json.expires_at_millis,
});

/**
 * What the server refuses in any id or filter it is given: a team id that is not a UUID where a
 * UUID is required, or a value no id can contain (a NUL character).
 */
export const FILTER_ERRORS = ['SCHEMA_ERROR'] as const;
/** A team named by id that the project does not have (ids that are not UUIDs included). */
export const TEAM_ERRORS = ['TEAM_NOT_FOUND', ...FILTER_ERRORS] as const;
/** Creating a team: its creator is not a user of the project, or a field is refused. */
export const CREATE_ERRORS = ['USER_NOT_FOUND', ...FILTER_ERRORS] as const;
/** Adding a member. */
export const ADD_MEMBER_ERRORS = [
  ...TEAM_ERRORS,
  'USER_NOT_FOUND',
  'TEAM_MEMBERSHIP_ALREADY_EXISTS',
] as const;
/** Naming a membership: the team, then the user's membership in it. */
export const MEMBER_ERRORS = [...TEAM_ERRORS, 'TEAM_MEMBERSHIP_NOT_FOUND'] as const;
/** Granting a permission: no such membership, or no such permission in the project. */
export const GRANT_ERRORS = ['TEAM_MEMBERSHIP_NOT_FOUND', 'PERMISSION_NOT_FOUND', ...FILTER_ERRORS] as const;
/** Revoking a permission: no such membership, or the member does not hold it directly. */
export const REVOKE_ERRORS = [
  'TEAM_MEMBERSHIP_NOT_FOUND',
  'TEAM_PERMISSION_NOT_FOUND',
  ...FILTER_ERRORS,
] as const;
/** Sending an invitation. */
export const INVITE_ERRORS = [...TEAM_ERRORS, 'REDIRECT_URL_NOT_WHITELISTED'] as const;

/** Codes a listing can fail with (a filter the server refuses). */
export type ServerTeamsFilterErrorCode = ErrorCodesOf<(typeof FILTER_ERRORS)[number]>;
/** Codes of a call naming a team: reading, changing or deleting it, its invitations. */
export type ServerTeamErrorCode = ErrorCodesOf<(typeof TEAM_ERRORS)[number]>;
/** Codes creating a team can fail with. */
export type ServerTeamCreateErrorCode = ErrorCodesOf<(typeof CREATE_ERRORS)[number]>;
/** Codes adding a member can fail with. */
export type AddMemberErrorCode = ErrorCodesOf<(typeof ADD_MEMBER_ERRORS)[number]>;
/** Codes of a call naming a membership: removing it, reading or changing its profile. */
export type MemberErrorCode = ErrorCodesOf<(typeof MEMBER_ERRORS)[number]>;
/** Codes granting a permission can fail with. */
export type GrantPermissionErrorCode = ErrorCodesOf<(typeof GRANT_ERRORS)[number]>;
/** Codes revoking a permission can fail with. */
export type RevokePermissionErrorCode = ErrorCodesOf<(typeof REVOKE_ERRORS)[number]>;
/** Codes sending an invitation can fail with. */
export type InviteErrorCode = ErrorCodesOf<(typeof INVITE_ERRORS)[number]>;
