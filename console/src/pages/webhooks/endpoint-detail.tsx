/** One endpoint: its facts, edit, disable or enable, delete, its signing secret and its attempts. */
import { useState } from 'react';
import type { WebhookEndpoint, WebhookEndpointInput } from 'signet/plugins/admin-webhooks';
import { Actions, Badge, Button, ConfirmButton } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { EmptyState, LoadStatus, Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf, useLoad } from '../../shell/use-load.js';
import { AttemptsTable } from './attempts-table.js';
import { EndpointForm } from './endpoint-form.js';
import { describeEvents } from './event-types.js';
import { SigningSecret } from './signing-secret.js';
import { useResend } from './use-resend.js';

/** The detail of `endpoint`; `onChanged` gets it after an edit, `onDeleted` after a delete. */
export function EndpointDetail({
  endpoint,
  onChanged,
  onDeleted,
}: {
  endpoint: WebhookEndpoint;
  onChanged: (endpoint: WebhookEndpoint) => void;
  onDeleted: (endpoint: WebhookEndpoint) => void;
}) {
  const { app } = useProjectAdmin();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [switching, setSwitching] = useState(false);
  const attempts = useLoad(() => app.webhooks.listAttempts(endpoint.id, { limit: 20 }), [app, endpoint.id]);
  const { resending, resend } = useResend(attempts.reload);

  const save = async (input: WebhookEndpointInput) => {
    onChanged(await app.webhooks.updateEndpoint(endpoint.id, input));
    setEditing(false);
    toast('Endpoint saved');
  };
  const setDisabled = async (disabled: boolean) => {
    setSwitching(true);
    try {
      onChanged(await app.webhooks.updateEndpoint(endpoint.id, { disabled }));
      toast(disabled ? 'Endpoint disabled' : 'Endpoint enabled');
    } catch (error) {
      toast(`The endpoint could not be changed. ${messageOf(error)}`, 'error');
    } finally {
      setSwitching(false);
    }
  };
  const remove = async () => {
    try {
      await app.webhooks.deleteEndpoint(endpoint.id);
      toast('Endpoint deleted');
      onDeleted(endpoint);
    } catch (error) {
      toast(`The endpoint could not be deleted. ${messageOf(error)}`, 'error');
    }
  };

  return (
    <Section title="Endpoint">
      {editing ? (
        <EndpointForm
          initial={endpoint}
          submitLabel="Save endpoint"
          onSave={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <dl className="console-webhooks-facts">
            <dt>URL</dt>
            <dd className="console-webhooks-url">{endpoint.url}</dd>
            <dt>Description</dt>
            <dd>{endpoint.description || <span className="console-muted">None</span>}</dd>
            <dt>Events</dt>
            <dd>{describeEvents(endpoint.eventTypes)}</dd>
            <dt>State</dt>
            <dd>
              {endpoint.disabled ? <Badge tone="warn">Disabled</Badge> : <Badge tone="ok">Enabled</Badge>}
            </dd>
          </dl>
          <Actions>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="secondary" loading={switching} onClick={() => setDisabled(!endpoint.disabled)}>
              {endpoint.disabled ? 'Enable' : 'Disable'}
            </Button>
            <ConfirmButton
              label="Delete endpoint"
              question={`Delete the endpoint ${endpoint.url}? It receives no more events, and its history goes with it.`}
              confirmLabel="Yes, delete"
              onConfirm={remove}
            />
          </Actions>
        </>
      )}
      <SigningSecret endpointId={endpoint.id} />
      <div className="console-section-header">
        <h3>Recent attempts</h3>
        <Button variant="secondary" onClick={attempts.reload}>
          Refresh attempts
        </Button>
      </div>
      <LoadStatus of={attempts} loading="Loading attempts" rows={3} what="The attempts" />
      {attempts.status === 'ready' &&
        (attempts.data.items.length === 0 ? (
          <EmptyState title="No attempts yet">
            Events sent to this endpoint show here, with its answers.
          </EmptyState>
        ) : (
          <AttemptsTable
            attempts={attempts.data.items}
            caption={`Recent attempts to ${endpoint.url}`}
            resending={resending}
            onResend={resend}
          />
        ))}
    </Section>
  );
}
