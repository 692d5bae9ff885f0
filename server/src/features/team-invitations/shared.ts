/**
 * What the team-invitation routes share (wire.md §4.10, §5.5, §6.8): the client's membership and
 * permission checks, the list item. Teams and memberships themselves are services/teams/teams.ts's.
 */
import type { TeamInvitationJson } from '../../../../wire/team.js';
import { knownError } from '../../errors.js';
import type { RequestAuth } from '../../http/auth.js';
import type { ServerContext } from '../../services/context.js';
import { requirePermission } from '../../services/teams/permissions.js';
import { requireMember, requireTeam, type TeamRow } from '../../services/teams/teams.js';
import type { CodeRow } from '../../services/verification-codes.js';

/**
 * Lets a request act on the invitations of `teamId`: server and admin access need only the team
 * of their project to exist (TEAM_NOT_FOUND); client access needs a signed-in user
 * (USER_AUTHENTICATION_REQUIRED, as the wire's invitation routes say) who is a member
 * (TEAM_MEMBERSHIP_NOT_FOUND) and holds every permission in `permissions`, directly or contained
 * (TEAM_PERMISSION_REQUIRED). Resolves with the team.
 */
export async function authorizeTeam(
  ctx: ServerContext,
  auth: RequestAuth,
  teamId: string,
  permissions: readonly string[],
): Promise<TeamRow> {
  const projectId = auth.project.id;
  if (auth.type === 'client' && !auth.user) throw knownError('USER_AUTHENTICATION_REQUIRED');
  const team = await requireTeam(ctx.db, projectId, teamId);
  if (auth.type !== 'client') return team;
  const userId = auth.user!.row.id;
  await requireMember(ctx.db, team.id, userId);
  for (const permissionId of permissions)
    await requirePermission(ctx.db, { projectId, teamId: team.id, userId, permissionId });
  return team;
}

/** The team id an invitation code was issued for (its `data.team_id`). */
export function teamIdOf(row: CodeRow): string {
  return String((row.data as { team_id?: unknown } | null)?.team_id ?? '');
}

/** An invitation in wire form (wire.md §5.5): its id is the code row's. */
export function invitationView(row: CodeRow): TeamInvitationJson {
  return {
    id: row.id,
    team_id: teamIdOf(row),
    expires_at_millis: row.expiresAt.getTime(),
    recipient_email: String((row.method as { email?: unknown } | null)?.email ?? ''),
  };
}
