/**
 * What the team-invitation routes share (wire.md §4.10, §5.5, §6.8): finding the team in the
 * project, the client's membership and permission checks, the list item, and adding the invitee.
 *
 * The membership insert is written here: no shared membership service existed under
 * services/teams/ when this feature was written (only the permission service).
 */
import { and, eq } from 'drizzle-orm';
import type { TeamInvitationJson } from '../../../../core/wire/team.js';
import type { Database } from '../../db/database.js';
import { teamMembers, teams } from '../../db/schema.js';
import { knownError } from '../../errors.js';
import type { ProjectRow, RequestAuth } from '../../http/auth.js';
import type { ServerContext } from '../../services/context.js';
import { grantDefaultPermissions, requirePermission } from '../../services/teams/permissions.js';
import type { CodeRow } from '../../services/verification-codes.js';

type Reader = Pick<Database, 'select'>;

/** A team row. */
export type TeamRow = typeof teams.$inferSelect;

/** The team `teamId` of project `projectId`, or TEAM_NOT_FOUND (another project's team is not found). */
export async function findTeam(db: Reader, projectId: string, teamId: string): Promise<TeamRow> {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.projectId, projectId), eq(teams.id, teamId)));
  if (!team) throw knownError('TEAM_NOT_FOUND', { team_id: teamId });
  return team;
}

/** Whether `userId` is a member of `teamId`. */
export async function isMember(db: Reader, teamId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return rows.length > 0;
}

/**
 * Lets a request act on the invitations of `teamId`: server and admin access need only the team
 * to exist; client access needs a signed-in user (USER_AUTHENTICATION_REQUIRED) who is a member
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
  if (auth.type !== 'client') return findTeam(ctx.db, projectId, teamId);
  if (!auth.user) throw knownError('USER_AUTHENTICATION_REQUIRED');
  const userId = auth.user.row.id;
  const team = await findTeam(ctx.db, projectId, teamId);
  if (!(await isMember(ctx.db, teamId, userId)))
    throw knownError('TEAM_MEMBERSHIP_NOT_FOUND', { team_id: teamId, user_id: userId });
  for (const permissionId of permissions)
    await requirePermission(ctx.db, { projectId, teamId, userId, permissionId });
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

/**
 * Adds `userId` to `teamId` with the project's default member permissions; nothing when the user
 * is a member already (both in the caller's transaction). Resolves true when a membership was added.
 */
export async function addMember(
  tx: Pick<Database, 'insert'>,
  project: ProjectRow,
  input: { teamId: string; userId: string; now: number },
): Promise<boolean> {
  const added = await tx
    .insert(teamMembers)
    .values({
      projectId: project.id,
      teamId: input.teamId,
      userId: input.userId,
      createdAt: new Date(input.now),
    })
    .onConflictDoNothing()
    .returning({ userId: teamMembers.userId });
  if (added.length === 0) return false;
  await grantDefaultPermissions(tx, project, { teamId: input.teamId, userId: input.userId, as: 'member' });
  return true;
}
