/**
 * The project's recent messages; each opens its attempts to every endpoint, with Resend, and can be
 * sent to any endpoint (one added, re-enabled or refiltered since it was made included).
 */
import { Fragment, useState } from 'react';
import type { WebhookEndpoint, WebhookMessage } from 'signet/plugins/admin-webhooks';
import { Button } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { EmptyState, LoadError, LoadingRows, LoadStatus, Section } from '../../shell/states.js';
import { TableFrame } from '../../shell/table-frame.js';
import { useLoad } from '../../shell/use-load.js';
import { AttemptsTable } from './attempts-table.js';
import { formatWhen } from './format.js';
import { SendToEndpoint } from './send-to-endpoint.js';
import { useResend } from './use-resend.js';

/** The attempts of one message, and a choice of `endpoints` to send it to. */
function MessageAttempts({
  message,
  endpoints,
}: {
  message: WebhookMessage;
  endpoints: readonly WebhookEndpoint[];
}) {
  const { app } = useProjectAdmin();
  const attempts = useLoad(
    () => app.webhooks.listMessageAttempts(message.id, { limit: 50 }),
    [app, message.id],
  );
  const { resending, resend, sendTo } = useResend(attempts.reload);
  if (attempts.status === 'loading') return <LoadingRows label="Loading attempts" rows={2} />;
  if (attempts.status === 'error')
    return <LoadError what="The attempts" error={attempts.error} onRetry={attempts.reload} />;
  const sendToEndpoint = (
    <SendToEndpoint
      endpoints={endpoints}
      sending={resending === message.id}
      onSend={(endpointId) => sendTo(message.id, endpointId)}
    />
  );
  if (attempts.data.items.length === 0)
    return (
      <>
        <p className="console-muted">No endpoint was sent this message (none listened to its event).</p>
        {sendToEndpoint}
      </>
    );
  return (
    <>
      <AttemptsTable
        attempts={attempts.data.items.map((a) => ({ ...a, message: a.message ?? message }))}
        caption={`Attempts of the ${message.eventType} message`}
        showUrl
        resending={resending}
        onResend={resend}
      />
      {sendToEndpoint}
    </>
  );
}

/** The latest messages, newest first; each can be sent to any of `endpoints` (the page's list). */
export function RecentMessages({ endpoints }: { endpoints: readonly WebhookEndpoint[] }) {
  const { app } = useProjectAdmin();
  const messages = useLoad(() => app.webhooks.listMessages({ limit: 20 }), [app]);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Section
      title="Recent messages"
      actions={
        <Button variant="secondary" onClick={messages.reload}>
          Refresh messages
        </Button>
      }
    >
      <LoadStatus of={messages} loading="Loading messages" rows={3} what="The messages" />
      {messages.status === 'ready' &&
        (messages.data.items.length === 0 ? (
          <EmptyState title="No messages yet">
            A message is made for each event (a sign-up, a team change) while an endpoint exists.
          </EmptyState>
        ) : (
          <TableFrame caption="Recent webhook messages" columns={['When', 'Event', 'Message ID']} actions>
            {messages.data.items.map((message) => (
              <Fragment key={message.id}>
                <tr>
                  <td>{formatWhen(message.timestamp)}</td>
                  <td>
                    <code>{message.eventType}</code>
                  </td>
                  <td>
                    <code className="console-webhooks-id">{message.id}</code>
                  </td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-expanded={open === message.id}
                      onClick={() => setOpen(open === message.id ? null : message.id)}
                    >
                      {open === message.id ? 'Hide attempts' : 'Show attempts'}
                    </Button>
                  </td>
                </tr>
                {open === message.id && (
                  <tr>
                    <td colSpan={4}>
                      <MessageAttempts message={message} endpoints={endpoints} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </TableFrame>
        ))}
    </Section>
  );
}
