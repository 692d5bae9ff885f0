/**
 * `POST /team-invitations/{id}/accept`, signet's addition (wire.md §4.10 has only the emailed
 * code): the recipient joins the team of an invitation it received, without the code.
 */
import * as v from 'valibot';
import { defineRoute } from '../../../http/route.js';
import { addMember, requireTeam } from '../../../services/teams/teams.js';
import { consumeCode } from '../../../services/verification-codes.js';
import { emptyBody } from '../../fields.js';
import {
  invitationIdOf,
  recipientUserId,
  serverRecipientBody,
  settleReceivedInvitation,
  teamIdOf,
} from '../shared.js';

/**
 * Uses the invitation up and adds the user to its team with the project's default member
 * permissions (nothing more when already a member), in one transaction, exactly as accepting by
 * code does; of two accepts (by id or by code) one wins and the other gets
 * VERIFICATION_CODE_ALREADY_USED. Only the recipient may: one of the user's verified emails is the
 * invitation's address; anyone else, and an id of another project or of none, gets a 404.
 */
export const acceptReceivedTeamInvitationRoute = defineRoute({
  method: 'POST',
  path: '/team-invitations/:id/accept',
  summary: 'Joins the team of an invitation the user received',
  response: v.object({}),
  access: ['client', 'server', 'admin'],
  // A membership is nothing authentication keeps.
  writes: 'none',
  bodyByAccess: { client: emptyBody, server: serverRecipientBody, admin: serverRecipientBody },
  async handler({ ctx, auth, params, body, request, json }) {
    const id = invitationIdOf(request, params);
    const given = (body as { user_id?: string } | undefined)?.user_id;
    const userId = await recipientUserId(ctx, auth, given, 'USER_AUTHENTICATION_REQUIRED');
    await settleReceivedInvitation(ctx, { projectId: auth.project.id, id, userId }, async (tx, row) => {
      await consumeCode(tx, ctx.now, row.id);
      // A team deleted since the invitation: TEAM_NOT_FOUND, and the invitation stays unused.
      const team = await requireTeam(tx, auth.project.id, teamIdOf(row));
      await addMember(ctx, tx, auth.project, {
        teamId: team.id,
        userId,
        as: 'member',
        at: new Date(ctx.now()),
      });
    });
    return json({});
  },
});
