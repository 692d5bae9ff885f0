/**
 * The values a template preview is rendered with: the variables each template type is sent with
 * (see the routes that send them), filled with examples, and the project's real display name.
 */
import type { EmailTemplateType, TemplateVariables } from '../../email/template-types.js';

/** One variable a template can use, with the example a preview shows for it. */
export interface TemplateVariable {
  name: string;
  description: string;
  example: string;
}

const SAMPLE_USER = 'Ada Lovelace';
const SAMPLE_LINK = 'https://example.com/handler';

/** The variables every template is sent with. */
function commonVariables(projectDisplayName: string): TemplateVariable[] {
  return [
    { name: 'projectDisplayName', description: "The project's display name", example: projectDisplayName },
    {
      name: 'userDisplayName',
      description: "The recipient's display name (may be empty)",
      example: SAMPLE_USER,
    },
    {
      name: 'userDisplayNameSuffix',
      description: '", " and the display name, or nothing when the recipient has none',
      example: `, ${SAMPLE_USER}`,
    },
  ];
}

/** The variables only `type` is sent with. */
const OWN_VARIABLES: Record<EmailTemplateType, TemplateVariable[]> = {
  email_verification: [
    {
      name: 'emailVerificationLink',
      description: 'The link that verifies the address',
      example: `${SAMPLE_LINK}/email-verification?code=sample`,
    },
  ],
  password_reset: [
    {
      name: 'passwordResetLink',
      description: 'The link to the page that sets a new password',
      example: `${SAMPLE_LINK}/password-reset?code=sample`,
    },
  ],
  magic_link: [
    {
      name: 'magicLink',
      description: 'The link that signs in',
      example: `${SAMPLE_LINK}/magic-link-callback?code=sample`,
    },
    { name: 'otp', description: 'The sign-in code to type', example: 'ABC123' },
  ],
  team_invitation: [
    {
      name: 'teamDisplayName',
      description: "The inviting team's display name",
      example: 'Analytical Engines',
    },
    {
      name: 'teamInvitationLink',
      description: 'The link that accepts the invitation',
      example: `${SAMPLE_LINK}/team-invitation?code=sample`,
    },
  ],
};

/** Every variable `type` is sent with, common ones first. */
export function templateVariables(type: EmailTemplateType, projectDisplayName: string): TemplateVariable[] {
  return [...commonVariables(projectDisplayName), ...OWN_VARIABLES[type]];
}

/** The variables as `renderEmail` takes them: name → example. */
export function sampleValues(variables: readonly TemplateVariable[]): TemplateVariables {
  return Object.fromEntries(variables.map((v) => [v.name, v.example]));
}
