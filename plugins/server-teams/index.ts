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
import {
  apiPath,
  pluginFactory,
  type Result,
  type ServerUser,
  serverUserFromJson,
  toResult,
} from '../../core/index.js';
import type {
  ServerTeamJson,
  TeamInvitationJson,
  TeamMemberProfileJson,
  TeamPermissionJson,
  UserListJson,
} from '../../wire/index.js';
import {
  ADD_MEMBER_ERRORS,
  type AddMemberErrorCode,
  CREATE_ERRORS,
  FILTER_ERRORS,
  GRANT_ERRORS,
  type GrantPermissionErrorCode,
  INVITE_ERRORS,
  type InviteErrorCode,
  invitationFromJson,
  MEMBER_ERRORS,
  type MemberErrorCode,
  permissionFromJson,
  profileFromJson,
  REVOKE_ERRORS,
  type RevokePermissionErrorCode,
  type ServerTeam,
  type ServerTeamCreate,
  type ServerTeamCreateErrorCode,
  type ServerTeamErrorCode,
  type ServerTeamMemberProfile,
  type ServerTeamsFilterErrorCode,
  type ServerTeamUpdate,
  serverTeamFromJson,
  TEAM_ERRORS,
  type TeamInvitation,
  type TeamPermission,
  teamToJson,
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

/** `path` with the query parameters that are given, each encoded by `apiPath`. */
function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = Object.entries(params)
    .flatMap(([name, value]) => (value === undefined ? [] : [apiPath`${name}=${value}`]))
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** The server-teams plugin (server access). */
export const serverTeams = pluginFactory('serverTeams', () => {
  return {
    access: 'server',
    setup: (ctx): ServerTeamsApi => {
      const team = async (json: Promise<ServerTeamJson>) => serverTeamFromJson(await json);
      const profile = async (json: Promise<TeamMemberProfileJson>) => profileFromJson(await json);
      const done = async (call: Promise<unknown>) => {
        await call;
      };
      return {
        list: (options = {}) =>
          toResult(async () => {
            const path = withQuery('/teams', { user_id: options.userId });
            return (await ctx.call<{ items: ServerTeamJson[] }>(path)).items.map(serverTeamFromJson);
          }, FILTER_ERRORS),
        get: (teamId) => toResult(() => team(ctx.call(apiPath`/teams/${teamId}`)), TEAM_ERRORS),
        create: ({ creatorUserId, ...fields }) =>
          toResult(
            () =>
              team(
                ctx.call('/teams', {
                  method: 'POST',
                  body: {
                    ...teamToJson(fields),
                    ...(creatorUserId === undefined ? {} : { creator_user_id: creatorUserId }),
                  },
                }),
              ),
            CREATE_ERRORS,
          ),
        update: (teamId, change) =>
          toResult(
            () => team(ctx.call(apiPath`/teams/${teamId}`, { method: 'PATCH', body: teamToJson(change) })),
            TEAM_ERRORS,
          ),
        delete: (teamId) =>
          toResult(
            () => done(ctx.call(apiPath`/teams/${teamId}`, { method: 'DELETE', body: {} })),
            TEAM_ERRORS,
          ),
        addMember: (teamId, userId) =>
          toResult(
            () =>
              done(ctx.call(apiPath`/team-memberships/${teamId}/${userId}`, { method: 'POST', body: {} })),
            ADD_MEMBER_ERRORS,
          ),
        removeMember: (teamId, userId) =>
          toResult(
            () =>
              done(ctx.call(apiPath`/team-memberships/${teamId}/${userId}`, { method: 'DELETE', body: {} })),
            MEMBER_ERRORS,
          ),
        listUsers: ({ teamId }) =>
          toResult(async () => {
            const json = await ctx.call<UserListJson>(withQuery('/users', { team_id: teamId }));
            return json.items.map(serverUserFromJson);
          }, FILTER_ERRORS),
        listMemberProfiles: ({ teamId, userId }) =>
          toResult(async () => {
            const path = withQuery('/team-member-profiles', { team_id: teamId, user_id: userId });
            return (await ctx.call<{ items: TeamMemberProfileJson[] }>(path)).items.map(profileFromJson);
          }, FILTER_ERRORS),
        getMemberProfile: (teamId, userId) =>
          toResult(
            () => profile(ctx.call(apiPath`/team-member-profiles/${teamId}/${userId}`)),
            MEMBER_ERRORS,
          ),
        updateMemberProfile: (teamId, userId, { displayName, profileImageUrl }) =>
          toResult(
            () =>
              profile(
                ctx.call(apiPath`/team-member-profiles/${teamId}/${userId}`, {
                  method: 'PATCH',
                  body: { display_name: displayName, profile_image_url: profileImageUrl },
                }),
              ),
            MEMBER_ERRORS,
          ),
        listPermissions: ({ teamId, userId, permissionId, recursive = true } = {}) =>
          toResult(async () => {
            const path = withQuery('/team-permissions', {
              team_id: teamId,
              user_id: userId,
              permission_id: permissionId,
              recursive: String(recursive),
            });
            return (await ctx.call<{ items: TeamPermissionJson[] }>(path)).items.map(permissionFromJson);
          }, FILTER_ERRORS),
        grantPermission: (teamId, userId, permissionId) =>
          toResult(async () => {
            const path = apiPath`/team-permissions/${teamId}/${userId}/${permissionId}`;
            return permissionFromJson(await ctx.call<TeamPermissionJson>(path, { method: 'POST', body: {} }));
          }, GRANT_ERRORS),
        revokePermission: (teamId, userId, permissionId) =>
          toResult(
            () =>
              done(
                ctx.call(apiPath`/team-permissions/${teamId}/${userId}/${permissionId}`, {
                  method: 'DELETE',
                  body: {},
                }),
              ),
            REVOKE_ERRORS,
          ),
        listInvitations: (teamId) =>
          toResult(async () => {
            const path = withQuery('/team-invitations', { team_id: teamId });
            return (await ctx.call<{ items: TeamInvitationJson[] }>(path)).items.map(invitationFromJson);
          }, TEAM_ERRORS),
        revokeInvitation: (teamId, invitationId) =>
          toResult(
            () =>
              done(
                ctx.call(apiPath`/team-invitations/${invitationId}?team_id=${teamId}`, {
                  method: 'DELETE',
                  body: {},
                }),
              ),
            TEAM_ERRORS,
          ),
        sendInvitation: (teamId, email, { callbackUrl }) =>
          toResult(async () => {
            const json = await ctx.call<{ id: string }>('/team-invitations/send-code', {
              method: 'POST',
              body: { team_id: teamId, email, callback_url: callbackUrl },
            });
            return { id: json.id };
          }, INVITE_ERRORS),
      };
    },
  };
});
