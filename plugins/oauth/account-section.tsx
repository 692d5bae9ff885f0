/**
 * The 'Connected accounts' section of account settings: the provider accounts connected to the
 * user, connecting another provider the project enables (the link flow, back to this page), and
 * disconnecting one after a confirmation. The server refuses to disconnect the last way the user
 * has to sign in; its reason is shown.
 */
import { useState } from 'react';
import type { CurrentUser } from '../../core/index.js';
import {
  Actions,
  Button,
  ConfirmButton,
  FieldError,
  Item,
  ItemList,
  Note,
  Stack,
  useAuthSubmit,
  usePluginApi,
  useProject,
} from '../../react/index.js';
import { oauth } from './index.js';
import { ProviderIcon } from './provider-icon.js';
import { providerName } from './providers.js';

/** The connected-accounts section. */
export function ConnectedAccountsSection({ user }: { user: CurrentUser }) {
  const api = usePluginApi(oauth);
  const enabled = useProject()?.config.oauthProviders ?? [];
  const [message, setMessage] = useState<string | null>(null);
  const connect = useAuthSubmit(async (provider: string) => {
    setMessage(null);
    try {
      await api.link(provider);
    } catch (error) {
      setMessage(`${providerName(provider)} could not be connected: ${(error as Error).message}`);
    }
  });
  const connected = user.oauthProviders;
  const available = enabled.filter((id) => !connected.some((account) => account.id === id));

  return (
    <Stack>
      {connected.length === 0 ? (
        <Note>No accounts connected yet.</Note>
      ) : (
        <ItemList label="Connected accounts">
          {connected.map((account) => (
            <Item
              key={account.id}
              media={<ProviderIcon provider={account.id} />}
              title={providerName(account.id)}
              actions={
                <ConfirmButton
                  label="Disconnect"
                  question={`Disconnect ${providerName(account.id)}? You will no longer sign in with it.`}
                  confirmLabel="Yes, disconnect"
                  onConfirm={async () => {
                    setMessage(null);
                    try {
                      await api.disconnect(account.id);
                    } catch (error) {
                      setMessage(
                        `${providerName(account.id)} could not be disconnected: ${(error as Error).message}`,
                      );
                    }
                  }}
                />
              }
            >
              <Note>{account.email ?? account.accountId}</Note>
            </Item>
          ))}
        </ItemList>
      )}
      <FieldError>{message}</FieldError>
      {available.length > 0 && (
        <Actions>
          {available.map((id) => (
            <Button
              key={id}
              variant="secondary"
              loading={connect.pending}
              onClick={() => void connect.submit(id)}
            >
              <ProviderIcon provider={id} />
              Connect {providerName(id)}
            </Button>
          ))}
        </Actions>
      )}
    </Stack>
  );
}
