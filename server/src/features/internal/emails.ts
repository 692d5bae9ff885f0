/** `GET /internal/emails` for admins (wire.md §4.11, §5.12): the project's latest sent emails. */

import type * as v from 'valibot';
import { listOf } from '../../../../wire/common.js';
import { SentEmailSchema } from '../../../../wire/email-admin.js';
import { defineRoute } from '../../http/route.js';

/** How many emails the list shows. */
const LATEST = 100;

/** Lists the latest sent emails, newest first, without SMTP passwords. */
export const listSentEmailsRoute = defineRoute({
  method: 'GET',
  path: '/internal/emails',
  summary: 'The latest 100 emails the project sent',
  response: listOf(SentEmailSchema),
  access: ['admin'],
  async handler({ ctx, auth, json }) {
    const emails = await ctx.mail.listForProject(auth.project.id, LATEST);
    return json({
      items: emails.map((email) => ({
        id: email.id,
        subject: email.subject,
        sent_at_millis: email.sentAt,
        to: email.to,
        // The config as recorded at send time: its type and public fields, never the password.
        sender_config: email.senderConfig as v.InferOutput<typeof SentEmailSchema>['sender_config'],
        error: email.error ?? null,
      })),
      is_paginated: false,
    });
  },
});
