/**
 * Adding or editing an OAuth provider: which provider, shared development keys or the project's
 * own, and for own keys the callback URL to paste at the provider (copyable), the client id and
 * secret, and the extra field some providers take.
 */
import { useId, useState } from 'react';
import { Form, FormError, Note, PasswordField, Stack, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { CopyField } from '../../shell/copy-button.js';
import { FormButtons } from '../../shell/form-buttons.js';
import { useProjectUpdate } from '../settings/use-project-update.js';
import { callbackUrl, canUseSharedKeys, extraField, PROVIDER_IDS, providerName } from './provider-names.js';
import {
  configuredProviders,
  draftOf,
  type OAuthProvider,
  type ProviderDraft,
  toProvider,
  withProvider,
} from './provider-update.js';

/** Props of `ProviderForm`. */
export interface ProviderFormProps {
  /** The provider being edited; a new one is added when left out. */
  provider?: OAuthProvider;
  /** Closes the form (after saving, or on Cancel). */
  onDone(): void;
}

type FieldErrors = Partial<Record<'clientId' | 'clientSecret', string>>;

/** The add / edit form of one provider. */
export function ProviderForm({ provider, onDone }: ProviderFormProps) {
  const { project } = useProjectAdmin();
  const { save, saving } = useProjectUpdate();
  const ids = useId();
  const providers = project.config.oauthProviders;
  const configured = configuredProviders(providers);
  const available = PROVIDER_IDS.filter((id) => !configured.some((p) => p.id === id));
  const firstId = provider?.id ?? available[0] ?? '';
  const [draft, setDraft] = useState<ProviderDraft>(() =>
    // In production mode shared keys are refused at sign-in, so a new provider starts on own keys.
    draftOf(provider, firstId, canUseSharedKeys(firstId) && !project.isProductionMode),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const name = providerName(draft.id);
  const shareable = canUseSharedKeys(draft.id);
  const extra = extraField(draft.id);
  const change = (part: Partial<ProviderDraft>) => {
    setDraft((d) => ({ ...d, ...part }));
    setError(null);
  };

  if (!provider && available.length === 0)
    return <Note>Every provider signet supports is configured already.</Note>;

  const submit = async () => {
    if (draft.type === 'standard') {
      const missing: FieldErrors = {};
      if (!draft.clientId.trim()) missing.clientId = `Enter the client ID ${name} gave you.`;
      if (!draft.clientSecret.trim()) missing.clientSecret = `Enter the client secret ${name} gave you.`;
      setErrors(missing);
      if (missing.clientId || missing.clientSecret) return;
    }
    const failure = await save(
      { config: { oauthProviders: withProvider(providers, toProvider(draft)) } },
      provider ? `${name} saved` : `${name} added`,
    );
    if (failure) setError(failure);
    else onDone();
  };

  return (
    <Form name={provider ? `edit-provider-${provider.id}` : 'add-provider'} onSubmit={submit}>
      <Stack>
        {provider ? (
          <h3 className="console-sign-in-form-title">Edit {name}</h3>
        ) : (
          <>
            <h3 className="console-sign-in-form-title">Add a provider</h3>
            <div className="signet-field">
              <label className="signet-label" htmlFor={`${ids}-provider`}>
                Provider
              </label>
              <select
                // The form opened from "Add a provider": focus starts in it.
                autoFocus
                id={`${ids}-provider`}
                value={draft.id}
                onChange={(event) => {
                  const id = event.target.value;
                  change({ id, type: canUseSharedKeys(id) ? draft.type : 'standard' });
                }}
              >
                {available.map((id) => (
                  <option key={id} value={id}>
                    {providerName(id)}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <fieldset className="console-sign-in-choice">
          <legend className="signet-label">Keys</legend>
          <label>
            <input
              type="radio"
              name={`${ids}-type`}
              value="shared"
              checked={draft.type === 'shared'}
              // Editing opens in place of the row: focus goes to the keys chosen now.
              autoFocus={Boolean(provider) && draft.type === 'shared'}
              disabled={!shareable}
              onChange={() => change({ type: 'shared' })}
            />{' '}
            Shared development keys{!shareable && ` (not offered for ${name})`}
          </label>
          <label>
            <input
              type="radio"
              name={`${ids}-type`}
              value="standard"
              checked={draft.type === 'standard'}
              autoFocus={Boolean(provider) && draft.type === 'standard'}
              onChange={() => change({ type: 'standard' })}
            />{' '}
            Your own keys
          </label>
        </fieldset>
        {draft.type === 'shared' ? (
          <Note>
            Shared keys sign in through signet's development identity provider: nothing to set up, for
            development only.
            {project.isProductionMode &&
              ' This project is in production mode, where shared keys are refused.'}
          </Note>
        ) : (
          <>
            <Note>
              Create an OAuth app at {name} and paste this callback URL (also called redirect URI) there, then
              copy its client ID and secret here.
            </Note>
            <CopyField label="Callback URL" value={callbackUrl(window.location.origin, draft.id)} />
            <TextField
              label="Client ID"
              autoComplete="off"
              spellCheck={false}
              value={draft.clientId}
              error={errors.clientId}
              onChange={(event) => change({ clientId: event.target.value })}
            />
            <PasswordField
              label="Client secret"
              autoComplete="off"
              value={draft.clientSecret}
              error={errors.clientSecret}
              onChange={(event) => change({ clientSecret: event.target.value })}
            />
            {extra && (
              <TextField
                label={extra.label}
                autoComplete="off"
                spellCheck={false}
                value={draft[extra.key]}
                below={<p className="console-muted console-sign-in-hint">{extra.hint}</p>}
                onChange={(event) => change({ [extra.key]: event.target.value })}
              />
            )}
          </>
        )}
        <FormError>{error}</FormError>
        <FormButtons submit={provider ? 'Save' : `Add ${name}`} busy={saving} onCancel={onDone} />
      </Stack>
    </Form>
  );
}
