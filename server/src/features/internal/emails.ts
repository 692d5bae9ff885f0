/** `GET /internal/emails` for admins (wire.md §4.11, §5.12): the project's latest sent emails. */
import { defineRoute } from '../../http/route.js';

/** How many emails the list shows. */
const LATEST = 100;

/** Lists the latest sent emails, newest first, without SMTP passwords. */
export const listSentEmailsRoute = defineRoute({
  method: 'GET',
  path: '/internal/emails',
  access: ['admin'],
  async handler({ ctx, auth, json }) {
    const emails = await ctx.mail.listForProject(auth.project.id, LATEST);
    return json({
      items: emails.map((email) => ({
        id: email.id,
        subject: email.subject,
        sent_at_millis: email.sentAt,
        to: email.to,
        sender_config: email.senderConfig,
        error: email.error ?? null,
      })),
      is_paginated: false,
    });
  },
});
