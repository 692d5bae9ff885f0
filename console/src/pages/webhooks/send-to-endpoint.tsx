/** Sends a message to an endpoint the admin picks: one that never got it, or one that did again. */
import { useId, useState } from 'react';
import { Button } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { LoadError } from '../../shell/states.js';
import { useLoad } from '../../shell/use-load.js';

/** A choice of the project's endpoints and a Send button; nothing while they load or when none. */
export function SendToEndpoint({
  sending,
  onSend,
}: {
  sending: boolean;
  onSend: (endpointId: string) => void;
}) {
  const { app } = useProjectAdmin();
  const endpoints = useLoad(() => app.webhooks.listEndpoints(), [app]);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  if (endpoints.status === 'loading') return null;
  if (endpoints.status === 'error')
    return <LoadError what="The endpoints" error={endpoints.error} onRetry={endpoints.reload} />;
  if (endpoints.data.length === 0) return null;
  const selected = chosen ?? endpoints.data[0]!.id;
  return (
    <div className="console-webhooks-send">
      <label htmlFor={selectId}>Send this message to</label>
      <select id={selectId} value={selected} onChange={(event) => setChosen(event.target.value)}>
        {endpoints.data.map((endpoint) => (
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
