/**
 * The events of each change, with the data the reference sends: the server view of a user or a
 * team, the ids of a membership or a permission, the ids of what was deleted.
 */
import type { Database } from '../../db/database.js';
import type { TeamRow } from '../../db/schema.js';
import { serverTeamView } from '../teams/team-view.js';
import { serverUserView } from '../user-view.js';
import { loadUser } from '../users.js';
import type { WebhookEvent } from './events.js';

/** `user.created` or `user.updated` with the user's server view, read inside the change's transaction. */
export async function userEvent(
  tx: Pick<Database, 'select'>,
  type: 'user.created' | 'user.updated',
  projectId: string,
  userId: string,
): Promise<WebhookEvent[]> {
  const user = await loadUser(tx, projectId, userId);
  return user ? [{ type, data: serverUserView(user) }] : [];
}

/** `team.created` or `team.updated` with the team's server view. */
export function teamEvent(type: 'team.created' | 'team.updated', team: TeamRow): WebhookEvent {
  return { type, data: serverTeamView(team) };
}

/** A member joined `teamId` and was granted `permissionIds`. */
export function joinedEvents(
  teamId: string,
  userId: string,
  permissionIds: readonly string[],
): WebhookEvent[] {
  return [
    { type: 'team_membership.created', data: { team_id: teamId, user_id: userId } },
    ...permissionIds.map((id) => permissionEvent('team_permission.created', { id, teamId, userId })),
  ];
}

/** A member left `teamId` (removed, or deleted with the user). */
export function leftEvent(teamId: string, userId: string): WebhookEvent {
  return { type: 'team_membership.deleted', data: { team_id: teamId, user_id: userId } };
}

/** A permission granted to or revoked from a member. */
export function permissionEvent(
  type: 'team_permission.created' | 'team_permission.deleted',
  grant: { id: string; teamId: string; userId: string },
): WebhookEvent {
  return { type, data: { id: grant.id, team_id: grant.teamId, user_id: grant.userId } };
}

/** A deleted user: its memberships end, then `user.deleted` with the teams it was in. */
export function userDeletedEvents(userId: string, teamIds: readonly string[]): WebhookEvent[] {
  return [
    ...teamIds.map((teamId) => leftEvent(teamId, userId)),
    { type: 'user.deleted', data: { id: userId, teams: teamIds.map((id) => ({ id })) } },
  ];
}
