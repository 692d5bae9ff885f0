/**
 * What every team section reads: the team from the user's list, the user's permissions in it (the
 * plugin's one cached list per team, so ten gates and twenty members make one request), a team's
 * errors in words, and how a page hears that its team was left or deleted.
 */
import { createContext, useContext } from 'react';
import { type CacheState, SignetError } from '../../../core/index.js';
import { isExpectedFailure, UNHANDLED_MESSAGE, usePluginApi, useSignalValue } from '../../../react/index.js';
import type { SystemPermissionId } from '../../../wire/index.js';
import { type Team, type TeamPermission, teams } from '../index.js';

const PENDING = { status: 'pending' } as const;

/** The user's teams, as the plugin's list signal holds them. */
export function useTeamList(): CacheState<Team[]> {
  return useSignalValue(usePluginApi(teams).list, PENDING);
}

/** One of the user's teams from the list (null while it loads, or when the user is not in it). */
export function useTeam(teamId: string): Team | null {
  const list = useTeamList();
  return list.status === 'ok' ? (list.data.find((team) => team.id === teamId) ?? null) : null;
}

/** The user's permissions in a team, with those they contain: the plugin's cached signal. */
export function useTeamPermissions(teamId: string): CacheState<TeamPermission[]> {
  return useSignalValue(usePluginApi(teams).permissionsOf(teamId), PENDING);
}

/**
 * Whether the user holds every one of `permissionIds` in the team, directly or contained in
 * another; false while the permissions load or could not be loaded.
 */
export function useCan(teamId: string, ...permissionIds: (SystemPermissionId | (string & {}))[]): boolean {
  const state = useTeamPermissions(teamId);
  return state.status === 'ok' && permissionIds.every((id) => state.data.some((p) => p.id === id));
}

/** A section's gate, for `useShown`: shown while the user holds all of `permissionIds`. */
export const gatedBy =
  (...permissionIds: SystemPermissionId[]) =>
  (teamId: string) =>
    useCan(teamId, ...permissionIds);

/** A team call's failure in words for the user. */
export function teamErrorText(failure: unknown): string {
  if (failure instanceof SignetError) {
    switch (failure.code) {
      case 'TEAM_PERMISSION_REQUIRED':
        return 'You do not have the permission to do that in this team.';
      case 'TEAM_NOT_FOUND':
        return 'This team no longer exists.';
      case 'TEAM_MEMBERSHIP_NOT_FOUND':
        return 'That membership no longer exists: you or that member may have left the team meanwhile.';
      case 'USER_AUTHENTICATION_REQUIRED':
        return 'You are signed out. Sign in again, then retry.';
      case 'REDIRECT_URL_NOT_WHITELISTED':
        return 'The invitation was not sent: its link would open a page on a domain the project does not trust. Add this site to the project’s trusted domains.';
    }
  }
  if (isExpectedFailure(failure)) return failure.message;
  return `${UNHANDLED_MESSAGE} ${failure instanceof Error ? failure.message : String(failure)}`;
}

/**
 * Runs a team call that answers a `Result` and returns the failure in words, or null when it
 * worked; a thrown failure is put in words too, never left unhandled.
 */
export async function failureOf(call: () => Promise<{ status: 'ok' } | { status: 'error'; error: unknown }>) {
  try {
    const result = await call();
    return result.status === 'error' ? teamErrorText(result.error) : null;
  } catch (failure) {
    return teamErrorText(failure);
  }
}

/** How the user's membership of a team ended. */
export type TeamExitKind = 'left' | 'deleted';

/**
 * Given by a page about one team: the leave and delete sections tell it what they are about to do
 * (so once the team is gone from the list the page says why rather than 'not found'; null again if
 * the call failed) and that they did it (so the page moves on). Without it, as inside account
 * settings, the team simply leaves the list.
 */
export interface TeamExit {
  expect(kind: TeamExitKind | null): void;
  done(): void;
}

/** The page's `TeamExit`, if any. */
export const TeamExitContext = createContext<TeamExit | null>(null);

/** Runs a leave or delete call, telling the page (if any) before and after. */
export function useTeamExit(kind: TeamExitKind) {
  const exit = useContext(TeamExitContext);
  return async (call: () => Promise<string | null>): Promise<string | null> => {
    exit?.expect(kind);
    const failure = await call();
    if (failure) exit?.expect(null);
    else exit?.done();
    return failure;
  };
}
