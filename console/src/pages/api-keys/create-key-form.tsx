/** The form that makes a key set: what it is for, when it expires, and which keys it holds. */
import { useId, useState } from 'react';
import type { CreatedApiKey } from 'signet/plugins/admin-api-keys';
import { FieldError, Form, FormError, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { FormButtons } from '../../shell/form-buttons.js';
import { messageOf } from '../../shell/use-load.js';
import { EXPIRY_CHOICES, type ExpiryChoice, expiryMillis } from './expiry.js';

type KeyKind = 'hasPublishableClientKey' | 'hasSecretServerKey' | 'hasSuperSecretAdminKey';

const KINDS: ReadonlyArray<{ kind: KeyKind; label: string; hint: string }> = [
  { kind: 'hasPublishableClientKey', label: 'Publishable client key', hint: 'for browsers and apps' },
  { kind: 'hasSecretServerKey', label: 'Secret server key', hint: 'for your backend only' },
  { kind: 'hasSuperSecretAdminKey', label: 'Super secret admin key', hint: 'changes the project itself' },
];

/** Creates a key set and hands it to `onCreated` (its keys are in that answer only). */
export function CreateKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const { app } = useProjectAdmin();
  const [description, setDescription] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [date, setDate] = useState('');
  const [kinds, setKinds] = useState<Record<KeyKind, boolean>>({
    hasPublishableClientKey: true,
    hasSecretServerKey: true,
    hasSuperSecretAdminKey: false,
  });
  const [errors, setErrors] = useState<{ description?: string; expiry?: string; kinds?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { expiry: useId(), date: useId(), kinds: useId() };

  const submit = async () => {
    const expires = expiryMillis(expiry, date, Date.now());
    const found = {
      description: description.trim() ? undefined : 'Say what the keys are for, e.g. "Production backend".',
      expiry: expires.ok ? undefined : expires.error,
      kinds: Object.values(kinds).some(Boolean) ? undefined : 'Choose at least one key.',
    };
    setErrors(found);
    setFormError(null);
    if (found.description || found.expiry || found.kinds || !expires.ok) return;
    setBusy(true);
    try {
      onCreated(
        await app.apiKeys.create({ description: description.trim(), expiresAt: expires.millis, ...kinds }),
      );
    } catch (error) {
      setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form name="create-api-key" onSubmit={submit}>
      <TextField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        autoFocus
      />
      <div className="signet-field">
        <label className="signet-label" htmlFor={ids.expiry}>
          Expires
        </label>
        <select
          id={ids.expiry}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value as ExpiryChoice)}
          aria-invalid={errors.expiry && expiry !== 'date' ? true : undefined}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {expiry === 'date' && (
        <TextField
          label="Expiry date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          error={errors.expiry}
        />
      )}
      <fieldset className="console-api-keys-kinds" aria-describedby={errors.kinds ? ids.kinds : undefined}>
        <legend className="signet-label">Keys</legend>
        {KINDS.map(({ kind, label, hint }) => (
          <label key={kind} className="console-api-keys-kind">
            <input
              type="checkbox"
              checked={kinds[kind]}
              onChange={(e) => setKinds((all) => ({ ...all, [kind]: e.target.checked }))}
            />{' '}
            {label} <span className="console-muted">({hint})</span>
          </label>
        ))}
        {errors.kinds && <FieldError id={ids.kinds}>{errors.kinds}</FieldError>}
      </fieldset>
      <FormError>{formError}</FormError>
      <FormButtons submit="Create keys" busy={busy} onCancel={onCancel} />
    </Form>
  );
}
