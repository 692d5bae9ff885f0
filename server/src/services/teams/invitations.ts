/**
 * Team invitations as stored (wire.md §6.8, §7.1): TEAM_INVITATION codes whose `data` holds the
 * team id and whose `method` holds the recipient's email. The conditions are written as the
 * partial index `verification_codes_team_invitation_idx` (migration 0011) is, with the code type
 * as a literal, so the planner can use it whatever the parameters.
 */
import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { verificationCodes } from '../../db/schema.js';

/** The code is a team invitation (the literal the partial indexes carry). */
export const isTeamInvitation: SQL = sql`${verificationCodes.type} = 'TEAM_INVITATION'`;

/** The code was issued for team `teamId` (the expression the index by team carries). */
function forTeam(teamId: string): SQL {
  return sql`(${verificationCodes.data}->>'team_id') = ${teamId}`;
}

/**
 * The unused, unexpired invitations of team `teamId` of `projectId`, oldest first (the query is
 * returned unawaited, so a test can EXPLAIN it).
 */
export function pendingTeamInvitations(
  db: Pick<Database, 'select'>,
  input: { projectId: string; teamId: string; now: Date },
) {
  return db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.projectId, input.projectId),
        isTeamInvitation,
        forTeam(input.teamId),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, input.now),
      ),
    )
    .orderBy(asc(verificationCodes.createdAt), asc(verificationCodes.id));
}

/**
 * Deletes the unused invitations of `team`, in the transaction that deletes the team: their links
 * answer VERIFICATION_CODE_NOT_FOUND from then on. An accept already under way holds its code's
 * row, so the deletion waits for it (and then finds the code used and the member to remove with
 * the team). Used invitations stay for the retention sweep, still answering "already used".
 */
export async function deleteTeamInvitations(
  tx: Pick<Database, 'delete'>,
  team: { projectId: string; id: string },
): Promise<void> {
  await tx
    .delete(verificationCodes)
    .where(
      and(
        eq(verificationCodes.projectId, team.projectId),
        isTeamInvitation,
        forTeam(team.id),
        isNull(verificationCodes.usedAt),
      ),
    );
}
