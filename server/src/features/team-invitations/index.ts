/** `GET /team-invitations?team_id=` (wire.md §4.10, §5.5): a team's pending invitations. */
import * as v from 'valibot';
import { listOf } from '../../../../wire/common.js';
import { TeamInvitationSchema } from '../../../../wire/team.js';
import { defineRoute } from '../../http/route.js';
import { pendingTeamInvitations } from '../../services/teams/invitations.js';
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
    const rows = await pendingTeamInvitations(ctx.db, {
      projectId: auth.project.id,
      teamId: team.id,
      now: new Date(ctx.now()),
    });
    return json({ items: rows.map(invitationView), is_paginated: false });
  },
});
