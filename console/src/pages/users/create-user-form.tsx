/**
 * Creating a user: email, an optional password, a display name and whether the email is already
 * verified. A taken email or a password the server refuses is shown on its field.
 */
import { useState } from 'react';
import type { ServerUser, ServerUserUpdate } from 'signet/plugins/server-users';
import { Form, FormError, PasswordField, TextField } from 'signet/react';
import type { AdminApp } from '../../admin/admin-app.js';
import { FormButtons } from '../../shell/form-buttons.js';
import { messageOf } from '../../shell/use-load.js';

/** Props of `CreateUserForm`. */
export interface CreateUserFormProps {
  app: AdminApp;
  onCreated: (user: ServerUser) => void;
  onCancel: () => void;
}

type Errors = { email?: string; password?: string; form?: string };

/** The create-user form. */
export function CreateUserForm({ app, onCreated, onCancel }: CreateUserFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [verified, setVerified] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    const address = email.trim();
    if (!address) return setErrors({ email: 'Enter an email address.' });
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) return setErrors({ email: 'Enter a valid email address.' });
    const input: ServerUserUpdate = {
      primaryEmail: address,
      primaryEmailVerified: verified,
      // The email is how the user signs in (with the password or a code).
      primaryEmailAuthEnabled: true,
    };
    if (password) input.password = password;
    if (displayName.trim()) input.displayName = displayName.trim();
    setBusy(true);
    setErrors({});
    try {
      const result = await app.serverUsers.create(input);
      if (result.status === 'ok') return onCreated(result.data);
      const { code, message } = result.error;
      if (code === 'USER_EMAIL_ALREADY_EXISTS')
        setErrors({ email: 'Another user already signs in with this email.' });
      else if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG')
        setErrors({ password: message });
      else setErrors({ form: message });
    } catch (error) {
      setErrors({ form: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form name="create-user" onSubmit={submit}>
      <div className="console-users-create-fields">
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          autoFocus
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          label="Password (optional)"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Display name (optional)"
          autoComplete="off"
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
        />
      </div>
      <label className="console-users-checkbox">
        <input type="checkbox" checked={verified} onChange={(event) => setVerified(event.target.checked)} />
        The email is verified
      </label>
      <FormError>{errors.form}</FormError>
      <FormButtons submit="Create user" busy={busy} onCancel={onCancel} />
    </Form>
  );
}
