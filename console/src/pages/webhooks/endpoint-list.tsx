/** The project's endpoints in a table; Manage opens one. */
import type { WebhookEndpoint } from 'signet/plugins/admin-webhooks';
import { Badge, Button } from 'signet/react';
import { TableFrame } from '../../shell/table-frame.js';
import { describeEvents } from './event-types.js';

/** The table of `endpoints`; the one `selected` is marked. */
export function EndpointList({
  endpoints,
  selected,
  onSelect,
}: {
  endpoints: WebhookEndpoint[];
  selected: string | null;
  onSelect: (endpoint: WebhookEndpoint) => void;
}) {
  return (
    <TableFrame caption="Webhook endpoints" columns={['URL', 'Description', 'Events', 'State']} actions>
      {endpoints.map((endpoint) => (
        <tr key={endpoint.id} aria-current={selected === endpoint.id ? 'true' : undefined}>
          <td className="console-webhooks-url">{endpoint.url}</td>
          <td>{endpoint.description || <span className="console-muted">None</span>}</td>
          <td>{describeEvents(endpoint.eventTypes)}</td>
          <td>
            {endpoint.disabled ? <Badge tone="warn">Disabled</Badge> : <Badge tone="ok">Enabled</Badge>}
          </td>
          <td>
            <Button
              variant="secondary"
              onClick={() => onSelect(endpoint)}
              aria-label={`Manage ${endpoint.url}`}
              aria-pressed={selected === endpoint.id}
            >
              Manage
            </Button>
          </td>
        </tr>
      ))}
    </TableFrame>
  );
}
