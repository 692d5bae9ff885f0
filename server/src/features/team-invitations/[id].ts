/** `DELETE /team-invitations/{id}?team_id=` (wire.md §4.10, §6.8): revoking an invitation. */
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../wire/common.js';
import { verificationCodes } from '../../db/schema.js';
import { defineRoute } from '../../http/route.js';
import { isUuid } from '../../services/users.js';
import { emptyBody, uuidField } from '../fields.js';
import { authorizeTeam, invitationNotFound } from './shared.js';

/**
 * Deletes the invitation's code row, so its link no longer works. Client access needs a member
 * holding `$remove_members`. An id that is not an invitation of this team (another team's,
 * another project's, or none) is a 404.
 */
export const deleteTeamInvitationRoute = defineRoute({
  method: 'DELETE',
  path: '/team-invitations/:id',
  summary: 'Revokes a team invitation',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  // An invitation is a code: nothing authentication keeps.
  writes: 'none',
  body: emptyBody,
  query: v.strictObject({ team_id: uuidField }),
  async handler({ ctx, auth, params, query, json }) {
    const team = await authorizeTeam(ctx, auth, query.team_id, ['$remove_members']);
    const id = params.id;
    const deleted = isUuid(id)
      ? await ctx.db
          .delete(verificationCodes)
          .where(
            and(
              eq(verificationCodes.id, id),
              eq(verificationCodes.projectId, auth.project.id),
              eq(verificationCodes.type, 'TEAM_INVITATION'),
              sql`${verificationCodes.data}->>'team_id' = ${team.id}`,
            ),
          )
          .returning({ id: verificationCodes.id })
      : [];
    if (deleted.length === 0) throw invitationNotFound();
    return json({ success: true });
  },
});
