/**
 * Setting or removing the user's password. A new password ends the user's sessions (the server
 * does so), which the form says before it is sent.
 */
import { useState } from 'react';
import { Actions, Button, ConfirmButton, Form, FormError, Note, PasswordField, Stack } from 'signet/react';
import { Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';
import type { UserSectionProps } from './user-context.js';

/** The password section. */
export function PasswordSection({ app, user, onUser }: UserSectionProps) {
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const write = async (value: string | null) => {
    const result = await app.serverUsers.update(user.id, { password: value });
    if (result.status === 'ok') {
      onUser(result.data);
      return null;
    }
    return result.error;
  };

  const set = async () => {
    if (busy) return;
    if (!password) return setError('Enter the new password.');
    setBusy(true);
    setError(undefined);
    setFormError(null);
    try {
      const failure = await write(password);
      if (!failure) {
        setPassword('');
        toast(user.hasPassword ? 'Password changed' : 'Password set');
      } else if (failure.code === 'PASSWORD_TOO_SHORT' || failure.code === 'PASSWORD_TOO_LONG')
        setError(failure.message);
      else setFormError(failure.message);
    } catch (thrown) {
      setFormError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Password">
      <Stack>
        <Note>
          {user.hasPassword
            ? 'This user has a password. A new one signs them out everywhere.'
            : 'This user has no password.'}
        </Note>
        <Form name="user-password" onSubmit={set}>
          <PasswordField
            label={user.hasPassword ? 'New password' : 'Password'}
            autoComplete="new-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormError>{formError}</FormError>
          <Actions>
            <Button type="submit" loading={busy}>
              {user.hasPassword ? 'Change password' : 'Set password'}
            </Button>
          </Actions>
        </Form>
        {user.hasPassword && (
          <ConfirmButton
            label="Remove password"
            question="Remove this user's password? They then sign in only with their other methods."
            confirmLabel="Yes, remove the password"
            onConfirm={async () => {
              try {
                const failure = await write(null);
                if (failure) toast(failure.message, 'error');
                else toast('Password removed');
              } catch (thrown) {
                toast(messageOf(thrown), 'error');
              }
            }}
          />
        )}
      </Stack>
    </Section>
  );
}
