/** `GET`, `PATCH /team-member-profiles/{team_id}/{user_id}` (wire.md §4.10, §5.4). */

import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { TeamMemberProfileSchema } from '../../../../../wire/team.js';
import type { Database } from '../../../db/database.js';
import { teamMembers } from '../../../db/schema.js';
import { knownError, StatusError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import type { RequestAuth } from '../../../services/request-auth.js';
import { requirePermission } from '../../../services/teams/permissions.js';
import { currentUserId, requireMember, requireTeam, resolveMe } from '../../../services/teams/teams.js';
import { assertClientProfileImage } from '../../../services/user-update.js';
import { isUuid } from '../../../services/users.js';
import { boundedString, INPUT_LIMITS, profileImageField } from '../../fields.js';
import { type MemberRow, profileViews } from '../shared.js';

/** The membership the path names, after the access checks of `permissionId` for client access. */
async function pathMember(
  db: Pick<Database, 'select'>,
  auth: RequestAuth,
  params: { team_id: string; user_id: string },
  clientOthers: 'read' | 'forbidden',
): Promise<MemberRow> {
  const team = await requireTeam(db, auth.project.id, params.team_id);
  const userId = resolveMe(auth, params.user_id);
  if (auth.type === 'client') {
    const me = currentUserId(auth);
    if (userId !== me) {
      if (clientOthers === 'forbidden') throw new StatusError(403, "Cannot update another user's profile");
      await requireMember(db, team.id, me);
      await requirePermission(db, {
        projectId: auth.project.id,
        teamId: team.id,
        userId: me,
        permissionId: '$read_members',
      });
    }
  }
  const [member] = isUuid(userId)
    ? await db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, userId)))
    : [];
  if (!member) throw knownError('TEAM_MEMBERSHIP_NOT_FOUND', { team_id: team.id, user_id: userId });
  return member;
}

/** One member's profile (client access: its own, or anyone's with `$read_members`). */
export const getMemberProfileRoute = defineRoute({
  method: 'GET',
  path: '/team-member-profiles/:team_id/:user_id',
  summary: "A member's profile in a team",
  response: TeamMemberProfileSchema,
  access: ['client', 'server', 'admin'],
  async handler({ ctx, auth, params, json }) {
    const member = await pathMember(ctx.db, auth, params, 'read');
    const [profile] = await profileViews(ctx.db, auth.project.id, auth.type, [member]);
    return json(profile!);
  },
});

const updateSchema = v.strictObject({
  display_name: v.optional(v.nullable(boundedString(INPUT_LIMITS.name))),
  profile_image_url: v.optional(profileImageField),
});

/** Changes a member's profile (client access: its own only). */
export const updateMemberProfileRoute = defineRoute({
  method: 'PATCH',
  path: '/team-member-profiles/:team_id/:user_id',
  summary: "Changes a member's profile in a team",
  response: TeamMemberProfileSchema,
  access: ['client', 'server', 'admin'],
  // A member's profile in a team is nothing authentication keeps.
  writes: 'none',
  body: v.optional(updateSchema, {}),
  async handler({ ctx, auth, params, body, json }) {
    assertClientProfileImage(auth.type, body.profile_image_url);
    const has = (key: keyof typeof body) => Object.hasOwn(body, key);
    const member = await ctx.db.transaction(async (tx) => {
      const member = await pathMember(tx, auth, params, 'forbidden');
      const fields: Partial<MemberRow> = {};
      if (has('display_name')) fields.displayName = body.display_name ?? null;
      if (has('profile_image_url')) fields.profileImageUrl = body.profile_image_url ?? null;
      if (Object.keys(fields).length === 0) return member;
      const [row] = await tx
        .update(teamMembers)
        .set(fields)
        .where(and(eq(teamMembers.teamId, member.teamId), eq(teamMembers.userId, member.userId)))
        .returning();
      return row ?? member;
    });
    const [profile] = await profileViews(ctx.db, auth.project.id, auth.type, [member]);
    return json(profile!);
  },
});
