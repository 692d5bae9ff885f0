/** The profile section: display name and profile image. */

import { useRef, useState } from 'react';
import type { CurrentUser } from '../../core/user.js';
import { callShowingFailure } from '../call-showing-failure.js';
import { useApp } from '../hooks.js';
import { Avatar } from '../ui/avatar.js';
import { Button } from '../ui/button.js';
import { Form } from '../ui/form.js';
import { FormError } from '../ui/form-error.js';
import { TextField } from '../ui/text-field.js';
import { useAuthSubmit } from '../use-auth-submit.js';
import { useFormFields } from '../use-form-fields.js';
import { ProfileImageError, resizeProfileImage } from './resize-image.js';

/** The longest display name the server keeps. */
const DISPLAY_NAME_MAX = 256;

/** Edits the user's display name and profile image. */
export function ProfileSection({ user }: { user: CurrentUser }) {
  return (
    <div className="signet-account-stack">
      <ProfileImage user={user} />
      <DisplayNameForm user={user} />
    </div>
  );
}

function DisplayNameForm({ user }: { user: CurrentUser }) {
  const app = useApp();
  const form = useFormFields({ displayName: user.displayName ?? '' });
  // The name last saved: 'Saved' shows while the field still holds it, and goes once edited.
  const [saved, setSaved] = useState<string | null>(null);
  const { pending, submit } = useAuthSubmit(async () => {
    setSaved(null);
    const name = form.values.displayName.trim();
    if (
      form.showErrors(
        name.length > DISPLAY_NAME_MAX ? { displayName: `At most ${DISPLAY_NAME_MAX} characters` } : {},
      )
    )
      return;
    const done = await callShowingFailure(form, 'displayName', async () => ({
      status: 'ok' as const,
      data: await app.updateUser({ displayName: name || null }),
    }));
    if (done) setSaved(name);
  });
  return (
    <Form name="display-name" onSubmit={() => void submit()}>
      <TextField label="Display name" name="displayName" autoComplete="name" {...form.field('displayName')} />
      <FormError>{form.formError}</FormError>
      <div className="signet-account-actions">
        <Button type="submit" variant="primary" loading={pending}>
          Save
        </Button>
        {saved !== null && saved === form.values.displayName.trim() && (
          <span className="signet-account-note" role="status">
            Saved
          </span>
        )}
      </div>
    </Form>
  );
}

function ProfileImage({ user }: { user: CurrentUser }) {
  const app = useApp();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const update = async (profileImageUrl: () => Promise<string | null>) => {
    setError(null);
    setBusy(true);
    try {
      await app.updateUser({ profileImageUrl: await profileImageUrl() });
    } catch (failure) {
      setError(
        failure instanceof ProfileImageError
          ? failure.message
          : `The image could not be saved: ${(failure as Error).message}`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="signet-avatar-row">
      <Avatar src={user.profileImageUrl} name={user.displayName ?? user.primaryEmail ?? '?'} alt="Profile" />
      <div className="signet-account-actions">
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label="Profile image file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void update(() => resizeProfileImage(file));
          }}
        />
        <Button variant="secondary" loading={busy} onClick={() => input.current?.click()}>
          {user.profileImageUrl ? 'Change image' : 'Upload image'}
        </Button>
        {user.profileImageUrl && (
          <Button variant="secondary" disabled={busy} onClick={() => void update(async () => null)}>
            Remove image
          </Button>
        )}
      </div>
      {error && (
        <p className="signet-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
