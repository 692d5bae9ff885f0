/**
 * What the team-permission endpoints share (wire.md §4.10, §5.6): whose permissions a request
 * may name, and the membership a grant or revocation needs.
 */
import { and, eq } from 'drizzle-orm';
import type { TeamPermissionJson } from '../../../../wire/team.js';
import type { Database } from '../../db/database.js';
import { teamMembers } from '../../db/schema.js';
import { knownError } from '../../errors.js';
import type { RequestAuth } from '../../services/request-auth.js';
import { isUuid } from '../../services/users.js';

/** `me` resolved to the signed-in user (CANNOT_GET_OWN_USER_WITHOUT_USER without one). */
export function resolveMe(auth: RequestAuth, userId: string): string {
  if (userId !== 'me') return userId.toLowerCase();
  if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
  return auth.user.row.id;
}

/**
 * The membership of `userId` in `teamId` within the project, locked against its removal until the
 * transaction ends; TEAM_MEMBERSHIP_NOT_FOUND when there is none (ids that are not UUIDs too).
 */
export async function lockMembership(
  tx: Pick<Database, 'select'>,
  projectId: string,
  teamId: string,
  userId: string,
): Promise<{ teamId: string; userId: string }> {
  const notFound = () => knownError('TEAM_MEMBERSHIP_NOT_FOUND', { team_id: teamId, user_id: userId });
  if (!isUuid(teamId) || !isUuid(userId)) throw notFound();
  const [member] = await tx
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.projectId, projectId),
        eq(teamMembers.teamId, teamId.toLowerCase()),
        eq(teamMembers.userId, userId),
      ),
    )
    .for('share');
  if (!member) throw notFound();
  return member;
}

/** The wire shape of a permission a member holds. */
export function permissionView(teamId: string, userId: string, id: string): TeamPermissionJson {
  return { id, user_id: userId, team_id: teamId };
}
