/** The emails the project sent lately: to whom, what, when, and whether delivery worked. */
import type { SentEmail } from 'signet/plugins/admin-emails';
import { Badge, Button } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { EmptyState, LoadStatus, Section } from '../../shell/states.js';
import { TableFrame } from '../../shell/table-frame.js';
import { useLoad } from '../../shell/use-load.js';

/** A delivery error in words, whatever shape the server recorded it in. */
export function deliveryError(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const { message, errorMessage } = error as { message?: unknown; errorMessage?: unknown };
    if (typeof errorMessage === 'string') return errorMessage;
    if (typeof message === 'string') return message;
  }
  return JSON.stringify(error);
}

/** The sent emails section; `round` changes when a test email was just sent. */
export function SentEmails({ round }: { round: number }) {
  const { app } = useProjectAdmin();
  const emails = useLoad(() => app.emails.sentEmails(), [app, round]);
  return (
    <Section
      title="Sent emails"
      actions={
        <Button variant="secondary" onClick={emails.reload}>
          Refresh sent emails
        </Button>
      }
    >
      <LoadStatus of={emails} loading="Loading sent emails" rows={3} what="The sent emails" />
      {emails.status === 'ready' &&
        (emails.data.length === 0 ? (
          <EmptyState title="No emails sent yet">
            Verification, password reset, sign-in and invitation emails show here once they are sent.
          </EmptyState>
        ) : (
          <TableFrame caption="The latest 100 emails sent" columns={['To', 'Subject', 'Sent', 'Status']}>
            {emails.data.map((email: SentEmail) => (
              <tr key={email.id}>
                <td className="console-emails-to">{email.to.join(', ')}</td>
                <td>{email.subject}</td>
                <td>
                  {new Date(email.sentAt).toLocaleString(undefined, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </td>
                <td>
                  {email.error == null ? (
                    <Badge tone="ok">Sent</Badge>
                  ) : (
                    <>
                      <Badge tone="warn">Failed</Badge>
                      <div className="console-emails-error">{deliveryError(email.error)}</div>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </TableFrame>
        ))}
    </Section>
  );
}
