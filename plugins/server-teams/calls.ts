/**
 * The server-teams plugin's calls: each request and the conversion of its answer. `serverTeams()`
 * loads this module on the first call, so a bundle that has the plugin does not load them at once.
 */
import { apiPath, type PluginContext, serverUserFromJson, toResult } from '../../core/index.js';
import type {
  ServerTeamJson,
  TeamInvitationJson,
  TeamMemberProfileJson,
  TeamPermissionJson,
  UserListJson,
} from '../../wire/index.js';
import type { ServerTeamsApi } from './index.js';
import {
  ADD_MEMBER_ERRORS,
  CREATE_ERRORS,
  FILTER_ERRORS,
  GRANT_ERRORS,
  INVITE_ERRORS,
  invitationFromJson,
  MEMBER_ERRORS,
  permissionFromJson,
  profileFromJson,
  REVOKE_ERRORS,
  serverTeamFromJson,
  TEAM_ERRORS,
  teamToJson,
} from './team.js';

/** `path` with the query parameters that are given, each encoded by `apiPath`. */
function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = Object.entries(params)
    .flatMap(([name, value]) => (value === undefined ? [] : [apiPath`${name}=${value}`]))
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** `ServerTeamsApi` for one app. */
export function serverTeamsCalls(ctx: PluginContext): ServerTeamsApi {
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
      toResult(() => done(ctx.call(apiPath`/teams/${teamId}`, { method: 'DELETE', body: {} })), TEAM_ERRORS),
    addMember: (teamId, userId) =>
      toResult(
        () => done(ctx.call(apiPath`/team-memberships/${teamId}/${userId}`, { method: 'POST', body: {} })),
        ADD_MEMBER_ERRORS,
      ),
    removeMember: (teamId, userId) =>
      toResult(
        () => done(ctx.call(apiPath`/team-memberships/${teamId}/${userId}`, { method: 'DELETE', body: {} })),
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
      toResult(() => profile(ctx.call(apiPath`/team-member-profiles/${teamId}/${userId}`)), MEMBER_ERRORS),
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
}
