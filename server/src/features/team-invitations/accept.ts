/** `POST /team-invitations/accept` and its `check-code` (wire.md §4.10, §6.8): joining a team. */
import * as v from 'valibot';
import { knownError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { enforceRateLimit } from '../../services/rate-limit/enforce.js';
import { addMember, requireTeam } from '../../services/teams/teams.js';
import { codeField, redeemCode } from '../../services/verification-codes.js';
import { checkCodeRoute } from '../check-code-route.js';
import { teamIdOf } from './shared.js';

/**
 * Adds the signed-in user to the invitation's team with the project's default member permissions
 * (nothing when already a member); the code is used in the same transaction, so it works once.
 * The recipient email is not compared with the user's emails: this follows the wire (§4.10),
 * where whoever holds the link may join, as with the Stack server and SDK. (Accepting by id,
 * `[id]/accept.ts`, is for the recipient only.)
 */
export const acceptTeamInvitationRoute = defineRoute({
  method: 'POST',
  path: '/team-invitations/accept',
  summary: 'Joins the team of an invitation',
  response: v.object({}),
  access: ['client', 'server', 'admin'],
  // A membership is nothing authentication keeps.
  writes: 'none',
  body: v.strictObject({ code: codeField }),
  async handler({ ctx, auth, body, json, clientIp }) {
    // Checked before the code is touched, so signing in first still finds the code unused.
    const user = auth.user;
    if (!user) throw knownError('USER_AUTHENTICATION_REQUIRED');
    await enforceRateLimit(ctx, auth, 'useCode', { ip: clientIp });
    await redeemCode(ctx, {
      projectId: auth.project.id,
      type: 'TEAM_INVITATION',
      code: body.code,
      async act(tx, row) {
        // A team deleted since the invitation: TEAM_NOT_FOUND, and the code stays unused.
        const team = await requireTeam(tx, auth.project.id, teamIdOf(row));
        await addMember(ctx, tx, auth.project, {
          teamId: team.id,
          userId: user.row.id,
          as: 'member',
          at: new Date(ctx.now()),
        });
      },
    });
    return json({});
  },
});

/** Says whether an invitation code would be accepted (counts as an attempt). */
export const acceptCheckCodeRoute = checkCodeRoute('/team-invitations/accept/check-code', 'TEAM_INVITATION');
