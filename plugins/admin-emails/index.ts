/**
 * The admin-emails plugin: a project's email templates (read, edit, reset to the default), the
 * emails it sent, a template rendered with example values (a preview of a draft), and a test email
 * through an SMTP config before saving it.
 * `createApp({ superSecretAdminKey, plugins: [adminEmails()] })` gives `app.emails`.
 */
import { apiPath, loadedCalls, loadOnce, pluginFactory } from '../../core/index.js';

/** The emails a project sends (wire.md §5.11). */
export type EmailTemplateType = 'email_verification' | 'password_reset' | 'magic_link' | 'team_invitation';

/** A template: its subject (Handlebars) and its email-builder document. */
export interface EmailTemplate {
  type: EmailTemplateType;
  subject: string;
  /** Block id → `{type, data}`; the `root` block is the layout. Keys are the document's own. */
  content: Record<string, unknown>;
  /** True while the project uses the default. */
  isDefault: boolean;
}

/** One sent email (wire.md §5.12). */
export interface SentEmail {
  id: string;
  subject: string;
  sentAt: number;
  to: string[];
  senderConfig: {
    type: string;
    host?: string;
    port?: number;
    username?: string;
    senderName?: string;
    senderEmail?: string;
  };
  /** Why delivery failed, or null. */
  error: unknown;
}

/** A variable a template can use, and the example value a preview shows for it. */
export interface TemplateVariable {
  name: string;
  description: string;
  example: string;
}

/** A template rendered with example values: what a recipient would get. */
export interface TemplatePreview {
  subject: string;
  /** A whole HTML document, written by the template's author: show it only in a sandboxed frame. */
  html: string;
  text: string;
  /** Every variable the template type is sent with. */
  variables: TemplateVariable[];
}

/** An SMTP config to try. */
export interface SmtpConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  senderName: string;
  senderEmail: string;
}

/** `app.emails`. */
export interface EmailsApi {
  /** Every template, defaults filled in. */
  listTemplates(): Promise<EmailTemplate[]>;
  /** One template. */
  getTemplate(type: EmailTemplateType): Promise<EmailTemplate>;
  /** Edits a template (needs the project's own SMTP config). */
  updateTemplate(
    type: EmailTemplateType,
    update: { subject?: string; content?: Record<string, unknown> },
  ): Promise<EmailTemplate>;
  /**
   * Renders a template with example values, saving nothing (`POST /email-templates/{type}/preview`,
   * a signet addition). `draft` replaces the stored subject and/or content for this render.
   */
  previewTemplate(
    type: EmailTemplateType,
    draft?: { subject?: string; content?: Record<string, unknown> },
  ): Promise<TemplatePreview>;
  /** Goes back to the default template. */
  resetTemplate(type: EmailTemplateType): Promise<void>;
  /** The latest 100 emails sent, newest first. */
  sentEmails(): Promise<SentEmail[]>;
  /** Sends a test email through `config`; resolves with the SMTP server's refusal, if any. */
  sendTestEmail(
    recipient: string,
    config: SmtpConfig,
  ): Promise<{ success: true } | { success: false; errorMessage: string }>;
}

/** The admin-emails plugin (admin access). */
export const adminEmails = pluginFactory('emails', () => {
  return {
    access: 'admin',
    setup: (ctx): EmailsApi => {
      // Each call's request and conversions are loaded on the first call.
      const loaded = loadOnce(async () => (await import('./calls.js')).emailsCalls(ctx));
      return {
        ...loadedCalls(loaded, [
          'listTemplates',
          'getTemplate',
          'updateTemplate',
          'resetTemplate',
          'sentEmails',
          'sendTestEmail',
        ]),
        // Not async, as before: a type no URL can carry throws here, before any loading.
        previewTemplate: (type, draft) => {
          apiPath`/email-templates/${type}/preview`;
          return loaded().then((calls) => calls.previewTemplate(type, draft));
        },
      };
    },
  };
});
