/**
 * The user's email addresses: add one, mark it verified, make it primary, use it for sign-in,
 * send a verification email, remove it. The verification link leads to the project's first
 * trusted domain; without one the button says why it cannot be sent.
 */
import { useState } from 'react';
import type { ContactChannel } from 'signet/plugins/server-contact-channels';
import type { ServerUser } from 'signet/plugins/server-users';
import { Actions, Badge, Button, ConfirmButton, Form, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { EmptyState, LoadStatus, Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf, useLoad } from '../../shell/use-load.js';
import type { UserSectionProps } from './user-context.js';

/** The email-verification page of the project's first trusted domain, or null without one. */
export function verificationCallbackUrl(domains: ReadonlyArray<{ domain: string; handlerPath: string }>) {
  const first = domains[0];
  if (!first) return null;
  const base = first.domain.replace(/\/+$/, '');
  const handler = `/${first.handlerPath.replace(/^\/+|\/+$/g, '')}`;
  return `${base}${handler === '/' ? '' : handler}/email-verification`;
}

/** The contact channels section. */
export function ContactChannelsSection({ app, user, onUser }: UserSectionProps) {
  const { project } = useProjectAdmin();
  const toast = useToast();
  const channels = useLoad(() => app.serverContactChannels.list(user.id), [app, user.id]);
  const callbackUrl = verificationCallbackUrl(project.config.domains);
  // The primary email lives on the user too: read it again after a change that may touch it.
  const refreshUser = async () => {
    const fresh: ServerUser | null = await app.serverUsers.get(user.id);
    if (fresh) onUser(fresh);
  };

  const change = async (
    channel: ContactChannel,
    patch: Parameters<typeof app.serverContactChannels.update>[2],
    done: string,
  ) => {
    try {
      const result = await app.serverContactChannels.update(user.id, channel.id, patch);
      if (result.status === 'error') return toast(result.error.message, 'error');
      toast(done);
      channels.reload();
      await refreshUser();
    } catch (error) {
      toast(messageOf(error), 'error');
    }
  };

  return (
    <Section title="Contact channels">
      <LoadStatus of={channels} loading="Loading contact channels" rows={2} what="The contact channels" />
      {channels.status === 'ready' && channels.data.length === 0 && (
        <EmptyState title="No email addresses">Add one below.</EmptyState>
      )}
      {channels.status === 'ready' && channels.data.length > 0 && (
        <ul className="console-user-channels">
          {channels.data.map((channel) => (
            <li key={channel.id} className="console-user-channel">
              <div className="console-row">
                <strong className="console-user-channel-value">{channel.value}</strong>
                {channel.isPrimary && <Badge>Primary</Badge>}
                {channel.isVerified ? (
                  <Badge tone="ok">Verified</Badge>
                ) : (
                  <Badge tone="warn">Unverified</Badge>
                )}
                {channel.usedForAuth && <Badge>Used for sign-in</Badge>}
              </div>
              <div className="console-row console-user-channel-actions">
                {!channel.isVerified && (
                  <Button
                    variant="secondary"
                    onClick={() => change(channel, { isVerified: true }, `${channel.value} marked verified`)}
                  >
                    Mark verified
                  </Button>
                )}
                {!channel.isPrimary && (
                  <Button
                    variant="secondary"
                    onClick={() => change(channel, { isPrimary: true }, `${channel.value} is now primary`)}
                  >
                    Make primary
                  </Button>
                )}
                <Button
                  variant="secondary"
                  onClick={() =>
                    change(
                      channel,
                      { usedForAuth: !channel.usedForAuth },
                      channel.usedForAuth
                        ? `${channel.value} no longer signs in`
                        : `${channel.value} now signs in`,
                    )
                  }
                >
                  {channel.usedForAuth ? 'Stop using for sign-in' : 'Use for sign-in'}
                </Button>
                {!channel.isVerified && (
                  <SendVerification app={app} userId={user.id} channel={channel} callbackUrl={callbackUrl} />
                )}
                <ConfirmButton
                  label="Remove"
                  question={`Remove ${channel.value} from this user?`}
                  confirmLabel="Yes, remove"
                  onConfirm={async () => {
                    try {
                      await app.serverContactChannels.remove(user.id, channel.id);
                      toast(`${channel.value} removed`);
                      channels.reload();
                      await refreshUser();
                    } catch (error) {
                      toast(messageOf(error), 'error');
                    }
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <AddChannel
        app={app}
        userId={user.id}
        onAdded={async () => {
          channels.reload();
          await refreshUser();
        }}
      />
    </Section>
  );
}

/** "Send verification email", or why it cannot be sent. */
function SendVerification({
  app,
  userId,
  channel,
  callbackUrl,
}: {
  app: UserSectionProps['app'];
  userId: string;
  channel: ContactChannel;
  callbackUrl: string | null;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!callbackUrl)
    return (
      <span className="console-muted">
        Add a trusted domain (Domains page) to send verification emails: the link leads to it.
      </span>
    );
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const result = await app.serverContactChannels.sendVerification(userId, channel.id, callbackUrl);
          if (result.status === 'ok') toast(`Verification email sent to ${channel.value}`);
          else toast(result.error.message, 'error');
        } catch (error) {
          toast(messageOf(error), 'error');
        } finally {
          setBusy(false);
        }
      }}
    >
      Send verification email
    </Button>
  );
}

/** The add-an-address form. */
function AddChannel({
  app,
  userId,
  onAdded,
}: {
  app: UserSectionProps['app'];
  userId: string;
  onAdded: () => Promise<void>;
}) {
  const toast = useToast();
  const [value, setValue] = useState('');
  const [verified, setVerified] = useState(false);
  const [usedForAuth, setUsedForAuth] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (busy) return;
    const address = value.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) return setError('Enter a valid email address.');
    setBusy(true);
    setError(undefined);
    try {
      const result = await app.serverContactChannels.add(userId, {
        value: address,
        isVerified: verified,
        usedForAuth,
      });
      if (result.status === 'error') {
        setError(
          result.error.code === 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE'
            ? 'Another user already signs in with this email.'
            : result.error.message,
        );
        return;
      }
      setValue('');
      setVerified(false);
      setUsedForAuth(false);
      toast(`${address} added`);
      await onAdded();
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form name="add-contact-channel" onSubmit={add}>
      <TextField
        label="Add an email address"
        type="email"
        autoComplete="off"
        value={value}
        error={error}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="console-user-flags">
        <label>
          <input type="checkbox" checked={verified} onChange={(event) => setVerified(event.target.checked)} />
          Already verified
        </label>
        <label>
          <input
            type="checkbox"
            checked={usedForAuth}
            onChange={(event) => setUsedForAuth(event.target.checked)}
          />
          Use for sign-in
        </label>
      </div>
      <Actions>
        <Button type="submit" variant="secondary" loading={busy}>
          Add email
        </Button>
      </Actions>
    </Form>
  );
}
