/** The email-verification email (wire.md §6.2, §6.9): a CONTACT_CHANNEL_VERIFICATION code and its link. */

import type { ProjectRow } from '../db/schema.js';
import { sendProjectEmail } from '../email/send-project-email.js';
import type { ServerContext } from './context.js';
import { linkWithCode } from './redirect-urls.js';
import { createVerificationCode } from './verification-codes.js';

/** Creates a verification code for (user, email) and emails its link. The callback URL must be trusted already. */
export async function sendVerificationEmail(
  ctx: ServerContext,
  project: ProjectRow,
  input: { userId: string; email: string; callbackUrl: string; userDisplayName?: string | null },
): Promise<void> {
  const code = await createVerificationCode(ctx, {
    projectId: project.id,
    type: 'CONTACT_CHANNEL_VERIFICATION',
    method: { email: input.email },
    data: { user_id: input.userId },
    redirectUrl: input.callbackUrl,
  });
  await sendProjectEmail(ctx, project, {
    type: 'email_verification',
    to: input.email,
    userDisplayName: input.userDisplayName,
    variables: { emailVerificationLink: linkWithCode(input.callbackUrl, code) },
  });
}
