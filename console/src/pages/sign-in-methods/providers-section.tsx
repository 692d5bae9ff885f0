/**
 * The project's OAuth providers: each with its keys (shared or own), on or off, edit and remove
 * (confirmed); and adding one. In production mode a provider still on shared keys is flagged, as
 * the server refuses to sign anyone in through it.
 */
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, ConfirmButton, FieldError } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { EmptyState, Section } from '../../shell/states.js';
import { TableFrame } from '../../shell/table-frame.js';
import { useProjectUpdate } from '../settings/use-project-update.js';
import { ProviderForm } from './provider-form.js';
import { providerName } from './provider-names.js';
import { configuredProviders, type OAuthProvider, withoutProvider, withProvider } from './provider-update.js';

/** `returnTo` when focus goes back to "Add a provider" (no provider id is empty). */
const ADD_BUTTON = '';

/** Which form is open: none, adding, or editing the provider with that id. */
type Editing = null | { adding: true } | { id: string };

/** The OAuth providers section. */
export function ProvidersSection() {
  const { project } = useProjectAdmin();
  const [editing, setEditing] = useState<Editing>(null);
  // After an edit closes, focus goes back to that row's Edit button, not to the top of the page.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const providers = configuredProviders(project.config.oauthProviders);
  const adding = editing !== null && 'adding' in editing;
  const addButton = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!adding && returnTo === ADD_BUTTON) addButton.current?.querySelector('button')?.focus();
  }, [adding, returnTo]);
  return (
    <Section
      title="OAuth providers"
      actions={
        !adding && (
          <span ref={addButton}>
            <Button variant="secondary" onClick={() => setEditing({ adding: true })}>
              Add a provider
            </Button>
          </span>
        )
      }
    >
      {adding && (
        <div className="console-sign-in-form">
          <ProviderForm
            onDone={() => {
              setReturnTo(ADD_BUTTON);
              setEditing(null);
            }}
          />
        </div>
      )}
      {providers.length === 0 ? (
        !adding && (
          <EmptyState title="No OAuth providers yet">
            Add one so people can sign in with Google, GitHub, Microsoft and others.
          </EmptyState>
        )
      ) : (
        <TableFrame columns={['Provider', 'Keys', 'Status']} actions>
          {providers.map((provider) =>
            editing && 'id' in editing && editing.id === provider.id ? (
              <tr key={provider.id}>
                <td colSpan={4}>
                  <ProviderForm
                    provider={provider}
                    onDone={() => {
                      setReturnTo(provider.id);
                      setEditing(null);
                    }}
                  />
                </td>
              </tr>
            ) : (
              <ProviderRow
                key={provider.id}
                provider={provider}
                refocus={returnTo === provider.id}
                onEdit={() => setEditing({ id: provider.id })}
              />
            ),
          )}
        </TableFrame>
      )}
    </Section>
  );
}

function ProviderRow({
  provider,
  refocus,
  onEdit,
}: {
  provider: OAuthProvider;
  refocus: boolean;
  onEdit(): void;
}) {
  const actions = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refocus) actions.current?.querySelector<HTMLButtonElement>('[data-edit]')?.focus();
  }, [refocus]);
  const { project } = useProjectAdmin();
  const { save, saving } = useProjectUpdate();
  const [error, setError] = useState<string | null>(null);
  const name = providerName(provider.id);
  const refused = project.isProductionMode && provider.enabled && provider.type === 'shared';
  const toggle = async () => {
    const next = { ...provider, enabled: !provider.enabled };
    setError(
      await save(
        { config: { oauthProviders: withProvider(project.config.oauthProviders, next) } },
        next.enabled ? `${name} turned on` : `${name} turned off`,
      ),
    );
  };
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        {provider.type === 'shared' ? 'Shared development keys' : 'Own keys'}
        {refused && (
          <p className="console-sign-in-warning">Refused in production mode: set up your own {name} keys.</p>
        )}
      </td>
      <td>{provider.enabled ? <Badge tone="ok">On</Badge> : <Badge>Off</Badge>}</td>
      <td>
        <div ref={actions} className="console-sign-in-row-actions">
          <Button
            variant="secondary"
            loading={saving}
            onClick={toggle}
            aria-label={`${provider.enabled ? 'Turn off' : 'Turn on'} ${name}`}
          >
            {provider.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button data-edit variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <ConfirmButton
            label={`Remove ${name}`}
            question={`Remove ${name}? Nobody can sign in with ${name} any more, and its keys are forgotten.`}
            confirmLabel={`Yes, remove ${name}`}
            onConfirm={async () => {
              setError(
                await save(
                  { config: { oauthProviders: withoutProvider(project.config.oauthProviders, provider.id) } },
                  `${name} removed`,
                ),
              );
            }}
          />
        </div>
        <FieldError>{error}</FieldError>
      </td>
    </tr>
  );
}
