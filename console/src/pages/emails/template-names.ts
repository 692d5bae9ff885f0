/** What each email template is called on the page, and when it is sent. */
import type { EmailTemplateType } from 'signet/plugins/admin-emails';

/** The name and a line about each template type. */
export const TEMPLATE_NAMES: Record<EmailTemplateType, { name: string; when: string }> = {
  email_verification: { name: 'Email verification', when: 'Sent to confirm an email address.' },
  password_reset: { name: 'Password reset', when: 'Sent when someone asks to reset their password.' },
  magic_link: { name: 'Sign-in code', when: 'Sent with a one-time code and link to sign in.' },
  team_invitation: { name: 'Team invitation', when: 'Sent to invite someone to a team.' },
};
