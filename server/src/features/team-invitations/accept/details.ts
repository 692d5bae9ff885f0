/** `POST /team-invitations/accept/details` (wire.md §4.10, §5.5): what an invitation is for. */
import * as v from 'valibot';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { enforceRateLimit } from '../../../services/rate-limit/enforce.js';
import { requireTeam } from '../../../services/teams/teams.js';
import { attemptCode, codeField } from '../../../services/verification-codes.js';
import { teamIdOf } from '../shared.js';

/**
 * The team an invitation code joins, for the invitee's page; needs a signed-in user, like
 * accepting. Counts as an attempt and fails like using the code would, without using it.
 */
export const teamInvitationDetailsRoute = defineRoute({
  method: 'POST',
  path: '/team-invitations/accept/details',
  summary: 'The team an invitation joins',
  response: v.object({ team_id: v.string(), team_display_name: v.string() }),
  access: ['client', 'server', 'admin'],
  // Writes only the code's attempt count, which authentication never reads.
  writes: 'none',
  body: v.strictObject({ code: codeField }),
  async handler({ ctx, auth, body, json, clientIp }) {
    if (!auth.user) throw knownError('USER_AUTHENTICATION_REQUIRED');
    await enforceRateLimit(ctx, auth, 'useCode', { ip: clientIp });
    const row = await attemptCode(ctx, auth.project.id, 'TEAM_INVITATION', body.code);
    const team = await requireTeam(ctx.db, auth.project.id, teamIdOf(row));
    return json({ team_id: team.id, team_display_name: team.displayName });
  },
});
