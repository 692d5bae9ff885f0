/**
 * Webhooks: the endpoints events go to (add, edit, disable, delete), an endpoint's signing secret
 * (reveal, copy, rotate) and its delivery attempts, the recent messages, and resending either.
 */
import './webhooks.css';
import { useState } from 'react';
import type { WebhookEndpoint, WebhookEndpointInput } from 'signet/plugins/admin-webhooks';
import { Button } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import type { PageProps } from '../../shell/page.js';
import { EmptyState, LoadStatus, PageHeader, Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { useLoad } from '../../shell/use-load.js';
import { EndpointDetail } from './endpoint-detail.js';
import { EndpointForm } from './endpoint-form.js';
import { EndpointList } from './endpoint-list.js';
import { RecentMessages } from './recent-messages.js';

export default function WebhooksPage(_: PageProps) {
  const { app } = useProjectAdmin();
  const toast = useToast();
  const endpoints = useLoad(() => app.webhooks.listEndpoints(), [app]);
  const [adding, setAdding] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const list = endpoints.status === 'ready' ? endpoints.data : [];
  const selected = list.find((e) => e.id === selectedId) ?? null;

  const create = async (input: WebhookEndpointInput) => {
    const created = await app.webhooks.createEndpoint(input);
    endpoints.set([created, ...list]);
    setAdding(false);
    setSelectedId(created.id);
    toast('Endpoint added');
  };
  const changed = (endpoint: WebhookEndpoint) =>
    endpoints.set(list.map((e) => (e.id === endpoint.id ? endpoint : e)));
  const deleted = (endpoint: WebhookEndpoint) => {
    endpoints.set(list.filter((e) => e.id !== endpoint.id));
    setSelectedId(null);
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Your servers hear about sign-ups, user and team changes as they happen."
        actions={!adding && <Button onClick={() => setAdding(true)}>Add endpoint</Button>}
      />
      {adding && (
        <Section title="New endpoint">
          <EndpointForm submitLabel="Add endpoint" onSave={create} onCancel={() => setAdding(false)} />
        </Section>
      )}
      <Section title="Endpoints">
        <LoadStatus of={endpoints} loading="Loading endpoints" rows={3} what="The endpoints" />
        {endpoints.status === 'ready' &&
          (list.length === 0 ? (
            <EmptyState title="No endpoints yet">
              Add the URL of a receiver on your server to get events.
            </EmptyState>
          ) : (
            <EndpointList endpoints={list} selected={selectedId} onSelect={(e) => setSelectedId(e.id)} />
          ))}
      </Section>
      {selected && (
        <EndpointDetail key={selected.id} endpoint={selected} onChanged={changed} onDeleted={deleted} />
      )}
      <RecentMessages endpoints={list} />
    </>
  );
}
