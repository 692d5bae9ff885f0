/** `GET /team-permissions` (wire.md §4.10): what members of the project's teams hold. */

import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { listOf } from '../../../../wire/common.js';
import { type TeamPermissionJson, TeamPermissionSchema } from '../../../../wire/team.js';
import { teamMemberPermissions, teamMembers } from '../../db/schema.js';
import { knownError, StatusError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { expandPermissions, permissionGraph } from '../../services/teams/permissions.js';
import { boundedString, INPUT_LIMITS, userIdOrMeField, uuidField } from '../fields.js';
import { permissionView, resolveMe } from './shared.js';

/**
 * Lists the permissions members hold, by team, user and id; `recursive=true` adds every permission
 * contained, at any depth, in one held directly (the server's default is direct grants only, the
 * SDK asks for `true`). Client access lists only its own user's.
 */
export const listTeamPermissionsRoute = defineRoute({
  method: 'GET',
  path: '/team-permissions',
  summary: 'The permissions members hold in their teams',
  response: listOf(TeamPermissionSchema),
  access: ['client', 'server', 'admin'],
  query: v.strictObject({
    team_id: v.optional(uuidField),
    user_id: v.optional(userIdOrMeField),
    permission_id: v.optional(boundedString(INPUT_LIMITS.name)),
    recursive: v.optional(v.picklist(['true', 'false'], 'must be "true" or "false"')),
  }),
  async handler({ ctx, auth, query, json }) {
    let userId = query.user_id === undefined ? undefined : resolveMe(auth, query.user_id);
    if (auth.type === 'client') {
      if (!auth.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
      if (userId !== auth.user.row.id) {
        throw new StatusError(
          403,
          'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user',
        );
      }
      userId = auth.user.row.id;
    }
    const recursive = query.recursive === 'true';
    const filters = [eq(teamMembers.projectId, auth.project.id)];
    if (query.team_id) filters.push(eq(teamMemberPermissions.teamId, query.team_id.toLowerCase()));
    if (userId) filters.push(eq(teamMemberPermissions.userId, userId));
    if (query.permission_id !== undefined && !recursive) {
      filters.push(eq(teamMemberPermissions.permissionId, query.permission_id));
    }
    const rows = await ctx.db
      .select({
        teamId: teamMemberPermissions.teamId,
        userId: teamMemberPermissions.userId,
        id: teamMemberPermissions.permissionId,
      })
      .from(teamMemberPermissions)
      .innerJoin(
        teamMembers,
        and(
          eq(teamMembers.teamId, teamMemberPermissions.teamId),
          eq(teamMembers.userId, teamMemberPermissions.userId),
        ),
      )
      .where(and(...filters));

    let items: TeamPermissionJson[] = rows.map((r) => permissionView(r.teamId, r.userId, r.id));
    if (recursive && rows.length > 0) {
      const graph = await permissionGraph(ctx.db, auth.project.id);
      const direct = new Map<string, { teamId: string; userId: string; ids: string[] }>();
      for (const row of rows) {
        const key = `${row.teamId} ${row.userId}`;
        const member = direct.get(key) ?? { teamId: row.teamId, userId: row.userId, ids: [] };
        member.ids.push(row.id);
        direct.set(key, member);
      }
      items = [...direct.values()].flatMap((m) =>
        [...expandPermissions(graph, m.ids)].map((id) => permissionView(m.teamId, m.userId, id)),
      );
    }
    if (query.permission_id !== undefined) items = items.filter((p) => p.id === query.permission_id);
    items.sort(
      (a, b) => compare(a.team_id, b.team_id) || compare(a.user_id, b.user_id) || compare(a.id, b.id),
    );
    return json({ items, is_paginated: false });
  },
});

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
