/**
 * The user's name and primary email with its two flags (verified, used for sign-in). Only what
 * changed is sent; a taken email is shown on its field.
 */
import { useState } from 'react';
import type { ServerUserUpdate } from 'signet/plugins/server-users';
import { Actions, Button, Form, FormError, TextField } from 'signet/react';
import { Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';
import type { UserSectionProps } from './user-context.js';

/** The profile form. */
export function ProfileSection({ app, user, onUser }: UserSectionProps) {
  const toast = useToast();
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [email, setEmail] = useState(user.primaryEmail ?? '');
  const [verified, setVerified] = useState(user.primaryEmailVerified);
  const [authEnabled, setAuthEnabled] = useState(user.primaryEmailAuthEnabled);
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const address = email.trim();

  const save = async () => {
    if (busy) return;
    const update: ServerUserUpdate = {};
    const name = displayName.trim() || null;
    if (name !== user.displayName) update.displayName = name;
    if ((address || null) !== user.primaryEmail) update.primaryEmail = address || null;
    if (address) {
      if (verified !== user.primaryEmailVerified) update.primaryEmailVerified = verified;
      if (authEnabled !== user.primaryEmailAuthEnabled) update.primaryEmailAuthEnabled = authEnabled;
    }
    if (address && !/^[^\s@]+@[^\s@]+$/.test(address))
      return setErrors({ email: 'Enter a valid email address.' });
    if (Object.keys(update).length === 0) return setErrors({ form: 'Nothing changed.' });
    setBusy(true);
    setErrors({});
    try {
      const result = await app.serverUsers.update(user.id, update);
      if (result.status === 'ok') {
        onUser(result.data);
        toast('Profile saved');
      } else if (result.error.code === 'USER_EMAIL_ALREADY_EXISTS')
        setErrors({ email: 'Another user already signs in with this email.' });
      else setErrors({ form: result.error.message });
    } catch (error) {
      setErrors({ form: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Profile">
      <Form name="user-profile" onSubmit={save}>
        <div className="console-user-fields">
          <TextField
            label="Display name"
            autoComplete="off"
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
          />
          <TextField
            label="Primary email"
            type="email"
            autoComplete="off"
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <fieldset className="console-user-flags" disabled={!address}>
          <legend className="console-visually-hidden">Primary email flags</legend>
          <label>
            <input
              type="checkbox"
              checked={verified}
              onChange={(event) => setVerified(event.target.checked)}
            />
            Primary email verified
          </label>
          <label>
            <input
              type="checkbox"
              checked={authEnabled}
              onChange={(event) => setAuthEnabled(event.target.checked)}
            />
            Used for sign-in (password and email codes)
          </label>
        </fieldset>
        <FormError>{errors.form}</FormError>
        <Actions>
          <Button type="submit" loading={busy}>
            Save profile
          </Button>
        </Actions>
      </Form>
    </Section>
  );
}
