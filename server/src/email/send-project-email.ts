/**
 * Sends one templated email for a project: its template (custom or default), the common variables
 * (projectDisplayName, userDisplayName) plus the type's own, through the project's email config.
 */
import type { ProjectRow } from '../db/schema.js';
import type { ServerContext } from '../services/context.js';
import type { EmailConfig, SentEmail } from './mail-store.js';
import { loadTemplate } from './project-templates.js';
import { renderEmail } from './render.js';
import { sendEmail } from './send-email.js';
import type { EmailDocument, EmailTemplateType, TemplateVariables } from './template-types.js';

/** What to send. */
export interface ProjectEmail {
  type: EmailTemplateType;
  to: string;
  /** The recipient's display name, when the recipient is a user who has one. */
  userDisplayName?: string | null;
  /** The type's own variables (links, the one-time code). */
  variables: TemplateVariables;
  /**
   * The content to send instead of the type's default when the project has not customised the
   * template (the legacy sign-in email of old SDKs); a customised template is always used as is.
   */
  defaultContent?: EmailDocument;
}

/** The project's email config; anything unreadable falls back to the shared outbox. */
export function emailConfigOf(project: ProjectRow): EmailConfig {
  const config = project.emailConfig as Partial<EmailConfig> | null;
  return config?.type === 'standard' ? (config as EmailConfig) : { type: 'shared' };
}

/** Renders and sends `email`; resolves once it is recorded (SMTP failures are recorded, not thrown). */
export async function sendProjectEmail(
  ctx: ServerContext,
  project: ProjectRow,
  email: ProjectEmail,
): Promise<SentEmail> {
  const template = await loadTemplate(ctx.db, project.id, email.type);
  const name = email.userDisplayName ?? '';
  const content = template.isDefault && email.defaultContent ? email.defaultContent : template.content;
  const rendered = renderEmail(template.subject, content, {
    projectDisplayName: project.displayName,
    userDisplayName: name,
    // The default templates greet "Hi, Ada" or just "Hi".
    userDisplayNameSuffix: name ? `, ${name}` : '',
    ...email.variables,
  });
  return sendEmail(ctx.mail, {
    projectId: project.id,
    productionMode: project.isProductionMode,
    config: emailConfigOf(project),
    projectDisplayName: project.displayName,
    sharedSender: ctx.sharedEmailSender,
    to: email.to,
    email: rendered,
    now: ctx.now(),
  });
}
