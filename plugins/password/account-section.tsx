/**
 * The password section of account settings: change the password (current, new, repeat) for a
 * user who has one, or set one for a user who signed up without (by code or link).
 */

import { useState } from 'react';
import type { CurrentUser } from '../../core/index.js';
import {
  Actions,
  Button,
  callShowingFailure,
  type FieldErrors,
  Form,
  FormError,
  Note,
  PasswordField,
  Stack,
  useAuthSubmit,
  useFormFields,
  usePluginApi,
} from '../../react/index.js';
import { password } from './index.js';
import { MESSAGES, newPasswordError, passwordRepeatError } from './validation.js';

type Field = 'oldPassword' | 'newPassword' | 'newPasswordRepeat';

/** Shown when the current password given is not the account's. */
export const WRONG_CURRENT_PASSWORD = 'This is not your current password.';

/** Change or set the password; the form starts empty again after each success. */
export function PasswordSection({ user }: { user: CurrentUser }) {
  // Remounted after a success, so the fields clear.
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Stack>
      <PasswordForm
        key={round}
        hasPassword={user.hasPassword}
        onDone={(message) => {
          setDone(message);
          setRound((n) => n + 1);
        }}
      />
      {done && <Note role="status">{done}</Note>}
    </Stack>
  );
}

function PasswordForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: (message: string) => void }) {
  const api = usePluginApi(password);
  const form = useFormFields<Field>(
    { oldPassword: '', newPassword: '', newPasswordRepeat: '' },
    { linked: [['newPassword', 'newPasswordRepeat']] },
  );
  const { pending, submit } = useAuthSubmit(async () => {
    const { oldPassword, newPassword, newPasswordRepeat } = form.values;
    const errors: FieldErrors<Field> = {
      newPassword: newPasswordError(newPassword),
      newPasswordRepeat: passwordRepeatError(newPassword, newPasswordRepeat),
    };
    if (hasPassword && !oldPassword) errors.oldPassword = MESSAGES.passwordEmpty;
    if (form.showErrors(errors)) return;
    // The server's words for a wrong current password ('Passwords do not match.') read as if the
    // two new ones differed: that one is said plainly, under the field it is about.
    let wrongCurrent = false;
    const result = await callShowingFailure(form, 'newPassword', async () => {
      if (!hasPassword) return api.setPassword({ password: newPassword });
      const answer = await api.updatePassword({ oldPassword, newPassword });
      wrongCurrent = answer.status === 'error' && answer.error.code === 'PASSWORD_CONFIRMATION_MISMATCH';
      return answer;
    });
    if (wrongCurrent) form.showErrors({ oldPassword: WRONG_CURRENT_PASSWORD });
    if (result) onDone(hasPassword ? 'Your password has been changed.' : 'Your password has been set.');
  });
  return (
    <Form name={hasPassword ? 'change-password' : 'set-password'} onSubmit={() => void submit()}>
      {hasPassword && (
        <PasswordField
          label="Current password"
          name="oldPassword"
          autoComplete="current-password"
          {...form.field('oldPassword')}
        />
      )}
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        {...form.field('newPassword')}
      />
      <PasswordField
        label="Repeat new password"
        name="newPasswordRepeat"
        autoComplete="new-password"
        {...form.field('newPasswordRepeat')}
      />
      <FormError>{form.formError}</FormError>
      <Actions>
        <Button type="submit" variant="primary" loading={pending}>
          {hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </Actions>
    </Form>
  );
}
