/** The emails the project sent lately: to whom, what, when, and whether delivery worked. */
import type { SentEmail } from 'signet/plugins/admin-emails';
import { Badge, Button } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { EmptyState, LoadError, LoadingRows, Section } from '../../shell/states.js';
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
      {emails.status === 'loading' && <LoadingRows label="Loading sent emails" rows={3} />}
      {emails.status === 'error' && (
        <LoadError what="The sent emails" error={emails.error} onRetry={emails.reload} />
      )}
      {emails.status === 'ready' &&
        (emails.data.length === 0 ? (
          <EmptyState title="No emails sent yet">
            Verification, password reset, sign-in and invitation emails show here once they are sent.
          </EmptyState>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table">
              <caption className="console-visually-hidden">The latest 100 emails sent</caption>
              <thead>
                <tr>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </table>
          </div>
        ))}
    </Section>
  );
}
