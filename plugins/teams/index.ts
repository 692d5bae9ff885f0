/**
 * The teams plugin: the signed-in user's teams (create, read, change, delete, leave, select), the
 * members' team profiles, the user's team permissions and invitations by email.
 * `createApp({ plugins: [teams()] })` gives `app.teams`. Its list is a signal that updates after
 * every change made here and on sign-in and sign-out.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import {
  type CacheState,
  type CurrentUser,
  cachedSignal,
  computed,
  createCache,
  type PluginContext,
  pluginFactory,
  type Result,
  toResult,
} from '../../core/index.js';
import type {
  ClientTeamJson,
  ClientUserJson,
  TeamInvitationJson,
  TeamMemberProfileJson,
  TeamPermissionJson,
} from '../../wire/index.js';
import {
  ACCEPT_ERRORS,
  ACCESS_ERRORS,
  ACTION_ERRORS,
  CODE_ERRORS,
  CREATE_ERRORS,
  INVITE_ERRORS,
  invitationFromJson,
  permissionFromJson,
  profileFromJson,
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

export type {
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

/** The page an emailed invitation link opens (`/handler/team-invitation` by default). */
export type TeamsUrl = 'teamInvitation';

/** `app.teams`. */
export interface TeamsApi {
  /** The signed-in user's teams, oldest first; loads on first read, refreshes after each change here. */
  readonly list: ReadonlySignal<CacheState<Team[]>>;
  /** The user's selected team, found in `list` by the user's `selectedTeamId` (null while it loads). */
  readonly selected: ReadonlySignal<Team | null>;
  /** Loads (or reloads) the list. */
  refresh(): Promise<Team[]>;
  /** Creates a team with the user as its creator (the project must let clients create teams). */
  create(input: {
    displayName: string;
    profileImageUrl?: string | null;
  }): Promise<Result<Team, TeamCreateErrorCode>>;
  /** One of the user's teams. */
  get(teamId: string): Promise<Result<Team, TeamAccessErrorCode>>;
  /** Changes a team; needs `$update_team`. */
  update(teamId: string, change: TeamUpdate): Promise<Result<Team, TeamActionErrorCode>>;
  /** Deletes a team for every member; needs `$delete_team`. */
  delete(teamId: string): Promise<Result<void, TeamActionErrorCode>>;
  /** Leaves a team (no permission needed to leave). */
  leave(teamId: string): Promise<Result<void, TeamAccessErrorCode>>;
  /**
   * Makes one of the user's teams the selected one (null for none) and updates `app.user` from the
   * answer. A team the user is not in is refused by the server (400, thrown).
   */
  select(teamId: string | null): Promise<CurrentUser>;
  /** Every member's profile in a team; listing the others needs `$read_members`. */
  members(teamId: string): Promise<Result<TeamMemberProfile[], TeamActionErrorCode>>;
  /** The user's own profile in a team. */
  myProfile(teamId: string): Promise<Result<TeamMemberProfile, TeamAccessErrorCode>>;
  /** Changes the user's own profile in a team; null falls back to the user's own name or image. */
  updateMyProfile(
    teamId: string,
    change: { displayName?: string | null; profileImageUrl?: string | null },
  ): Promise<Result<TeamMemberProfile, TeamAccessErrorCode>>;
  /**
   * The permissions the user holds in a team: with those they contain (`recursive`, the default),
   * or only those granted directly. Not a member: an empty list.
   */
  permissions(teamId: string, options?: { recursive?: boolean }): Promise<TeamPermission[]>;
  /** Whether the user holds `permissionId` in a team, directly or contained in another. */
  hasPermission(teamId: string, permissionId: string): Promise<boolean>;
  /**
   * Emails an invitation to join a team (needs `$invite_members`); its link leads to `callbackUrl`,
   * the app's team-invitation page by default. Resolves the invitation's id.
   */
  invite(
    teamId: string,
    email: string,
    options?: { callbackUrl?: string },
  ): Promise<Result<{ id: string }, TeamInviteErrorCode>>;
  /** A team's pending invitations; needs `$read_members` and `$invite_members`. */
  invitations(teamId: string): Promise<Result<TeamInvitation[], TeamActionErrorCode>>;
  /** Withdraws a pending invitation; needs `$remove_members`. */
  revokeInvitation(teamId: string, invitationId: string): Promise<Result<void, TeamActionErrorCode>>;
  /** The team an invitation code leads to, for the invitee to confirm (needs a signed-in user). */
  invitationDetails(code: string): Promise<Result<TeamInvitationDetails, TeamInvitationAcceptErrorCode>>;
  /** Joins the invitation's team (unless a member already), then reloads the list. */
  acceptInvitation(code: string): Promise<Result<void, TeamInvitationAcceptErrorCode>>;
  /** Checks an invitation code without using it; works signed out. */
  checkInvitationCode(code: string): Promise<Result<void, TeamInvitationCodeErrorCode>>;
}

