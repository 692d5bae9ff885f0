/** Sends a message to an endpoint the admin picks: one that never got it, or one that did again. */
import { useId, useState } from 'react';
import type { WebhookEndpoint } from 'signet/plugins/admin-webhooks';
import { Button } from 'signet/react';

/**
 * A choice of the project's endpoints (the list the page already loaded) and a Send button;
 * nothing when there are none.
 */
export function SendToEndpoint({
  endpoints,
  sending,
  onSend,
}: {
  endpoints: readonly WebhookEndpoint[];
  sending: boolean;
  onSend: (endpointId: string) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  if (endpoints.length === 0) return null;
  // An endpoint deleted since it was chosen is no choice: fall back to the first.
  const selected = endpoints.some((e) => e.id === chosen) ? chosen! : endpoints[0]!.id;
  return (
    <div className="console-webhooks-send">
      <label htmlFor={selectId}>Send this message to</label>
      <select id={selectId} value={selected} onChange={(event) => setChosen(event.target.value)}>
        {endpoints.map((endpoint) => (
          <option key={endpoint.id} value={endpoint.id}>
            {endpoint.description ? `${endpoint.description} (${endpoint.url})` : endpoint.url}
          </option>
        ))}
      </select>
      <Button variant="secondary" loading={sending} onClick={() => onSend(selected)}>
        Send
      </Button>
    </div>
  );
}
