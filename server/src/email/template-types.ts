/** The four email templates of the wire (wire.md §4.11, §5.11) and their variables. */

/** A template's type, as the wire names it. */
export type EmailTemplateType = 'email_verification' | 'password_reset' | 'magic_link' | 'team_invitation';

/** Every template type, in the order `GET /email-templates` lists them. */
export const EMAIL_TEMPLATE_TYPES: readonly EmailTemplateType[] = [
  'email_verification',
  'password_reset',
  'magic_link',
  'team_invitation',
];

/** One block of an email-builder document: `{ type, data }`, keyed by block id in the document. */
export interface EmailBlock {
  type: string;
  data?: Record<string, unknown>;
}

/** An email-builder document: block id → block; `root` is the `EmailLayout` whose children are listed. */
export type EmailDocument = Record<string, EmailBlock>;

/** A template as stored or defaulted. */
export interface EmailTemplate {
  type: EmailTemplateType;
  subject: string;
  content: EmailDocument;
  isDefault: boolean;
}

/** Values substituted into `{{ name }}` placeholders. */
export type TemplateVariables = Record<string, string | null | undefined>;
