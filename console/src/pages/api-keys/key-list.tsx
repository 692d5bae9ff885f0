/** The project's key sets: each key by its last four characters, dates, state, and Revoke. */
import type { ApiKey } from 'signet/plugins/admin-api-keys';
import { Badge, ConfirmButton } from 'signet/react';
import { TableFrame } from '../../shell/table-frame.js';
import { formatExpiry, formatTime, keyState } from './expiry.js';

const KEY_NAMES = [
  ['publishableClientKey', 'Client'],
  ['secretServerKey', 'Server'],
  ['superSecretAdminKey', 'Admin'],
] as const;

/** The table of `keys`; `onRevoke` revokes one (after the admin confirms). */
export function KeyList({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => Promise<void> }) {
  const now = Date.now();
  return (
    <TableFrame caption="API keys" columns={['Description', 'Keys', 'Created', 'Expires', 'State']} actions>
      {keys.map((key) => {
        const state = keyState(key, now);
        return (
          <tr key={key.id}>
            <td>{key.description || <span className="console-muted">No description</span>}</td>
            <td>
              <ul className="console-api-keys-lastfour">
                {KEY_NAMES.map(([field, name]) =>
                  key[field] ? (
                    <li key={field}>
                      {name} <span className="console-visually-hidden">key ending in</span>
                      <code>
                        <span aria-hidden="true">…</span>
                        {key[field].lastFour}
                      </code>
                    </li>
                  ) : null,
                )}
              </ul>
            </td>
            <td>{formatTime(key.createdAtMillis)}</td>
            <td>{formatExpiry(key.expiresAtMillis, now)}</td>
            <td>
              {state === 'active' && <Badge tone="ok">Active</Badge>}
              {state === 'expired' && <Badge tone="warn">Expired</Badge>}
              {state === 'revoked' && (
                <Badge tone="warn">Revoked {formatTime(key.manuallyRevokedAtMillis ?? 0)}</Badge>
              )}
            </td>
            <td>
              {state !== 'revoked' && (
                <ConfirmButton
                  label="Revoke"
                  question={`Revoke “${key.description}”? Every request with these keys fails from now on. This cannot be undone.`}
                  confirmLabel="Yes, revoke"
                  onConfirm={() => onRevoke(key)}
                />
              )}
            </td>
          </tr>
        );
      })}
    </TableFrame>
  );
}
