/**
 * What the team member profile routes share (wire.md §5.4): the wire view of a profile, whose
 * empty fields fall back to the user's own name and image, with the whole user for server access.
 */
import type { AccessType } from '../../../../wire/headers.js';
import type { TeamMemberProfileJson } from '../../../../wire/team.js';
import type { Database } from '../../db/database.js';
import type { teamMembers } from '../../db/schema.js';
import { serverUserView } from '../../services/user-view.js';
import { loadUsers } from '../../services/users.js';

/** A membership row, with the member's profile in it. */
export type MemberRow = typeof teamMembers.$inferSelect;

/** The profiles of `members` as access type `type` sees them, in the order given. */
export async function profileViews(
  db: Pick<Database, 'select'>,
  projectId: string,
  type: AccessType,
  members: readonly MemberRow[],
): Promise<TeamMemberProfileJson[]> {
  const users = new Map(
    (await loadUsers(db, projectId, [...new Set(members.map((m) => m.userId))])).map((u) => [u.row.id, u]),
  );
  return members.flatMap((member) => {
    const user = users.get(member.userId);
    if (!user) return [];
    const profile: TeamMemberProfileJson = {
      team_id: member.teamId,
      user_id: member.userId,
      display_name: member.displayName ?? user.row.displayName,
      profile_image_url: member.profileImageUrl ?? user.row.profileImageUrl,
    };
    return [type === 'client' ? profile : { ...profile, user: serverUserView(user) }];
  });
}
