/** `GET /team-member-profiles` (wire.md §4.10). */

import { and, asc, eq, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { listOf } from '../../../../wire/common.js';
import { TeamMemberProfileSchema } from '../../../../wire/team.js';
import { teamMembers } from '../../db/schema.js';
import { StatusError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { requirePermission } from '../../services/teams/permissions.js';
import { currentUserId, requireMember, requireTeam, resolveMe } from '../../services/teams/teams.js';
import { isUuid } from '../../services/users.js';
import { userIdOrMeField, uuidField } from '../fields.js';
import { profileViews } from './shared.js';

/**
 * Member profiles: client access names a team it is a member of and sees itself, or everyone
 * with `$read_members`; server and admin access filter by team and/or user.
 */
export const listMemberProfilesRoute = defineRoute({
  method: 'GET',
  path: '/team-member-profiles',
  summary: 'The member profiles of a team or a user',
  response: listOf(TeamMemberProfileSchema),
  access: ['client', 'server', 'admin'],
  query: v.strictObject({ team_id: v.optional(uuidField), user_id: v.optional(userIdOrMeField) }),
  async handler({ ctx, auth, query, json }) {
    const projectId = auth.project.id;
    const userId = query.user_id === undefined ? undefined : resolveMe(auth, query.user_id);
    if (auth.type === 'client') {
      if (query.team_id === undefined)
        throw new StatusError(400, 'team_id is required for access type client');
      const me = currentUserId(auth);
      const team = await requireTeam(ctx.db, projectId, query.team_id);
      await requireMember(ctx.db, team.id, me);
      if (userId !== me) {
        await requirePermission(ctx.db, {
          projectId,
          teamId: team.id,
          userId: me,
          permissionId: '$read_members',
        });
      }
    }
    const conditions: SQL[] = [eq(teamMembers.projectId, projectId)];
    if (query.team_id !== undefined) conditions.push(eq(teamMembers.teamId, query.team_id.toLowerCase()));
    if (userId !== undefined) {
      if (!isUuid(userId)) return json({ items: [], is_paginated: false });
      conditions.push(eq(teamMembers.userId, userId));
    }
    const members = await ctx.db
      .select()
      .from(teamMembers)
      .where(and(...conditions))
      .orderBy(asc(teamMembers.createdAt), asc(teamMembers.userId));
    return json({ items: await profileViews(ctx.db, projectId, auth.type, members), is_paginated: false });
  },
});
