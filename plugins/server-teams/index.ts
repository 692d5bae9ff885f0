/**
 * The server-teams plugin, for backend code with the secret server key: any team of the project —
 * create, read, change (server metadata included) and delete it, add and remove members, read and
 * change their profiles, grant, revoke and list their permissions, and manage its invitations.
 * `createApp({ secretServerKey, plugins: [serverTeams()] })` gives `app.serverTeams`; a client app
 * refuses it, in the types and at run time.
 *
 * Every call answers a `Result` with the codes it can fail with. Ids go into paths through
 * `apiPath`: one that no URL can carry (a lone surrogate, or `''`, `.` and `..`, which would reach
 * another endpoint) is refused with a `TypeError` before any request.
 */
import { loadedCalls, loadOnce, pluginFactory, type Result, type ServerUser } from '../../core/index.js';
import type {
  AddMemberErrorCode,
  GrantPermissionErrorCode,
  InviteErrorCode,
  MemberErrorCode,
  RevokePermissionErrorCode,
  ServerTeam,
  ServerTeamCreate,
  ServerTeamCreateErrorCode,
  ServerTeamErrorCode,
  ServerTeamMemberProfile,
  ServerTeamsFilterErrorCode,
  ServerTeamUpdate,
  TeamInvitation,
  TeamPermission,
} from './team.js';

export type {
  AddMemberErrorCode,
  GrantPermissionErrorCode,
  InviteErrorCode,
  MemberErrorCode,
  RevokePermissionErrorCode,
  ServerTeam,
  ServerTeamCreate,
  ServerTeamCreateErrorCode,
  ServerTeamErrorCode,
  ServerTeamMemberProfile,
  ServerTeamsFilterErrorCode,
  ServerTeamUpdate,
  ServerUser,
  TeamInvitation,
  TeamPermission,
};

/** Which permissions `listPermissions` lists; every filter optional. */
export interface PermissionFilter {
  teamId?: string;
  userId?: string;
  /** Only this permission (after expansion when `recursive`). */
  permissionId?: string;
  /** With every permission contained in one held directly (the default), or direct grants only. */
  recursive?: boolean;
}

/** `app.serverTeams`. User ids are users' ids (a server app has no signed-in user for `me`). */
export interface ServerTeamsApi {
  /** The project's teams, or those `userId` is a member of, oldest first. */
  list(options?: { userId?: string }): Promise<Result<ServerTeam[], ServerTeamsFilterErrorCode>>;
  /** One team. */
  get(teamId: string): Promise<Result<ServerTeam, ServerTeamErrorCode>>;
  /** Creates a team; `creatorUserId` becomes a member with the project's creator permissions. */
  create(team: ServerTeamCreate): Promise<Result<ServerTeam, ServerTeamCreateErrorCode>>;
  /** Changes a team: only the fields given, null clears one. */
  update(teamId: string, change: ServerTeamUpdate): Promise<Result<ServerTeam, ServerTeamErrorCode>>;
  /** Deletes a team with its memberships and pending invitations. */
  delete(teamId: string): Promise<Result<void, ServerTeamErrorCode>>;
  /** Adds a user to a team, with the project's default member permissions. */
  addMember(teamId: string, userId: string): Promise<Result<void, AddMemberErrorCode>>;
  /** Removes a member (its permissions in the team go with it; its selection of the team is cleared). */
  removeMember(teamId: string, userId: string): Promise<Result<void, MemberErrorCode>>;
  /** The users who are members of a team, in sign-up order. */
  listUsers(options: { teamId: string }): Promise<Result<ServerUser[], ServerTeamsFilterErrorCode>>;
  /** Member profiles of a team and/or of a user (both left out: every membership of the project). */
  listMemberProfiles(filter: {
    teamId?: string;
    userId?: string;
  }): Promise<Result<ServerTeamMemberProfile[], ServerTeamsFilterErrorCode>>;
  /** One member's profile in a team. */
  getMemberProfile(teamId: string, userId: string): Promise<Result<ServerTeamMemberProfile, MemberErrorCode>>;
  /** Changes a member's profile in a team; null falls back to the user's own name or image. */
  updateMemberProfile(
    teamId: string,
    userId: string,
    change: { displayName?: string | null; profileImageUrl?: string | null },
  ): Promise<Result<ServerTeamMemberProfile, MemberErrorCode>>;
  /** Permissions members hold, sorted by team, user and id; recursive unless `recursive: false`. */
  listPermissions(filter?: PermissionFilter): Promise<Result<TeamPermission[], ServerTeamsFilterErrorCode>>;
  /** Grants a member a permission directly (a system one or one the project defines); idempotent. */
  grantPermission(
    teamId: string,
    userId: string,
    permissionId: string,
  ): Promise<Result<TeamPermission, GrantPermissionErrorCode>>;
  /** Revokes a permission granted directly (one only contained in another cannot be revoked alone). */
  revokePermission(
    teamId: string,
    userId: string,
    permissionId: string,
  ): Promise<Result<void, RevokePermissionErrorCode>>;
  /** A team's pending invitations (unused, unexpired), oldest first. */
  listInvitations(teamId: string): Promise<Result<TeamInvitation[], ServerTeamErrorCode>>;
  /**
   * Withdraws a pending invitation, so its link stops working. An id that is no invitation of this
   * team is the server's 404 in words, thrown as an `HttpStatusError`.
   */
  revokeInvitation(teamId: string, invitationId: string): Promise<Result<void, ServerTeamErrorCode>>;
  /**
   * Emails an invitation to join a team; its link leads to `callbackUrl` (a trusted domain of the
   * project) with the code. Resolves the invitation's id.
   */
  sendInvitation(
    teamId: string,
    email: string,
    options: { callbackUrl: string },
  ): Promise<Result<{ id: string }, InviteErrorCode>>;
}

/** The server-teams plugin (server access). */
export const serverTeams = pluginFactory('serverTeams', () => {
  return {
    access: 'server',
    setup: (ctx): ServerTeamsApi => {
      // Each call's request and conversions are loaded on the first call.
      const loaded = loadOnce(async () => (await import('./calls.js')).serverTeamsCalls(ctx));
      return loadedCalls(loaded, [
        'list',
        'get',
        'create',
        'update',
        'delete',
        'addMember',
        'removeMember',
        'listUsers',
        'listMemberProfiles',
        'getMemberProfile',
        'updateMemberProfile',
        'listPermissions',
        'grantPermission',
        'revokePermission',
        'listInvitations',
        'revokeInvitation',
        'sendInvitation',
      ]);
    },
  };
});
