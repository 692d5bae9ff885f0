/**
 * The passkeys section of account settings: the user's passkeys (name, when added and last used),
 * adding one (the browser asks the user to make it), and removing one after a confirmation.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, ConfirmButton, Spinner, TextField, useAuthSubmit, usePluginApi } from '../../react/index.js';
import { type Passkey, passkey } from './index.js';

const when = (date: Date) => date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The passkeys section. */
export function PasskeysSection() {
  const api = usePluginApi(passkey);
  const [items, setItems] = useState<Passkey[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [name, setName] = useState('');
  // Decided after mounting: a server render cannot know, and hydration must match it.
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(api.isSupported()), [api]);
  const load = useCallback(async () => {
    try {
      setItems(await api.list());
    } catch (error) {
      setMessage(`Your passkeys could not be loaded: ${(error as Error).message}`);
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);
  const add = useAuthSubmit(async () => {
    setMessage(null);
    try {
      const result = await api.register({ name: name.trim() || undefined });
      if (result.status === 'error') setMessage(result.error.message);
      else setName('');
    } catch (error) {
      setMessage(`The passkey could not be added: ${(error as Error).message}`);
    }
    await load();
  });

  if (supported === false) {
    return <p className="signet-account-note">This browser cannot use passkeys.</p>;
  }
  return (
    <div className="signet-account-stack">
      {items === null ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="signet-account-note">
          No passkeys yet. A passkey signs you in with your device's screen lock.
        </p>
      ) : (
        <ul className="signet-account-list" aria-label="Passkeys">
          {items.map((passkey) => (
            <li key={passkey.id} className="signet-account-item">
              <div>
                <p className="signet-account-item-title">{passkey.name}</p>
                <p className="signet-account-note">
                  Added {when(passkey.createdAt)}
                  {passkey.lastUsedAt && ` · last used ${when(passkey.lastUsedAt)}`}
                </p>
              </div>
              <ConfirmButton
                label="Remove"
                question={`Remove ${passkey.name}? It will no longer sign you in.`}
                confirmLabel="Yes, remove"
                onConfirm={async () => {
                  setMessage(null);
                  try {
                    await api.remove(passkey.id);
                  } catch (error) {
                    setMessage(`The passkey could not be removed: ${(error as Error).message}`);
                  }
                  await load();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <TextField
        label="Name for a new passkey (optional)"
        name="passkey-name"
        placeholder="e.g. Work laptop"
        maxLength={256}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {message && (
        <p className="signet-field-error" role="alert">
          {message}
        </p>
      )}
      <div className="signet-account-actions">
        <Button variant="primary" loading={add.pending} onClick={() => void add.submit()}>
          Add a passkey
        </Button>
      </div>
    </div>
  );
}
