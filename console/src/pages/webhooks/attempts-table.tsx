/** Delivery attempts: when, which event, the outcome, what the endpoint answered, and Resend. */
import type { WebhookAttempt } from 'signet/plugins/admin-webhooks';
import { Badge, Button } from 'signet/react';
import { TableFrame } from '../../shell/table-frame.js';
import { excerpt, formatWhen } from './format.js';

const STATUS_LABELS: Record<WebhookAttempt['status'], string> = {
  success: 'Delivered',
  pending: 'Pending',
  sending: 'Sending',
  fail: 'Failed',
  canceled: 'Canceled',
};

/** The table of `attempts`; `showUrl` adds the endpoint's URL (a message's attempts to every endpoint). */
export function AttemptsTable({
  attempts,
  caption,
  showUrl = false,
  resending,
  onResend,
}: {
  attempts: WebhookAttempt[];
  caption: string;
  showUrl?: boolean;
  /** The attempt whose message is being sent again. */
  resending: string | null;
  onResend: (attempt: WebhookAttempt) => void;
}) {
  return (
    <TableFrame
      caption={caption}
      columns={['When', 'Event', showUrl && 'Endpoint', 'Status', 'Response']}
      actions
    >
      {attempts.map((attempt) => (
        <tr key={attempt.id}>
          <td>{formatWhen(attempt.timestamp)}</td>
          <td>
            <code>{attempt.message?.eventType ?? attempt.messageId}</code>
          </td>
          {showUrl && <td className="console-webhooks-url">{attempt.url}</td>}
          <td>
            <Badge
              tone={attempt.status === 'success' ? 'ok' : attempt.status === 'fail' ? 'warn' : undefined}
            >
              {STATUS_LABELS[attempt.status]}
            </Badge>
            {attempt.trigger === 'manual' && <span className="console-muted"> (resent)</span>}
          </td>
          <td>
            <span className="console-webhooks-code">
              {attempt.responseStatusCode ? `HTTP ${attempt.responseStatusCode}` : 'No answer'}
            </span>{' '}
            <span className="console-muted">{attempt.responseDurationMs} ms</span>
            <div className="console-webhooks-response">{excerpt(attempt.response)}</div>
          </td>
          <td>
            <Button
              variant="secondary"
              loading={resending === attempt.id}
              onClick={() => onResend(attempt)}
              aria-label={`Resend the ${attempt.message?.eventType ?? ''} message of ${formatWhen(attempt.timestamp)}`}
            >
              Resend
            </Button>
          </td>
        </tr>
      ))}
    </TableFrame>
  );
}
