/** The delete-account section: shown only where the project lets users delete themselves. */
import { useState } from 'react';
import type { CurrentUser } from '../../core/user.js';
import { useApp } from '../hooks.js';
import { ConfirmButton } from './confirm-button.js';

/** Deletes the account after the user confirms, then goes to the after-sign-out page. */
export function DeleteAccountSection(_props: { user: CurrentUser }) {
  const app = useApp();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="signet-account-stack">
      <p className="signet-account-note">Deleting your account removes it and everything in it for good.</p>
      <ConfirmButton
        label="Delete account"
        question="Delete your account? This cannot be undone."
        confirmLabel="Yes, delete my account"
        onConfirm={async () => {
          setError(null);
          try {
            await app.deleteUser();
            await app.redirect.redirect('afterSignOut');
          } catch (failure) {
            setError(`The account could not be deleted: ${(failure as Error).message}`);
          }
        }}
      />
      {error && (
        <p className="signet-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
