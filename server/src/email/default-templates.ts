/**
 * The default email of each template type: subject (wire.md §5.11) and an email-builder document.
 * The sign-in code stands on a line of its own so a reader (or a test) finds it at a glance.
 */
import type { EmailDocument, EmailTemplateType } from './template-types.js';

/** Builds a layout document from blocks in order. */
function layout(blocks: Array<{ type: string; data: Record<string, unknown> }>): EmailDocument {
  const doc: EmailDocument = {};
  const ids = blocks.map((block, i) => {
    const id = `block-${i + 1}`;
    doc[id] = block;
    return id;
  });
  doc.root = { type: 'EmailLayout', data: { childrenIds: ids } };
  return doc;
}

const heading = (text: string) => ({ type: 'Heading', data: { props: { text, level: 'h2' } } });
const text = (body: string) => ({ type: 'Text', data: { props: { text: body } } });
const button = (label: string, url: string) => ({ type: 'Button', data: { props: { text: label, url } } });

/** Default subject and content per template type. */
export const DEFAULT_TEMPLATES: Record<EmailTemplateType, { subject: string; content: EmailDocument }> = {
  email_verification: {
    subject: 'Verify your email at {{ projectDisplayName }}',
    content: layout([
      heading('Verify your email at {{ projectDisplayName }}'),
      text('Hi{{ userDisplayNameSuffix }}, please confirm this email address by opening the link below.'),
      button('Verify my email', '{{ emailVerificationLink }}'),
      text('If you did not sign up, you can ignore this email.'),
    ]),
  },
  password_reset: {
    subject: 'Reset your password at {{ projectDisplayName }}',
    content: layout([
      heading('Reset your password at {{ projectDisplayName }}'),
      text(
        'Hi{{ userDisplayNameSuffix }}, someone asked to reset the password of this account. Open the link below to choose a new one.',
      ),
      button('Reset my password', '{{ passwordResetLink }}'),
      text('If it was not you, ignore this email: your password stays as it is.'),
    ]),
  },
  magic_link: {
    subject: 'Sign in to {{ projectDisplayName }}: Your code is {{ otp }}',
    content: layout([
      heading('Sign in to {{ projectDisplayName }}'),
      text('Enter this code on the sign-in page:'),
      { type: 'Code', data: { props: { text: '{{ otp }}' } } },
      text('Or open this link to sign in directly:'),
      button('Sign in', '{{ magicLink }}'),
      text('The code is valid for 10 minutes. If you did not try to sign in, ignore this email.'),
    ]),
  },
  team_invitation: {
    subject: 'You have been invited to join {{ teamDisplayName }}',
    content: layout([
      heading('Join {{ teamDisplayName }}'),
      text('You have been invited to join {{ teamDisplayName }} at {{ projectDisplayName }}.'),
      button('Accept the invitation', '{{ teamInvitationLink }}'),
    ]),
  },
};

/**
 * The sign-in email's default content for SDKs at or below `@stackframe/stack` 2.5.37, which could
 * not take a typed code: the link only (the reference's version 1 of the template). The subject is
 * the same as the current one, as the reference keeps one subject for both versions.
 */
export const LEGACY_MAGIC_LINK_CONTENT: EmailDocument = layout([
  heading('Sign in to {{ projectDisplayName }}'),
  text('Hi{{ userDisplayNameSuffix }}! Please click on the following button to sign in.'),
  button('Sign in', '{{ magicLink }}'),
  text('If you were not expecting this email, you can safely ignore it.'),
]);
