/** `POST`, `DELETE /team-permissions/{team_id}/{user_id}/{permission_id}` (wire.md §4.10). */

import { and, eq } from 'drizzle-orm';
import { SuccessSchema } from '../../../../../../wire/common.js';
import { TeamPermissionSchema } from '../../../../../../wire/team.js';
import { teamMemberPermissions } from '../../../../db/schema.js';
import { knownError } from '../../../../errors.js';
import { defineRoute } from '../../../../http/route.js';
import { lockDefinitionForGrant } from '../../../../services/teams/permissions.js';
import { emitEvents } from '../../../../services/webhooks/emit.js';
import { permissionEvent } from '../../../../services/webhooks/payloads.js';
import { emptyBody } from '../../../fields.js';
import { lockMembership, permissionView, resolveMe } from '../../shared.js';

/**
 * Grants a member a permission directly (a system one or one the project defines); granting one
 * already held changes nothing and answers the same.
 */
export const grantTeamPermissionRoute = defineRoute({
  method: 'POST',
  path: '/team-permissions/:team_id/:user_id/:permission_id',
  summary: 'Grants a team member a permission',
  response: TeamPermissionSchema,
  status: 201,
  access: ['server', 'admin'],
  // Writes only the member's grants, which authentication never reads.
  writes: 'none',
  body: emptyBody,
  async handler({ ctx, auth, params, json }) {
    const permissionId = params.permission_id;
    const userId = resolveMe(auth, params.user_id);
    const member = await ctx.db.transaction(async (tx) => {
      const found = await lockMembership(tx, auth.project.id, params.team_id, userId);
      // Held against a concurrent delete or rename of the definition until the grant is in.
      if (!(await lockDefinitionForGrant(tx, auth.project.id, permissionId))) {
        throw knownError('PERMISSION_NOT_FOUND', { permission_id: permissionId });
      }
      const granted = await tx
        .insert(teamMemberPermissions)
        .values({ teamId: found.teamId, userId: found.userId, permissionId })
        .onConflictDoNothing()
        .returning({ id: teamMemberPermissions.permissionId });
      if (granted.length > 0) {
        const grant = { id: permissionId, teamId: found.teamId, userId: found.userId };
        await emitEvents(ctx, tx, auth.project.id, [permissionEvent('team_permission.created', grant)]);
      }
      return found;
    });
    return json(permissionView(member.teamId, member.userId, permissionId), 201);
  },
});

/** Revokes a permission granted directly (one only contained in another cannot be revoked alone). */
export const revokeTeamPermissionRoute = defineRoute({
  method: 'DELETE',
  path: '/team-permissions/:team_id/:user_id/:permission_id',
  summary: 'Revokes a permission granted to a team member',
  response: SuccessSchema,
  access: ['server', 'admin'],
  // Writes only the member's grants, which authentication never reads.
  writes: 'none',
  body: emptyBody,
  async handler({ ctx, auth, params, json }) {
    const permissionId = params.permission_id;
    const userId = resolveMe(auth, params.user_id);
    await ctx.db.transaction(async (tx) => {
      const member = await lockMembership(tx, auth.project.id, params.team_id, userId);
      const deleted = await tx
        .delete(teamMemberPermissions)
        .where(
          and(
            eq(teamMemberPermissions.teamId, member.teamId),
            eq(teamMemberPermissions.userId, member.userId),
            eq(teamMemberPermissions.permissionId, permissionId),
          ),
        )
        .returning({ id: teamMemberPermissions.permissionId });
      if (deleted.length === 0) {
        throw knownError('TEAM_PERMISSION_NOT_FOUND', {
          team_id: member.teamId,
          user_id: member.userId,
          permission_id: permissionId,
        });
      }
      const grant = { id: permissionId, teamId: member.teamId, userId: member.userId };
      await emitEvents(ctx, tx, auth.project.id, [permissionEvent('team_permission.deleted', grant)]);
    });
    return json({ success: true });
  },
});
