/**
 * `POST /team-invitations/{id}/decline`, signet's addition: the recipient refuses an invitation
 * it received.
 */
import { and, eq } from 'drizzle-orm';
import { SuccessSchema } from '../../../../../wire/common.js';
import { verificationCodes } from '../../../db/schema.js';
import { defineRoute } from '../../../http/route.js';
import { emptyBody } from '../../fields.js';
import { invitationIdOf, recipientUserId, serverRecipientBody, settleReceivedInvitation } from '../shared.js';

/**
 * Deletes the invitation, so neither its id nor its emailed code works afterwards (the code then
 * answers VERIFICATION_CODE_NOT_FOUND) and the team no longer lists it. The same recipient rule
 * and 404 as accepting.
 */
export const declineReceivedTeamInvitationRoute = defineRoute({
  method: 'POST',
  path: '/team-invitations/:id/decline',
  summary: 'Refuses an invitation the user received',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  // An invitation is a code: nothing authentication keeps.
  writes: 'none',
  bodyByAccess: { client: emptyBody, server: serverRecipientBody, admin: serverRecipientBody },
  async handler({ ctx, auth, params, body, request, json }) {
    const id = invitationIdOf(request, params);
    const given = (body as { user_id?: string } | undefined)?.user_id;
    const userId = await recipientUserId(ctx, auth, given, 'USER_AUTHENTICATION_REQUIRED');
    await settleReceivedInvitation(ctx, { projectId: auth.project.id, id, userId }, async (tx, row) => {
      await tx
        .delete(verificationCodes)
        .where(and(eq(verificationCodes.id, row.id), eq(verificationCodes.projectId, auth.project.id)));
    });
    return json({ success: true });
  },
});
