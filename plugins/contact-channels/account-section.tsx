/**
 * The emails section of account settings: the user's addresses with their state, adding one,
 * sending a verification link, making one primary, using one for sign-in, removing one.
 */

import { useState } from 'react';
import {
  Actions,
  Badge,
  Button,
  ConfirmButton,
  callShowingFailure,
  EmailField,
  FieldError,
  Form,
  FormError,
  Item,
  ItemList,
  Note,
  Spinner,
  Stack,
  useAuthSubmit,
  useFormFields,
  usePluginApi,
  useSignalValue,
} from '../../react/index.js';
import { emailError } from '../../wire/index.js';
import { type ContactChannel, contactChannels } from './index.js';

/** The user's email addresses. */
export function EmailsSection() {
  const api = usePluginApi(contactChannels);
  const list = useSignalValue(api.list, { status: 'pending' } as const);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Runs an action of one row and reports how it went. */
  const act = async (
    run: () => Promise<{ status: string; error?: { message: string } } | undefined>,
    done?: string,
  ) => {
    setNotice(null);
    setError(null);
    try {
      const result = await run();
      if (result && result.status === 'error') setError(result.error?.message ?? 'That did not work.');
      else if (done) setNotice(done);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  if (list.status === 'pending') return <Spinner />;
  if (list.status === 'error')
    return <FieldError>The emails could not be loaded. {(list.error as Error)?.message}</FieldError>;
  return (
    <Stack>
      <ItemList label="Email addresses">
        {list.data.map((channel) => (
          <EmailRow key={channel.id} channel={channel} act={act} />
        ))}
      </ItemList>
      {notice && <Note role="status">{notice}</Note>}
      <FieldError>{error}</FieldError>
      <AddEmailForm />
    </Stack>
  );
}

type Act = (
  run: () => Promise<{ status: string; error?: { message: string } } | undefined>,
  done?: string,
) => Promise<void>;

function EmailRow({ channel, act }: { channel: ContactChannel; act: Act }) {
  const api = usePluginApi(contactChannels);
  return (
    <Item
      data={{ 'data-email': channel.value }}
      title={
        <>
          {channel.value}
          {channel.isPrimary && <Badge>Primary</Badge>}
          <Badge tone={channel.isVerified ? 'ok' : 'warn'}>
            {channel.isVerified ? 'Verified' : 'Unverified'}
          </Badge>
        </>
      }
      actions={
        <Actions>
          {!channel.isVerified && (
            <Button
              variant="secondary"
              onClick={() =>
                act(
                  () => api.sendVerification(channel.id),
                  `A verification link was sent to ${channel.value}.`,
                )
              }
            >
              Send verification email
            </Button>
          )}
          {channel.isVerified && !channel.isPrimary && (
            <Button
              variant="secondary"
              onClick={() => act(() => api.update(channel.id, { isPrimary: true }))}
            >
              Make primary
            </Button>
          )}
          {channel.isVerified && (
            <Button
              variant="secondary"
              onClick={() => act(() => api.update(channel.id, { usedForAuth: !channel.usedForAuth }))}
            >
              {channel.usedForAuth ? 'Stop using for sign-in' : 'Use for sign-in'}
            </Button>
          )}
          {!channel.isPrimary && (
            <ConfirmButton
              label="Remove"
              question={`Remove ${channel.value}?`}
              confirmLabel="Yes, remove"
              onConfirm={() => act(async () => void (await api.remove(channel.id)))}
            />
          )}
        </Actions>
      }
    >
      <Note>{channel.usedForAuth ? 'Used for sign-in' : 'Not used for sign-in'}</Note>
    </Item>
  );
}

/** Adding an address: the fields start empty again after each address added. */
function AddEmailForm() {
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <Stack>
      <AddEmailFields
        key={round}
        onAdded={(email) => {
          setSent(`${email} was added. A verification link was sent to it.`);
          setRound((n) => n + 1);
        }}
      />
      {sent && <Note role="status">{sent}</Note>}
    </Stack>
  );
}

function AddEmailFields({ onAdded }: { onAdded: (email: string) => void }) {
  const api = usePluginApi(contactChannels);
  const form = useFormFields({ email: '' });
  const { pending, submit } = useAuthSubmit(async () => {
    const email = form.values.email.trim();
    if (form.showErrors({ email: emailError(email) })) return;
    const added = await callShowingFailure(form, 'email', () => api.add({ value: email }));
    if (!added) return;
    await api.sendVerification(added.data.id).catch(() => undefined);
    onAdded(email);
  });
  return (
    <Form name="add-email" onSubmit={() => void submit()}>
      <EmailField label="Add an email" autoComplete="email" {...form.field('email')} />
      <FormError>{form.formError}</FormError>
      <Actions>
        <Button type="submit" variant="primary" loading={pending}>
          Add email
        </Button>
      </Actions>
    </Form>
  );
}
