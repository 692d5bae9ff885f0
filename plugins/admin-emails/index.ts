/**
 * The admin-emails plugin: a project's email templates (read, edit, reset to the default), the
 * emails it sent, a template rendered with example values (a preview of a draft), and a test email
 * through an SMTP config before saving it.
 * `createApp({ superSecretAdminKey, plugins: [adminEmails()] })` gives `app.emails`.
 */
import { apiPath, pluginFactory } from '../../core/index.js';

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

interface TemplateJson {
  type: EmailTemplateType;
  subject: string;
  content: Record<string, unknown>;
  is_default: boolean;
}

interface SentEmailJson {
  id: string;
  subject: string;
  sent_at_millis: number;
  to: string[];
  sender_config: {
    type: string;
    host?: string;
    port?: number;
    username?: string;
    sender_name?: string;
    sender_email?: string;
  };
  error: unknown;
}

const templateFromJson = (t: TemplateJson): EmailTemplate => ({
  type: t.type,
  subject: t.subject,
  content: t.content,
  isDefault: t.is_default,
});

/** The admin-emails plugin (admin access). */
export const adminEmails = pluginFactory('emails', () => {
  return {
    access: 'admin',
    setup: (ctx): EmailsApi => {
      return {
        async listTemplates() {
          return (await ctx.call<{ items: TemplateJson[] }>('/email-templates')).items.map(templateFromJson);
        },
        async getTemplate(type) {
          return templateFromJson(await ctx.call<TemplateJson>(apiPath`/email-templates/${type}`));
        },
        async updateTemplate(type, update) {
          return templateFromJson(
            await ctx.call<TemplateJson>(apiPath`/email-templates/${type}`, {
              method: 'PATCH',
              body: update,
            }),
          );
        },
        previewTemplate(type, draft = {}) {
          return ctx.call<TemplatePreview>(apiPath`/email-templates/${type}/preview`, {
            method: 'POST',
            body: draft,
          });
        },
        async resetTemplate(type) {
          await ctx.call(apiPath`/email-templates/${type}`, { method: 'DELETE', body: {} });
        },
        async sentEmails() {
          const { items } = await ctx.call<{ items: SentEmailJson[] }>('/internal/emails');
          return items.map((e) => ({
            id: e.id,
            subject: e.subject,
            sentAt: e.sent_at_millis,
            to: e.to,
            senderConfig: {
              type: e.sender_config.type,
              host: e.sender_config.host,
              port: e.sender_config.port,
              username: e.sender_config.username,
              senderName: e.sender_config.sender_name,
              senderEmail: e.sender_config.sender_email,
            },
            error: e.error,
          }));
        },
        async sendTestEmail(recipient, config) {
          const json = await ctx.call<{ success: boolean; error_message?: string }>(
            '/internal/send-test-email',
            {
              method: 'POST',
              body: {
                recipient_email: recipient,
                email_config: {
                  host: config.host,
                  port: config.port,
                  username: config.username,
                  password: config.password,
                  sender_name: config.senderName,
                  sender_email: config.senderEmail,
                },
              },
            },
          );
          return json.success
            ? { success: true }
            : { success: false, errorMessage: json.error_message ?? 'Unknown error' };
        },
      };
    },
  };
});
