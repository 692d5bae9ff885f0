/** A project's email templates: its customised ones from the database, the defaults otherwise. */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { emailTemplates } from '../db/schema.js';
import { DEFAULT_TEMPLATES } from './default-templates.js';
import {
  EMAIL_TEMPLATE_TYPES,
  type EmailDocument,
  type EmailTemplate,
  type EmailTemplateType,
} from './template-types.js';

/** True when `type` names one of the four template types. */
export function isTemplateType(type: string): type is EmailTemplateType {
  return (EMAIL_TEMPLATE_TYPES as readonly string[]).includes(type);
}

/** The template `type` of `projectId`: the customised one, or the default. */
export async function loadTemplate(
  db: Database,
  projectId: string,
  type: EmailTemplateType,
): Promise<EmailTemplate> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.projectId, projectId), eq(emailTemplates.type, type)));
  if (row) return { type, subject: row.subject, content: row.content as EmailDocument, isDefault: false };
  return { type, ...DEFAULT_TEMPLATES[type], isDefault: true };
}

/** Every template of `projectId`, in wire order, defaults filled in. */
export async function loadAllTemplates(db: Database, projectId: string): Promise<EmailTemplate[]> {
  const rows = await db.select().from(emailTemplates).where(eq(emailTemplates.projectId, projectId));
  return EMAIL_TEMPLATE_TYPES.map((type) => {
    const row = rows.find((r) => r.type === type);
    return row
      ? { type, subject: row.subject, content: row.content as EmailDocument, isDefault: false }
      : { type, ...DEFAULT_TEMPLATES[type], isDefault: true };
  });
}

/** The wire shape of a template (wire.md §5.11). */
export function templateView(template: EmailTemplate) {
  return {
    type: template.type,
    subject: template.subject,
    content: template.content,
    is_default: template.isDefault,
  };
}
