/** `POST`, `DELETE /team-memberships/{team_id}/{user_id}` (wire.md §4.10, §5.6). */

import { SuccessSchema } from '../../../../../wire/common.js';
import { TeamMembershipSchema } from '../../../../../wire/team.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { requirePermission } from '../../../services/teams/permissions.js';
import {
  addMember,
  currentUserId,
  removeMember,
  requireMember,
  requireTeam,
  resolveMe,
} from '../../../services/teams/teams.js';
import { loadUser } from '../../../services/users.js';
import { emptyBody } from '../../fields.js';

/** Adds a user to a team with the project's default member permissions. */
export const addTeamMemberRoute = defineRoute({
  method: 'POST',
  path: '/team-memberships/:team_id/:user_id',
  summary: 'Adds a user to a team',
  response: TeamMembershipSchema,
  status: 201,
  access: ['server', 'admin'],
  // A membership is nothing authentication keeps.
  writes: 'none',
  body: emptyBody,
  async handler({ ctx, auth, params, json }) {
    const userId = resolveMe(auth, params.user_id);
    try {
      const team = await ctx.db.transaction(async (tx) => {
        const team = await requireTeam(tx, auth.project.id, params.team_id);
        if (!(await loadUser(tx, auth.project.id, userId))) throw knownError('USER_NOT_FOUND');
        const added = await addMember(ctx, tx, auth.project, {
          teamId: team.id,
          userId,
          as: 'member',
          at: new Date(ctx.now()),
        });
        if (!added) throw knownError('TEAM_MEMBERSHIP_ALREADY_EXISTS');
        return team;
      });
      return json({ team_id: team.id, user_id: userId }, 201);
    } catch (error) {
      if (isUniqueViolation(error)) throw knownError('TEAM_MEMBERSHIP_ALREADY_EXISTS');
      throw error;
    }
  },
});

/** Removes a member (client access: itself, or anyone with `$remove_members`). */
export const removeTeamMemberRoute = defineRoute({
  method: 'DELETE',
  path: '/team-memberships/:team_id/:user_id',
  summary: 'Removes a user from a team',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  // Leaving a team clears the member's selection of it.
  writes: 'user',
  body: emptyBody,
  async handler({ ctx, auth, params, json, wroteUser }) {
    const userId = resolveMe(auth, params.user_id);
    wroteUser(userId);
    await ctx.db.transaction(async (tx) => {
      const team = await requireTeam(tx, auth.project.id, params.team_id);
      if (auth.type === 'client') {
        const me = currentUserId(auth);
        if (userId !== me) {
          await requireMember(tx, team.id, me);
          await requirePermission(tx, {
            projectId: auth.project.id,
            teamId: team.id,
            userId: me,
            permissionId: '$remove_members',
          });
        }
      }
      if (!(await removeMember(ctx, tx, auth.project.id, team.id, userId))) {
        throw knownError('TEAM_MEMBERSHIP_NOT_FOUND', { team_id: team.id, user_id: userId });
      }
    });
    return json({ success: true });
  },
});
