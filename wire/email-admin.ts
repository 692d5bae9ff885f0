/** Wire shapes of a project's email templates and sent emails (wire.md §5.11, §5.12). */
import * as v from 'valibot';

/** One email template; `content` is an email-builder document whose keys are block ids. */
export const EmailTemplateSchema = v.object({
  type: v.picklist(['email_verification', 'password_reset', 'magic_link', 'team_invitation']),
  subject: v.string(),
  content: v.record(v.string(), v.unknown()),
  is_default: v.boolean(),
});

/** One sent email, without the SMTP password. */
export const SentEmailSchema = v.object({
  id: v.string(),
  subject: v.string(),
  sent_at_millis: v.number(),
  to: v.array(v.string()),
  sender_config: v.object({
    type: v.string(),
    host: v.optional(v.string()),
    port: v.optional(v.number()),
    username: v.optional(v.string()),
    sender_name: v.optional(v.string()),
    sender_email: v.optional(v.string()),
  }),
  error: v.unknown(),
});

/** `POST /internal/send-test-email`. */
export const TestEmailResultSchema = v.object({
  success: v.boolean(),
  error_message: v.optional(v.string()),
});
