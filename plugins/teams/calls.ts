/**
 * The teams plugin's calls that change teams or read them once (create, update, leave, invite,
 * answer an invitation, a member profile...). `teams()` loads this module on the first of them;
 * the lists and per-team views the screens subscribe to stay in the first load.
 */
import { apiPath, type PluginContext, toResult } from '../../core/index.js';
import type { ClientTeamJson, ClientUserJson, TeamMemberProfileJson } from '../../wire/index.js';
import type { TeamsApi, TeamsUrl } from './api.js';
import {
  ACCEPT_ERRORS,
  ACCESS_ERRORS,
  ACTION_ERRORS,
  CODE_ERRORS,
  CREATE_ERRORS,
  INVITE_ERRORS,
  profileFromJson,
  RECEIVED_ERRORS,
  type TeamInvitationDetailsJson,
  teamFromJson,
} from './team.js';
import type { TeamViews } from './views.js';

/** What the calls need from the plugin: its context and the reloads of what it holds. */
export interface TeamCallDeps {
  ctx: PluginContext<TeamsUrl>;
  /** Reloads the user's team list. */
  refresh(): Promise<unknown>;
  refreshTeam: TeamViews['refreshTeam'];
  refreshReceived: TeamViews['refreshReceived'];
}

/** The calls `teams()` loads on first use. */
export type TeamCalls = Pick<
  TeamsApi,
  | 'removeMember'
  | 'acceptReceived'
  | 'declineReceived'
  | 'create'
  | 'get'
  | 'update'
  | 'delete'
  | 'leave'
  | 'select'
  | 'myProfile'
  | 'updateMyProfile'
  | 'invite'
  | 'revokeInvitation'
  | 'invitationDetails'
  | 'acceptInvitation'
  | 'checkInvitationCode'
>;

/** The calls for one app. */
export function teamCalls({ ctx, refresh, refreshTeam, refreshReceived }: TeamCallDeps): TeamCalls {
  const request = ctx.http.request;
  const profilePath = (teamId: string) => apiPath`/team-member-profiles/${teamId}/me`;
  // The list is a view: a failed reload must not turn a done change into an error.
  const changed = async <T>(value: T) => {
    await refresh().catch(() => {});
    return value;
  };
  // Leaving or deleting the selected team clears the user's selection on the server.
  const gone = async (teamId: string) => {
    if (ctx.user.value?.selectedTeamId === teamId) await ctx.refreshUser().catch(() => {});
    await changed(undefined);
  };
  // A received invitation accepted or declined: the lists it changes, a failed reload ignored.
  const answered = async (joined: boolean) => {
    await Promise.all([joined ? refresh() : null, refreshReceived()]).catch(() => {});
  };
  return {
    removeMember: (teamId, userId) =>
      toResult(async () => {
        await request(apiPath`/team-memberships/${teamId}/${userId}`, { method: 'DELETE', body: {} });
        await refreshTeam(teamId, 'members').catch(() => {});
      }, ACTION_ERRORS),
    acceptReceived: (invitationId) =>
      toResult(async () => {
        await request(apiPath`/team-invitations/${invitationId}/accept`, { method: 'POST', body: {} });
        await answered(true);
      }, RECEIVED_ERRORS),
    declineReceived: (invitationId) =>
      toResult(async () => {
        await request(apiPath`/team-invitations/${invitationId}/decline`, { method: 'POST', body: {} });
        await answered(false);
      }, RECEIVED_ERRORS),
    create: ({ displayName, profileImageUrl }) =>
      toResult(async () => {
        const json = await request<ClientTeamJson>('/teams', {
          method: 'POST',
          body: {
            display_name: displayName,
            creator_user_id: 'me',
            ...(profileImageUrl === undefined ? {} : { profile_image_url: profileImageUrl }),
          },
        });
        return changed(teamFromJson(json));
      }, CREATE_ERRORS),
    get: (teamId) =>
      toResult(
        async () => teamFromJson(await request<ClientTeamJson>(apiPath`/teams/${teamId}`)),
        ACCESS_ERRORS,
      ),
    update: (teamId, { displayName, profileImageUrl, clientMetadata }) =>
      toResult(async () => {
        const body: Record<string, unknown> = {};
        if (displayName !== undefined) body.display_name = displayName;
        if (profileImageUrl !== undefined) body.profile_image_url = profileImageUrl;
        if (clientMetadata !== undefined) body.client_metadata = clientMetadata;
        const json = await request<ClientTeamJson>(apiPath`/teams/${teamId}`, { method: 'PATCH', body });
        return changed(teamFromJson(json));
      }, ACTION_ERRORS),
    delete: (teamId) =>
      toResult(async () => {
        await request(apiPath`/teams/${teamId}`, { method: 'DELETE' });
        await gone(teamId);
      }, ACTION_ERRORS),
    leave: (teamId) =>
      toResult(async () => {
        await request(apiPath`/team-memberships/${teamId}/me`, { method: 'DELETE', body: {} });
        await gone(teamId);
      }, ACCESS_ERRORS),
    async select(teamId) {
      const json = await request<ClientUserJson>('/users/me', {
        method: 'PATCH',
        body: { selected_team_id: teamId },
      });
      return ctx.setUser(json);
    },
    myProfile: (teamId) =>
      toResult(
        async () => profileFromJson(await request<TeamMemberProfileJson>(profilePath(teamId))),
        ACCESS_ERRORS,
      ),
    updateMyProfile: (teamId, { displayName, profileImageUrl }) =>
      toResult(async () => {
        const body: Record<string, unknown> = {};
        if (displayName !== undefined) body.display_name = displayName;
        if (profileImageUrl !== undefined) body.profile_image_url = profileImageUrl;
        const json = await request<TeamMemberProfileJson>(profilePath(teamId), { method: 'PATCH', body });
        await refreshTeam(teamId, 'members').catch(() => {});
        return profileFromJson(json);
      }, ACCESS_ERRORS),
    invite: (teamId, email, { callbackUrl } = {}) =>
      toResult(async () => {
        const { id } = await request<{ id: string }>('/team-invitations/send-code', {
          method: 'POST',
          body: {
            team_id: teamId,
            email,
            callback_url: callbackUrl ?? ctx.absoluteUrl(ctx.urls.teamInvitation),
          },
        });
        await refreshTeam(teamId, 'invitations').catch(() => {});
        return { id };
      }, INVITE_ERRORS),
    revokeInvitation: (teamId, invitationId) =>
      toResult(async () => {
        await request(apiPath`/team-invitations/${invitationId}?team_id=${teamId}`, {
          method: 'DELETE',
          body: {},
        });
        await refreshTeam(teamId, 'invitations').catch(() => {});
      }, ACTION_ERRORS),
    invitationDetails: (code) =>
      toResult(async () => {
        const json = await request<TeamInvitationDetailsJson>('/team-invitations/accept/details', {
          method: 'POST',
          body: { code },
        });
        return { teamId: json.team_id, teamDisplayName: json.team_display_name };
      }, ACCEPT_ERRORS),
    acceptInvitation: (code) =>
      toResult(async () => {
        await request('/team-invitations/accept', { method: 'POST', body: { code } });
        await answered(true);
      }, ACCEPT_ERRORS),
    checkInvitationCode: (code) =>
      toResult(async () => {
        await request('/team-invitations/accept/check-code', { method: 'POST', body: { code } });
      }, CODE_ERRORS),
  };
}
