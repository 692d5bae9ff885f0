/** `GET /team-invitations?team_id=` (wire.md §4.10, §5.5): a team's pending invitations. */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { listOf } from '../../../../wire/common.js';
import { TeamInvitationSchema } from '../../../../wire/team.js';
import { verificationCodes } from '../../db/schema.js';
import { defineRoute } from '../../http/route.js';
import { uuidField } from '../fields.js';
import { authorizeTeam, invitationView } from './shared.js';

/**
 * Lists the unused, unexpired invitation codes of a team, oldest first. Client access needs a
 * member holding both `$read_members` and `$invite_members`.
 */
export const listTeamInvitationsRoute = defineRoute({
  method: 'GET',
  path: '/team-invitations',
  summary: "A team's pending invitations",
  response: listOf(TeamInvitationSchema),
  access: ['client', 'server', 'admin'],
  query: v.strictObject({ team_id: uuidField }),
  async handler({ ctx, auth, query, json }) {
    const team = await authorizeTeam(ctx, auth, query.team_id, ['$read_members', '$invite_members']);
    const rows = await ctx.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.projectId, auth.project.id),
          eq(verificationCodes.type, 'TEAM_INVITATION'),
          sql`${verificationCodes.data}->>'team_id' = ${team.id}`,
          isNull(verificationCodes.usedAt),
          gt(verificationCodes.expiresAt, new Date(ctx.now())),
        ),
      )
      .orderBy(asc(verificationCodes.createdAt), asc(verificationCodes.id));
    return json({ items: rows.map(invitationView), is_paginated: false });
  },
});
