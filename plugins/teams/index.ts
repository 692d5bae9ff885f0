import {
  cachedSignal,
  computed,
  createCache,
  loadedCalls,
  loadOnce,
  type PluginContext,
  pluginFactory,
  toResult,
} from '../../core/index.js';
import type { ClientTeamJson } from '../../wire/index.js';
import type { TeamsApi, TeamsUrl } from './api.js';
import {
  ACTION_ERRORS,
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
      const load = teamLoaders(request);
      const views = createTeamViews(ctx, cache, load);
      // A change reloads only the view it changes: the permission list stays as it is.
      const { refreshTeam } = views;
      // The calls that change teams or read them once are loaded on the first of them.
      const loaded = loadOnce(async () =>
        (await import('./calls.js')).teamCalls({
          ctx,
          refresh,
          refreshTeam,
          refreshReceived: views.refreshReceived,
        }),
      );

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
        members: (teamId) => toResult(() => load.members(teamId), ACTION_ERRORS),
        permissions: (teamId, options) => load.permissions(teamId, options?.recursive ?? true),
        async hasPermission(teamId, permissionId) {
          return (await load.permissions(teamId, true)).some((p) => p.id === permissionId);
        },
        invitations: (teamId) => toResult(() => load.invitations(teamId), ACTION_ERRORS),
        ...loadedCalls(loaded, [
          'removeMember',
          'acceptReceived',
          'declineReceived',
          'create',
          'get',
          'update',
          'delete',
          'leave',
          'select',
          'myProfile',
          'updateMyProfile',
          'invite',
          'revokeInvitation',
          'invitationDetails',
          'acceptInvitation',
          'checkInvitationCode',
        ]),
      };
    },
  };
});
