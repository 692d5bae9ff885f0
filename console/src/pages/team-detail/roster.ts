/**
 * Everything the members section shows, loaded together: the team's members, the direct grants
 * of all of them in one `listPermissions` request, and the permission definitions (to offer grants
 * and to tell what each grant contains). Three requests for the team, whatever its size.
 */
import type { PermissionDefinition } from 'signet/plugins/admin-team-permission-definitions';
import type { ServerUser } from 'signet/plugins/server-teams';
import type { AdminApp } from '../../admin/admin-app.js';
import { dataOf } from '../teams/failure.js';
import { type GrantsByUser, groupGrants } from './member-permissions.js';

/** A team's members with their permissions. */
export interface Roster {
  members: ServerUser[];
  grants: GrantsByUser;
  definitions: PermissionDefinition[];
}

/** Loads the roster of `teamId`. */
export async function loadRoster(app: AdminApp, teamId: string): Promise<Roster> {
  const [members, permissions, definitions] = await Promise.all([
    dataOf(app.serverTeams.listUsers({ teamId })),
    // Direct grants only: those are what can be revoked; the contained ones follow from the definitions.
    dataOf(app.serverTeams.listPermissions({ teamId, recursive: false })),
    app.teamPermissionDefinitions.list(),
  ]);
  return { members, grants: groupGrants(permissions), definitions };
}

/** How a member is named on the page: display name, else email, else id. */
export const memberName = (user: Pick<ServerUser, 'displayName' | 'primaryEmail' | 'id'>) =>
  user.displayName || user.primaryEmail || user.id;