const at = (teamId: string) => encodeURIComponent(teamId);

/** The teams plugin. */
export const teams = pluginFactory('teams', () => {
  return {
    urls: { teamInvitation: 'team-invitation' },
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
      const profilePath = (teamId: string) => `/team-member-profiles/${at(teamId)}/me`;

      return {
        list,
        selected,
        refresh,
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
            async () => teamFromJson(await request<ClientTeamJson>(`/teams/${at(teamId)}`)),
            ACCESS_ERRORS,
          ),
        update: (teamId, { displayName, profileImageUrl, clientMetadata }) =>
          toResult(async () => {
            const body: Record<string, unknown> = {};
            if (displayName !== undefined) body.display_name = displayName;
            if (profileImageUrl !== undefined) body.profile_image_url = profileImageUrl;
            if (clientMetadata !== undefined) body.client_metadata = clientMetadata;
            const json = await request<ClientTeamJson>(`/teams/${at(teamId)}`, { method: 'PATCH', body });
            return changed(teamFromJson(json));
          }, ACTION_ERRORS),
        delete: (teamId) =>
          toResult(async () => {
            await request(`/teams/${at(teamId)}`, { method: 'DELETE' });
            await gone(teamId);
          }, ACTION_ERRORS),
        leave: (teamId) =>
          toResult(async () => {
            await request(`/team-memberships/${at(teamId)}/me`, { method: 'DELETE', body: {} });
            await gone(teamId);
          }, ACCESS_ERRORS),
        async select(teamId) {
          const json = await request<ClientUserJson>('/users/me', {
            method: 'PATCH',
            body: { selected_team_id: teamId },
          });
          return ctx.setUser(json);
        },
        members: (teamId) =>
          toResult(async () => {
            const body = await request<{ items: TeamMemberProfileJson[] }>(
              `/team-member-profiles?team_id=${at(teamId)}`,
            );
            return body.items.map(profileFromJson);
          }, ACTION_ERRORS),
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
            return profileFromJson(
              await request<TeamMemberProfileJson>(profilePath(teamId), { method: 'PATCH', body }),
            );
          }, ACCESS_ERRORS),
        permissions: (teamId, options) => permissions(ctx, teamId, options?.recursive ?? true),
        async hasPermission(teamId, permissionId) {
          return (await permissions(ctx, teamId, true)).some((p) => p.id === permissionId);
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
            return { id };
          }, INVITE_ERRORS),
        invitations: (teamId) =>
          toResult(async () => {
            const body = await request<{ items: TeamInvitationJson[] }>(
              `/team-invitations?team_id=${at(teamId)}`,
            );
            return body.items.map(invitationFromJson);
          }, ACTION_ERRORS),
        revokeInvitation: (teamId, invitationId) =>
          toResult(async () => {
            await request(`/team-invitations/${at(invitationId)}?team_id=${at(teamId)}`, {
              method: 'DELETE',
              body: {},
            });
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
            await changed(undefined);
          }, ACCEPT_ERRORS),
        checkInvitationCode: (code) =>
          toResult(async () => {
            await request('/team-invitations/accept/check-code', { method: 'POST', body: { code } });
          }, CODE_ERRORS),
      };
    },
  };
});

/** `GET /team-permissions` for the current user in one team (the server's default is direct only). */
async function permissions(ctx: PluginContext<TeamsUrl>, teamId: string, recursive: boolean) {
  const body = await ctx.http.request<{ items: TeamPermissionJson[] }>(
    `/team-permissions?team_id=${at(teamId)}&user_id=me&recursive=${recursive}`,
  );
  return body.items.map(permissionFromJson);
}
