/**
 * "Invite a member": emails an invitation whose link opens the app's team-invitation page. Shown
 * only to a member with `$invite_members`.
 */
import { useState } from 'react';
import {
  Actions,
  Button,
  EmailField,
  Form,
  FormError,
  Note,
  Stack,
  useAuthSubmit,
  useFormFields,
  usePluginApi,
} from '../../../react/index.js';
import { emailError } from '../../../wire/index.js';
import { teams } from '../index.js';
import { failureOf } from './use-team.js';

/** Inviting by email; the field starts empty again after each invitation sent. */
export function InviteSection({ teamId }: { teamId: string }) {
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <Stack>
      <InviteForm
        key={round}
        teamId={teamId}
        onSending={() => setSent(null)}
        onSent={(email) => {
          setSent(`An invitation was sent to ${email}.`);
          setRound((n) => n + 1);
        }}
      />
      {sent && <Note role="status">{sent}</Note>}
    </Stack>
  );
}

function InviteForm({
  teamId,
  onSending,
  onSent,
}: {
  teamId: string;
  onSending: () => void;
  onSent: (email: string) => void;
}) {
  const api = usePluginApi(teams);
  const form = useFormFields({ email: '' });
  const { pending, submit } = useAuthSubmit(async () => {
    onSending();
    const email = form.values.email.trim();
    if (form.showErrors({ email: emailError(email) })) return;
    const failure = await failureOf(() => api.invite(teamId, email));
    if (failure) form.showErrors({ email: failure });
    else onSent(email);
  });
  return (
    <Form name="invite-member" onSubmit={() => void submit()}>
      <EmailField label="Email of the person to invite" autoComplete="off" {...form.field('email')} />
      <FormError>{form.formError}</FormError>
      <Actions>
        <Button type="submit" variant="primary" loading={pending}>
          Send invitation
        </Button>
      </Actions>
    </Form>
  );
}
