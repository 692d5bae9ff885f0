/** `GET`, `PATCH`, `DELETE /email-templates/{type}` for admins (wire.md §4.11, §5.11): read, customise, reset one template. */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SuccessSchema } from '../../../../wire/common.js';
import { EmailTemplateSchema } from '../../../../wire/email-admin.js';
import { emailTemplates } from '../../db/schema.js';
import { loadTemplate, templateView } from '../../email/project-templates.js';
import { emailConfigOf } from '../../email/send-project-email.js';
import type { EmailDocument } from '../../email/template-types.js';
import { StatusError } from '../../errors.js';
import { defineRoute, validateOrThrow } from '../../http/route.js';
import { boundedString, INPUT_LIMITS, jsonAtMost } from '../fields.js';

import { isEmailDocument, paramsSchema } from './shared.js';

/** Reads one template. */
export const getEmailTemplateRoute = defineRoute({
  method: 'GET',
  path: '/email-templates/:type',
  summary: 'One email template',
  response: EmailTemplateSchema,
  access: ['admin'],
  async handler({ ctx, auth, request, params, json }) {
    const { type } = validateOrThrow(request, 'params', paramsSchema, params);
    return json(templateView(await loadTemplate(ctx.db, auth.project.id, type)));
  },
});

/** Customises the subject and/or content; only for projects that send through their own SMTP server. */
export const patchEmailTemplateRoute = defineRoute({
  method: 'PATCH',
  path: '/email-templates/:type',
  summary: 'Edits an email template',
  response: EmailTemplateSchema,
  access: ['admin'],
  body: v.strictObject({
    subject: v.optional(boundedString(INPUT_LIMITS.text)),
    content: v.optional(v.pipe(v.record(v.string(), v.unknown()), jsonAtMost(INPUT_LIMITS.templateJson))),
  }),
  async handler({ ctx, auth, request, params, body, json }) {
    const { type } = validateOrThrow(request, 'params', paramsSchema, params);
    if (emailConfigOf(auth.project).type === 'shared') {
      throw new StatusError(
        400,
        'Cannot update email templates in shared email config. Set up a custom email config to update email templates.',
      );
    }
    if (body.content !== undefined && !isEmailDocument(body.content)) {
      throw new StatusError(400, 'Invalid email template content');
    }
    const current = await loadTemplate(ctx.db, auth.project.id, type);
    const values = {
      subject: body.subject ?? current.subject,
      content: (body.content as EmailDocument | undefined) ?? current.content,
      updatedAt: new Date(ctx.now()),
    };
    await ctx.db
      .insert(emailTemplates)
      .values({ projectId: auth.project.id, type, ...values })
      .onConflictDoUpdate({ target: [emailTemplates.projectId, emailTemplates.type], set: values });
    return json(templateView({ type, subject: values.subject, content: values.content, isDefault: false }));
  },
});

/** Resets a customised template to the default. */
export const deleteEmailTemplateRoute = defineRoute({
  method: 'DELETE',
  path: '/email-templates/:type',
  summary: 'Resets an email template to the default',
  response: SuccessSchema,
  access: ['admin'],
  async handler({ ctx, auth, request, params, json }) {
    const { type } = validateOrThrow(request, 'params', paramsSchema, params);
    const deleted = await ctx.db
      .delete(emailTemplates)
      .where(and(eq(emailTemplates.projectId, auth.project.id), eq(emailTemplates.type, type)))
      .returning({ type: emailTemplates.type });
    if (deleted.length === 0) throw new StatusError(404, 'Email template not found');
    return json({ success: true });
  },
});
