/**
 * Removing the user's second factor (TOTP), for a user who lost their authenticator: the secret is
 * cleared (`totp_secret_base64: null`), with its recovery codes, and the user signs in with one
 * factor until they set it up again.
 */
import { ConfirmButton, Note, Stack } from 'signet/react';
import { Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';
import type { UserSectionProps } from './user-context.js';

/** The two-factor section. */
export function TwoFactorSection({ app, user, onUser }: UserSectionProps) {
  const toast = useToast();
  return (
    <Section title="Two-factor authentication">
      {user.isMultiFactorRequired ? (
        <Stack>
          <Note>This user signs in with an authenticator app code (TOTP) as a second step.</Note>
          <ConfirmButton
            label="Remove two-factor"
            question="Remove this user's authenticator (TOTP) and recovery codes? They then sign in with one factor until they set it up again."
            confirmLabel="Yes, remove two-factor"
            onConfirm={async () => {
              try {
                const result = await app.serverUsers.update(user.id, { totpSecretBase64: null });
                if (result.status === 'error') return toast(result.error.message, 'error');
                onUser(result.data);
                toast('Two-factor removed');
              } catch (error) {
                toast(messageOf(error), 'error');
              }
            }}
          />
        </Stack>
      ) : (
        <Note>This user has no second factor.</Note>
      )}
    </Section>
  );
}
