/**
 * `POST /email-templates/{type}/preview` for admins: renders a template with example values, as
 * the console's editor shows it while the admin types. A signet addition to the wire (the
 * reference renders previews in its dashboard); see README.md in this folder.
 *
 * The subject and content given replace the stored template's for this render only; nothing is
 * saved, so it works on the shared email config too. Rendering is `renderEmail`, the code every
 * real send goes through, so the preview is what recipients get.
 */
import * as v from 'valibot';
import { loadTemplate } from '../../../email/project-templates.js';
import { renderEmail } from '../../../email/render.js';
import type { EmailDocument } from '../../../email/template-types.js';
import { StatusError } from '../../../errors.js';
import { defineRoute, validateOrThrow } from '../../../http/route.js';
import { boundedString, INPUT_LIMITS, jsonAtMost } from '../../fields.js';
import { sampleValues, templateVariables } from '../sample-variables.js';
import { isEmailDocument, paramsSchema } from '../shared.js';

/** The answer: the rendered email and the variables the template type can use. */
export const EmailTemplatePreviewSchema = v.object({
  subject: v.string(),
  html: v.string(),
  text: v.string(),
  variables: v.array(v.object({ name: v.string(), description: v.string(), example: v.string() })),
});

/** Renders a template (stored, or the draft in the body) with example values. */
export const previewEmailTemplateRoute = defineRoute({
  method: 'POST',
  path: '/email-templates/:type/preview',
  summary: 'Renders an email template with example values (signet addition)',
  response: EmailTemplatePreviewSchema,
  access: ['admin'],
  // Writes nothing.
  writes: 'none',
  body: v.strictObject({
    subject: v.optional(boundedString(INPUT_LIMITS.text)),
    content: v.optional(v.pipe(v.record(v.string(), v.unknown()), jsonAtMost(INPUT_LIMITS.templateJson))),
  }),
  async handler({ ctx, auth, request, params, body, json }) {
    const { type } = validateOrThrow(request, 'params', paramsSchema, params);
    if (body.content !== undefined && !isEmailDocument(body.content)) {
      throw new StatusError(400, 'Invalid email template content');
    }
    const draft = body.content as EmailDocument | undefined;
    // Only what the draft leaves out is read from the project's template.
    const stored =
      body.subject === undefined || draft === undefined
        ? await loadTemplate(ctx.db, auth.project.id, type)
        : null;
    const subject = body.subject ?? stored?.subject ?? '';
    const content = draft ?? stored?.content ?? {};
    const variables = templateVariables(type, auth.project.displayName);
    const rendered = renderEmail(subject, content, sampleValues(variables));
    return json({ ...rendered, variables });
  },
});
