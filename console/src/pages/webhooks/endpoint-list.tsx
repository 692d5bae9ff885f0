/** The project's endpoints in a table; Manage opens one. */
import type { WebhookEndpoint } from 'signet/plugins/admin-webhooks';
import { Badge, Button } from 'signet/react';
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
    <div className="console-table-wrap">
      <table className="console-table">
        <caption className="console-visually-hidden">Webhook endpoints</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Description</th>
            <th scope="col">Events</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="console-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}
