/**
 * The teams plugin's shapes: the kit's camelCase forms of the wire's teams, member profiles,
 * permissions and invitations (wire.md §5.3-5.6), the maps from the wire, and each call's codes.
 *
 * The maps follow the wire's types (core/wire/team.ts) rather than running its valibot schemas:
 * the kit trusts the server's answers as every other plugin does, and the schemas with valibot
 * would cost about 2.2 KB gzip, most of the plugin's budget.
 */
import type { ErrorCodesOf } from '../../core/index.js';
import type {
  ClientTeamJson,
  ReceivedTeamInvitationJson,
  TeamInvitationJson,
  TeamMemberProfileJson,
  TeamPermissionJson,
} from '../../wire/index.js';

/** A team as the signed-in user sees it (wire.md §5.3, client view). */
export interface Team {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
}

/** What a member with `$update_team` may change about a team; only what is given is sent. */
export interface TeamUpdate {
  displayName?: string;
  /** An image as a `data:image/...;base64,` URL, or null to remove it. */
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
}

/** A member's profile in one team; name and image fall back to the user's own (wire.md §5.4). */
export interface TeamMemberProfile {
  teamId: string;
  userId: string;
  displayName: string | null;
  profileImageUrl: string | null;
}

/** A permission a member holds in a team (wire.md §5.6). */
export interface TeamPermission {
  /** `$update_team`, `$delete_team`, `$read_members`, `$remove_members`, `$invite_members` or a project's own id. */
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

/** An invitation sent to one of the user's verified emails (signet's addition to the wire). */
export interface ReceivedTeamInvitation extends TeamInvitation {
  /** The name of the team it joins (the user is not a member yet, so cannot read the team). */
  teamDisplayName: string;
}

/** What an invitation code leads to, for the invitee's page (wire.md §5.5, details). */
export interface TeamInvitationDetails {
  teamId: string;
  teamDisplayName: string;
}

/** The answer of `POST /team-invitations/accept/details`. */
export interface TeamInvitationDetailsJson {
  team_id: string;
  team_display_name: string;
}

/** Maps the wire's team (client or server view) to the kit's, leaving server-only fields out. */
export const teamFromJson = (json: ClientTeamJson): Team => ({
  id: json.id,
  displayName: json.display_name,
  profileImageUrl: json.profile_image_url,
  clientMetadata: json.client_metadata,
  clientReadOnlyMetadata: json.client_read_only_metadata,
});

/** Maps the wire's member profile to the kit's. */
export const profileFromJson = (json: TeamMemberProfileJson): TeamMemberProfile => ({
  teamId: json.team_id,
  userId: json.user_id,
  displayName: json.display_name,
  profileImageUrl: json.profile_image_url,
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

/** Maps the wire's received invitation to the kit's. */
export const receivedInvitationFromJson = (json: ReceivedTeamInvitationJson): ReceivedTeamInvitation => ({
  ...invitationFromJson(json),
  teamDisplayName: json.team_display_name,
});

/**
 * Accepting or declining an invitation by id: its code's errors, or signed out. An invitation that
 * is gone or not the user's is the server's 404 in words, thrown as an `HttpStatusError`.
 */
export const RECEIVED_ERRORS = ['USER_AUTHENTICATION_REQUIRED', 'VERIFICATION_ERROR'] as const;

/** Reading or leaving a team the user may not be in (or that is gone). */
export const ACCESS_ERRORS = ['TEAM_NOT_FOUND', 'TEAM_MEMBERSHIP_NOT_FOUND'] as const;
/** An action that needs a team permission (the error names the missing one). */
export const ACTION_ERRORS = [...ACCESS_ERRORS, 'TEAM_PERMISSION_REQUIRED'] as const;
/** Creating a team (a project that lets no client create teams is a 403, thrown). */
export const CREATE_ERRORS = ['USER_AUTHENTICATION_REQUIRED'] as const;
/** Sending an invitation. */
export const INVITE_ERRORS = [
  ...ACTION_ERRORS,
  'USER_AUTHENTICATION_REQUIRED',
  'REDIRECT_URL_NOT_WHITELISTED',
] as const;
/** An invitation code: wrong, expired, used, or guessed at too often (the wire's family of four). */
export const CODE_ERRORS = ['VERIFICATION_ERROR'] as const;
/** Reading or accepting an invitation code: the code's errors, or no signed-in user. */
export const ACCEPT_ERRORS = [...CODE_ERRORS, 'USER_AUTHENTICATION_REQUIRED'] as const;

/** Codes of reading or leaving a team the user may not be in (or that is gone). */
export type TeamAccessErrorCode = ErrorCodesOf<(typeof ACCESS_ERRORS)[number]>;
/** Codes of an action that needs a team permission. */
export type TeamActionErrorCode = ErrorCodesOf<(typeof ACTION_ERRORS)[number]>;
/** Codes creating a team can fail with. */
export type TeamCreateErrorCode = ErrorCodesOf<(typeof CREATE_ERRORS)[number]>;
/** Codes sending an invitation can fail with. */
export type TeamInviteErrorCode = ErrorCodesOf<(typeof INVITE_ERRORS)[number]>;
/** Codes an invitation code can fail with. */
export type TeamInvitationCodeErrorCode = ErrorCodesOf<(typeof CODE_ERRORS)[number]>;
/** Codes accepting or declining a received invitation can fail with. */
export type ReceivedInvitationErrorCode = ErrorCodesOf<(typeof RECEIVED_ERRORS)[number]>;
/** Codes reading or accepting an invitation can fail with. */
export type TeamInvitationAcceptErrorCode = ErrorCodesOf<(typeof ACCEPT_ERRORS)[number]>;
