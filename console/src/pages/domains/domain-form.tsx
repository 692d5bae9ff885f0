/** Adding a trusted domain, or editing one: its origin and the path of the kit's handler on it. */
import { useState } from 'react';
import { Form, FormError, Stack, TextField } from 'signet/react';
import { FormButtons } from '../../shell/form-buttons.js';
import { checkDomain, DEFAULT_HANDLER_PATH } from './domain-rules.js';

/** A trusted domain as the config holds it. */
export interface TrustedDomain {
  domain: string;
  handlerPath: string;
}

/** Props of `DomainForm`. */
export interface DomainFormProps {
  /** The domain being edited; a new one when left out. */
  initial?: TrustedDomain;
  /** The other domains, which this one may not repeat. */
  others: readonly string[];
  /** Saves; resolves to the server's refusal in words, or null. */
  onSave(domain: TrustedDomain): Promise<string | null>;
  onCancel?(): void;
}

/** The domain form. */
export function DomainForm({ initial, others, onSave, onCancel }: DomainFormProps) {
  const [domain, setDomain] = useState(initial?.domain ?? '');
  const [handlerPath, setHandlerPath] = useState(initial?.handlerPath ?? DEFAULT_HANDLER_PATH);
  const [errors, setErrors] = useState<{ domain?: string; handlerPath?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <Form
      name={initial ? 'edit-domain' : 'add-domain'}
      onSubmit={async () => {
        const check = checkDomain(domain, handlerPath, others);
        if (!check.ok) {
          setErrors({ domain: check.domain, handlerPath: check.handlerPath });
          return;
        }
        setErrors({});
        setSaving(true);
        const failure = await onSave({ domain: check.domain, handlerPath: check.handlerPath });
        setSaving(false);
        setError(failure);
        if (!failure && !initial) {
          setDomain('');
          setHandlerPath(DEFAULT_HANDLER_PATH);
        }
      }}
    >
      <Stack>
        <div className="console-domains-fields">
          <TextField
            label="Domain"
            // Editing opens in place of the row: focus goes into the form that replaced it.
            autoFocus={Boolean(initial)}
            placeholder="https://app.example.com"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={domain}
            error={errors.domain}
            onChange={(event) => {
              setDomain(event.target.value);
              setErrors((e) => ({ ...e, domain: undefined }));
            }}
          />
          <TextField
            label="Handler path"
            autoComplete="off"
            spellCheck={false}
            value={handlerPath}
            error={errors.handlerPath}
            onChange={(event) => {
              setHandlerPath(event.target.value);
              setErrors((e) => ({ ...e, handlerPath: undefined }));
            }}
          />
        </div>
        <FormError>{error}</FormError>
        <FormButtons submit={initial ? 'Save' : 'Add domain'} busy={saving} onCancel={onCancel} />
      </Stack>
    </Form>
  );
}
