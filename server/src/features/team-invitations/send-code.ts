/** `POST /team-invitations/send-code` (wire.md §4.10, §6.8): emails an invitation to join a team. */
import * as v from 'valibot';
import { randomUuid } from '../../crypto/random.js';
import { sendProjectEmail } from '../../email/send-project-email.js';
import { defineRoute } from '../../http/route.js';
import { enforceRateLimit } from '../../services/rate-limit/enforce.js';
import { assertTrustedRedirect, linkWithCode } from '../../services/redirect-urls.js';
import { createVerificationCode } from '../../services/verification-codes.js';
import { emailField, urlField, uuidField } from '../fields.js';
import { authorizeTeam } from './shared.js';

/**
 * Creates a TEAM_INVITATION code (7 days, data `{team_id}`, method `{email}`) and mails the
 * `team_invitation` template with its link. Client access needs a member holding `$invite_members`.
 */
export const sendTeamInvitationRoute = defineRoute({
  method: 'POST',
  path: '/team-invitations/send-code',
  summary: 'Emails an invitation to join a team',
  response: v.object({ success: v.literal(true), id: v.string() }),
  access: ['client', 'server', 'admin'],
  // An invitation is a code: nothing authentication keeps.
  writes: 'none',
  body: v.strictObject({ team_id: uuidField, email: emailField, callback_url: urlField }),
  async handler({ ctx, auth, body, json, clientIp }) {
    const { project } = auth;
    const team = await authorizeTeam(ctx, auth, body.team_id, ['$invite_members']);
    assertTrustedRedirect(project, body.callback_url);
    await enforceRateLimit(ctx, auth, 'sendCode', { ip: clientIp, email: body.email });
    const id = randomUuid();
    const code = await createVerificationCode(ctx, {
      id,
      projectId: project.id,
      type: 'TEAM_INVITATION',
      method: { email: body.email },
      data: { team_id: team.id },
      redirectUrl: body.callback_url,
    });
    await sendProjectEmail(ctx, project, {
      type: 'team_invitation',
      to: body.email,
      variables: {
        teamInvitationLink: linkWithCode(body.callback_url, code),
        teamDisplayName: team.displayName,
      },
    });
    return json({ success: true, id });
  },
});
