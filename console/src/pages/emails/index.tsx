/**
 * Emails: the email server (shared, or the project's own SMTP server tested before saving), the
 * four templates edited with the server's live preview, and the log of sent emails.
 */
import './emails.css';
import { useState } from 'react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import type { PageProps } from '../../shell/page.js';
import { PageHeader, Section } from '../../shell/states.js';
import { EmailServerForm } from './email-server-form.js';
import { SentEmails } from './sent-emails.js';
import { TemplatesSection } from './templates-section.js';

export default function EmailsPage(_: PageProps) {
  const { project } = useProjectAdmin();
  // A test email goes into the log: load it again after one.
  const [sentRound, setSentRound] = useState(0);
  return (
    <>
      <PageHeader
        title="Emails"
        description="Where your project's emails come from, what they say, and what was sent."
      />
      <Section title="Email server">
        <EmailServerForm onTested={() => setSentRound((n) => n + 1)} />
      </Section>
      <TemplatesSection canSave={project.config.emailConfig.type === 'standard'} />
      <SentEmails round={sentRound} />
    </>
  );
}
