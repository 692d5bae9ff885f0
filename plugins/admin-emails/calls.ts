/**
 * The admin-emails plugin's calls: each request and the conversion of its answer. `adminEmails()`
 * loads this module on the first call.
 */
import { apiPath, type PluginContext } from '../../core/index.js';
import type { EmailsApi, EmailTemplate, EmailTemplateType, TemplatePreview } from './index.js';

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

/** `EmailsApi` for one app. */
export function emailsCalls(ctx: PluginContext): EmailsApi {
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
      const json = await ctx.call<{ success: boolean; error_message?: string }>('/internal/send-test-email', {
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
      });
      return json.success
        ? { success: true }
        : { success: false, errorMessage: json.error_message ?? 'Unknown error' };
    },
  };
}
