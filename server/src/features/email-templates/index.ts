import { listOf } from '../../../../wire/common.js';
import { EmailTemplateSchema } from '../../../../wire/email-admin.js';
import { loadAllTemplates, templateView } from '../../email/project-templates.js';
import { defineRoute } from '../../http/route.js';

/** Lists the four templates, defaults filled in. */
export const listEmailTemplatesRoute = defineRoute({
  method: 'GET',
  path: '/email-templates',
  summary: "The project's email templates, defaults filled in",
  response: listOf(EmailTemplateSchema),
  access: ['admin'],
  async handler({ ctx, auth, json }) {
    const templates = await loadAllTemplates(ctx.db, auth.project.id);
    return json({ items: templates.map(templateView), is_paginated: false });
  },
});
