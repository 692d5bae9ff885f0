/**
 * The teams plugin's cached views of one team (the user's permissions, the members, the pending
 * invitations) and of the invitations the user received. One cache entry per team and view, keyed
 * by user as well, shared by every screen that shows it, so a page with ten gated controls and
 * twenty members makes one permission request, not thirty. Each view is reloaded after a change
 * made through the plugin.
 */
import {
  apiPath,
  type Cache,
  type CacheState,
  cachedSignal,
  type PluginContext,
  type ReadonlySignal,
} from '../../core/index.js';
import type {
  ReceivedTeamInvitationJson,
  TeamInvitationJson,
  TeamMemberProfileJson,
  TeamPermissionJson,
} from '../../wire/index.js';
import {
  invitationFromJson,
  permissionFromJson,
  profileFromJson,
  type ReceivedTeamInvitation,
  receivedInvitationFromJson,
  type TeamInvitation,
  type TeamMemberProfile,
  type TeamPermission,
} from './team.js';

/** The per-team views. */
export interface TeamViews {
  permissionsOf(teamId: string): ReadonlySignal<CacheState<TeamPermission[]>>;
  membersOf(teamId: string): ReadonlySignal<CacheState<TeamMemberProfile[]>>;
  invitationsOf(teamId: string): ReadonlySignal<CacheState<TeamInvitation[]>>;
  readonly received: ReadonlySignal<CacheState<ReceivedTeamInvitation[]>>;
  /** Reloads the views of one team that are held (all of them when `view` is left out). */
  refreshTeam(teamId: string, view?: TeamView): Promise<void>;
  /** Reloads the received invitations, if held. */
  refreshReceived(): Promise<void>;
}

/** The views of a team, by name. */
export type TeamView = 'permissions' | 'members' | 'invitations';

/** The GETs behind the views, shared with the plugin's uncached calls of the same lists. */
export type TeamLoaders = ReturnType<typeof teamLoaders>;

/** The lists the plugin reads, each one request mapped to the kit's shapes. */
export function teamLoaders(request: PluginContext<string>['http']['request']) {
  const list = async <J, T>(path: string, map: (json: J) => T) =>
    (await request<{ items: J[] }>(path)).items.map(map);
  return {
    /** The user's permissions in a team, with those they contain when `recursive`. */
    permissions: (teamId: string, recursive: boolean) =>
      list<TeamPermissionJson, TeamPermission>(
        apiPath`/team-permissions?team_id=${teamId}&user_id=me&recursive=${String(recursive)}`,
        permissionFromJson,
      ),
    members: (teamId: string) =>
      list<TeamMemberProfileJson, TeamMemberProfile>(
        apiPath`/team-member-profiles?team_id=${teamId}`,
        profileFromJson,
      ),
    invitations: (teamId: string) =>
      list<TeamInvitationJson, TeamInvitation>(
        apiPath`/team-invitations?team_id=${teamId}`,
        invitationFromJson,
      ),
    received: () =>
      list<ReceivedTeamInvitationJson, ReceivedTeamInvitation>(
        '/team-invitations?user_id=me',
        receivedInvitationFromJson,
      ),
  };
}

/** Builds the views over the plugin's cache. */
export function createTeamViews(ctx: PluginContext<string>, cache: Cache, load: TeamLoaders): TeamViews {
  const userKey = () => ctx.user.value?.id ?? 'none';
  const key = (teamId: string, view: TeamView) => `team:${userKey()}:${teamId}:${view}`;
  // One signal per team and view, made on first use: screens ask for them while rendering.
  const signals = new Map<string, ReadonlySignal<CacheState<unknown>>>();
  const view = <T>(teamId: string, name: TeamView, load: () => Promise<T>): ReadonlySignal<CacheState<T>> => {
    const id = `${name}:${teamId}`;
    let made = signals.get(id);
    if (!made) {
      // Signed out, nobody is in a team: an empty view without a request that would be refused.
      made = cachedSignal(() =>
        cache.entry(key(teamId, name), async () => (ctx.user.value ? load() : ([] as T))),
      ) as ReadonlySignal<CacheState<unknown>>;
      signals.set(id, made);
    }
    return made as ReadonlySignal<CacheState<T>>;
  };
  return {
    permissionsOf: (teamId) => view(teamId, 'permissions', () => load.permissions(teamId, true)),
    membersOf: (teamId) => view(teamId, 'members', () => load.members(teamId)),
    invitationsOf: (teamId) => view(teamId, 'invitations', () => load.invitations(teamId)),
    received: cachedSignal(() =>
      cache.entry(`received:${userKey()}`, async () => (ctx.user.value ? load.received() : [])),
    ),
    refreshTeam: (teamId, name) => cache.invalidate(`team:${userKey()}:${teamId}:${name ?? ''}`),
    refreshReceived: () => cache.invalidate(`received:${userKey()}`),
  };
}
