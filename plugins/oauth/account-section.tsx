/**
 * The 'Connected accounts' section of account settings: the provider accounts connected to the
 * user, connecting another provider the project enables (the link flow, back to this page), and
 * disconnecting one after a confirmation. The server refuses to disconnect the last way the user
 * has to sign in; its reason is shown.
 */
import { useState } from 'react';
import { type CurrentUser, HttpStatusError } from '../../core/index.js';
import { Button, ConfirmButton, useAuthSubmit, usePluginApi, useProject } from '../../react/index.js';
import { oauth } from './index.js';
import { ProviderIcon } from './provider-icon.js';
import { providerName } from './providers.js';

/** The words of a failure: a plain-text refusal as the server said it, else the error's message. */
const reason = (error: unknown) =>
  error instanceof HttpStatusError && error.body ? error.body : (error as Error).message;

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
      setMessage(`${providerName(provider)} could not be connected: ${reason(error)}`);
    }
  });
  const connected = user.oauthProviders;
  const available = enabled.filter((id) => !connected.some((account) => account.id === id));

  return (
    <div className="signet-account-stack">
      {connected.length === 0 ? (
        <p className="signet-account-note">No accounts connected yet.</p>
      ) : (
        <ul className="signet-account-list" aria-label="Connected accounts">
          {connected.map((account) => (
            <li key={account.id} className="signet-account-item">
              <div className="signet-oauth-account">
                <ProviderIcon provider={account.id} />
                <div>
                  <p className="signet-account-item-title">{providerName(account.id)}</p>
                  <p className="signet-account-note">{account.email ?? account.accountId}</p>
                </div>
              </div>
              <ConfirmButton
                label="Disconnect"
                question={`Disconnect ${providerName(account.id)}? You will no longer sign in with it.`}
                confirmLabel="Yes, disconnect"
                onConfirm={async () => {
                  setMessage(null);
                  try {
                    await api.disconnect(account.id);
                  } catch (error) {
                    setMessage(`${providerName(account.id)} could not be disconnected: ${reason(error)}`);
                  }
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p className="signet-field-error" role="alert">
          {message}
        </p>
      )}
      {available.length > 0 && (
        <div className="signet-account-actions">
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
        </div>
      )}
    </div>
  );
}
