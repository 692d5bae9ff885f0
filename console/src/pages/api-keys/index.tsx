/**
 * API keys: create a key set (description, expiry, which keys), see its keys once, list the key
 * sets by their last four characters, revoke one.
 */
import './api-keys.css';
import { useState } from 'react';
import type { ApiKey, CreatedApiKey } from 'signet/plugins/admin-api-keys';
import { Button } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import type { PageProps } from '../../shell/page.js';
import { EmptyState, LoadStatus, PageHeader, Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf, useLoad } from '../../shell/use-load.js';
import { CreateKeyForm } from './create-key-form.js';
import { KeyList } from './key-list.js';
import { NewKeys } from './new-keys.js';

export default function ApiKeysPage(_: PageProps) {
  const { app, projectId } = useProjectAdmin();
  const toast = useToast();
  const keys = useLoad(() => app.apiKeys.list(), [app]);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const onCreated = (key: CreatedApiKey) => {
    setCreating(false);
    setCreated(key);
    keys.reload();
    toast('API keys created');
  };
  const revoke = async (key: ApiKey) => {
    try {
      const revoked = await app.apiKeys.revoke(key.id);
      if (keys.status === 'ready') keys.set(keys.data.map((k) => (k.id === revoked.id ? revoked : k)));
      toast(`Keys “${key.description}” revoked`);
    } catch (error) {
      toast(`The keys could not be revoked. ${messageOf(error)}`, 'error');
    }
  };

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys your apps and servers use to call this project's API."
        actions={
          !creating && (
            <Button onClick={() => setCreating(true)} disabled={created !== null}>
              Create API keys
            </Button>
          )
        }
      />
      {created && <NewKeys projectId={projectId} created={created} onDismiss={() => setCreated(null)} />}
      {creating && (
        <Section title="New API keys">
          <CreateKeyForm onCreated={onCreated} onCancel={() => setCreating(false)} />
        </Section>
      )}
      <Section title="Key sets">
        <LoadStatus of={keys} loading="Loading API keys" what="The API keys" />
        {keys.status === 'ready' &&
          (keys.data.length === 0 ? (
            <EmptyState title="No API keys yet">
              Create keys for your app's backend, or for a browser app that uses its own sign-in pages.
            </EmptyState>
          ) : (
            <KeyList keys={keys.data} onRevoke={revoke} />
          ))}
      </Section>
    </>
  );
}
