/** Creates or edits an endpoint: its URL, a description, and all events or only some. */
import { useId, useState } from 'react';
import type { WebhookEndpoint, WebhookEndpointInput, WebhookEventType } from 'signet/plugins/admin-webhooks';
import { FieldError, Form, FormError, TextField } from 'signet/react';
import { FormButtons } from '../../shell/form-buttons.js';
import { messageOf } from '../../shell/use-load.js';
import { EVENT_TYPES } from './event-types.js';
import { isHttpUrl } from './format.js';

/** The form; `initial` for an edit. `onSave` throws to show its error. */
export function EndpointForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial?: WebhookEndpoint;
  submitLabel: string;
  onSave: (input: WebhookEndpointInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [onlySome, setOnlySome] = useState(Boolean(initial?.eventTypes?.length));
  const [chosen, setChosen] = useState<WebhookEventType[]>(initial?.eventTypes ?? []);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { events: useId(), eventsError: useId() };

  const submit = async () => {
    const found = {
      url: isHttpUrl(url.trim())
        ? undefined
        : 'Enter the full URL of your receiver, e.g. https://example.com/webhooks.',
      events: onlySome && chosen.length === 0 ? 'Choose at least one event, or send all events.' : undefined,
    };
    setErrors(found);
    setFormError(null);
    if (found.url || found.events) return;
    setBusy(true);
    try {
      await onSave({
        url: url.trim(),
        description: description.trim(),
        eventTypes: onlySome ? chosen : null,
      });
    } catch (error) {
      setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (type: WebhookEventType, on: boolean) =>
    setChosen((all) => (on ? [...all, type] : all.filter((t) => t !== type)));

  return (
    <Form name="webhook-endpoint" onSubmit={submit}>
      <TextField
        label="Endpoint URL"
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
        placeholder="https://example.com/webhooks"
        autoFocus
      />
      <TextField
        label="Description (optional)"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <fieldset
        className="console-webhooks-events"
        aria-describedby={errors.events ? ids.eventsError : undefined}
      >
        <legend className="signet-label">Events</legend>
        <label className="console-webhooks-choice">
          <input type="radio" name={ids.events} checked={!onlySome} onChange={() => setOnlySome(false)} /> All
          events
        </label>
        <label className="console-webhooks-choice">
          <input type="radio" name={ids.events} checked={onlySome} onChange={() => setOnlySome(true)} /> Only
          these events
        </label>
        {onlySome && (
          <div className="console-webhooks-event-list">
            {EVENT_TYPES.map(({ type, label }) => (
              <label key={type} className="console-webhooks-choice">
                <input
                  type="checkbox"
                  checked={chosen.includes(type)}
                  onChange={(e) => toggle(type, e.target.checked)}
                />{' '}
                <code>{type}</code> <span className="console-muted">{label}</span>
              </label>
            ))}
          </div>
        )}
        <FieldError id={ids.eventsError}>{errors.events}</FieldError>
      </fieldset>
      <FormError>{formError}</FormError>
      <FormButtons submit={submitLabel} busy={busy} onCancel={onCancel} />
    </Form>
  );
}
