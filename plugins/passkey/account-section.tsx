/**
 * The passkeys section of account settings: the user's passkeys (name, when added and last used),
 * adding one (the browser asks the user to make it), and removing one after a confirmation.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  Actions,
  Button,
  ConfirmButton,
  FieldError,
  Item,
  ItemList,
  Note,
  Spinner,
  Stack,
  TextField,
  useAuthSubmit,
  usePluginApi,
} from '../../react/index.js';
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
    return <Note>This browser cannot use passkeys.</Note>;
  }
  return (
    <Stack>
      {items === null ? (
        <Spinner />
      ) : items.length === 0 ? (
        <Note>No passkeys yet. A passkey signs you in with your device's screen lock.</Note>
      ) : (
        <ItemList label="Passkeys">
          {items.map((passkey) => (
            <Item
              key={passkey.id}
              title={passkey.name}
              actions={
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
              }
            >
              <Note>
                Added {when(passkey.createdAt)}
                {passkey.lastUsedAt && ` · last used ${when(passkey.lastUsedAt)}`}
              </Note>
            </Item>
          ))}
        </ItemList>
      )}
      <TextField
        label="Name for a new passkey (optional)"
        name="passkey-name"
        placeholder="e.g. Work laptop"
        maxLength={256}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <FieldError>{message}</FieldError>
      <Actions>
        <Button variant="primary" loading={add.pending} onClick={() => void add.submit()}>
          Add a passkey
        </Button>
      </Actions>
    </Stack>
  );
}
