import {
  apiPath,
  cachedSignal,
  computed,
  createCache,
  type PluginContext,
  pluginFactory,
  toResult,
} from '../../core/index.js';
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
  type ReceivedInvitationErrorCode,
  type ReceivedTeamInvitation,
  type Team,
  type TeamAccessErrorCode,
  type TeamActionErrorCode,
  type TeamCreateErrorCode,
  type TeamInvitation,
  type TeamInvitationAcceptErrorCode,
  type TeamInvitationCodeErrorCode,
  type TeamInvitationDetails,
  type TeamInvitationDetailsJson,
  type TeamInviteErrorCode,
  type TeamMemberProfile,
  type TeamPermission,
  type TeamUpdate,
  teamFromJson,
} from './team.js';
import { createTeamViews, teamLoaders } from './views.js';

export type { TeamsApi, TeamsUrl } from './api.js';
export type {
  ReceivedInvitationErrorCode,
  ReceivedTeamInvitation,
  Team,
  TeamAccessErrorCode,
  TeamActionErrorCode,
  TeamCreateErrorCode,
  TeamInvitation,
  TeamInvitationAcceptErrorCode,
  TeamInvitationCodeErrorCode,
  TeamInvitationDetails,
  TeamInviteErrorCode,
  TeamMemberProfile,
  TeamPermission,
  TeamUpdate,
};

/** The teams plugin. */
export const teams = pluginFactory('teams', () => {
  return {
    urls: { teamInvitation: 'team-invitation', teamSettings: 'team-settings', createTeam: 'create-team' },
    setup(ctx: PluginContext<TeamsUrl>): TeamsApi {
      const request = ctx.http.request;
      // Emptied whenever the session changes and keyed by user, so a sign-in as someone else
      // never shows the previous user's teams.
      const cache = createCache(ctx.env);
      ctx.onDispose(ctx.events.on('session-changed', () => cache.clear()));
      const entry = () =>
        cache.entry(`teams:${ctx.user.value?.id ?? 'none'}`, async () => {
          // Signed out, nobody has teams: no request that would only be refused.
          if (!ctx.user.value) return [];
          const body = await request<{ items: ClientTeamJson[] }>('/teams?user_id=me');
          return body.items.map(teamFromJson);
        });
      const list = cachedSignal(entry);
      const refresh = () => entry().refresh();
      const selected = computed(() => {
        const id = ctx.user.value?.selectedTeamId;
        const state = id ? list.value : null;
        return state?.status === 'ok' ? (state.data.find((team) => team.id === id) ?? null) : null;
      });
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
      const profilePath = (teamId: string) => apiPath`/team-member-profiles/${teamId}/me`;
      const load = teamLoaders(request);
      const views = createTeamViews(ctx, cache, load);
      // A change reloads only the view it changes: the permission list stays as it is.
      const { refreshTeam } = views;
      // A received invitation accepted or declined: the lists it changes, a failed reload ignored.
      const answered = async (joined: boolean) => {
        await Promise.all([joined ? refresh() : null, views.refreshReceived()]).catch(() => {});
      };

      return {
        list,
        selected,
        refresh,
        permissionsOf: views.permissionsOf,
        membersOf: views.membersOf,
        invitationsOf: views.invitationsOf,
        received: views.received,
        refreshReceived: views.refreshReceived,
        refreshTeam: (teamId) => refreshTeam(teamId),
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
        members: (teamId) => toResult(() => load.members(teamId), ACTION_ERRORS),
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
        permissions: (teamId, options) => load.permissions(teamId, options?.recursive ?? true),
        async hasPermission(teamId, permissionId) {
          return (await load.permissions(teamId, true)).some((p) => p.id === permissionId);
        },
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
        invitations: (teamId) => toResult(() => load.invitations(teamId), ACTION_ERRORS),
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
    },
  };
});
