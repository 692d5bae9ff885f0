/**
 * `GET /team-invitations?team_id=` (wire.md §4.10, §5.5): a team's pending invitations; and
 * `GET /team-invitations?user_id=`, signet's addition: the pending invitations a user received.
 */
import * as v from 'valibot';
import { listOf } from '../../../../wire/common.js';
import { ReceivedTeamInvitationSchema, TeamInvitationSchema } from '../../../../wire/team.js';
import { defineRoute } from '../../http/route.js';
import { schemaError } from '../../http/validate.js';
import {
  pendingTeamInvitations,
  receivedTeamInvitations,
  verifiedEmailsOf,
} from '../../services/teams/invitations.js';
import { userIdOrMeField, uuidField } from '../fields.js';
import { authorizeTeam, invitationView, receivedInvitationView, recipientUserId } from './shared.js';

/**
 * With `team_id`: the unused, unexpired invitation codes of a team, oldest first; client access
 * needs a member holding both `$read_members` and `$invite_members`.
 *
 * With `user_id` (`me` or an id; client access only its own user, 403 text otherwise): the
 * unused, unexpired invitations of the project sent to one of the user's verified emails (exact
 * match), soonest expiry first, each with its team's name. Teams the user already belongs to are
 * listed too (accepting is then a no-op that uses the invitation up; declining removes it).
 *
 * Exactly one of the two is given (SCHEMA_ERROR otherwise).
 */
export const listTeamInvitationsRoute = defineRoute({
  method: 'GET',
  path: '/team-invitations',
  summary: "A team's pending invitations, or those a user received",
  response: v.union([listOf(TeamInvitationSchema), listOf(ReceivedTeamInvitationSchema)]),
  access: ['client', 'server', 'admin'],
  query: v.strictObject({ team_id: v.optional(uuidField), user_id: v.optional(userIdOrMeField) }),
  async handler({ ctx, auth, query, request, json }) {
    if ((query.team_id === undefined) === (query.user_id === undefined)) {
      throw schemaError(request, [
        query.team_id === undefined
          ? 'query.team_id or query.user_id must be defined'
          : 'query.team_id and query.user_id cannot both be given',
      ]);
    }
    const now = new Date(ctx.now());
    if (query.team_id !== undefined) {
      const team = await authorizeTeam(ctx, auth, query.team_id, ['$read_members', '$invite_members']);
      const rows = await pendingTeamInvitations(ctx.db, { projectId: auth.project.id, teamId: team.id, now });
      return json({ items: rows.map(invitationView), is_paginated: false });
    }
    const userId = await recipientUserId(ctx, auth, query.user_id, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
    const emails = await verifiedEmailsOf(ctx.db, auth.project.id, userId);
    const received = await receivedTeamInvitations(ctx.db, { projectId: auth.project.id, emails, now });
    return json({
      items: received.map((r) => receivedInvitationView(r.code, r.teamDisplayName)),
      is_paginated: false,
    });
  },
});
