/**
 * "Team profile": the team's name and picture, as every member sees them. Shown only to a member
 * with `$update_team` (the gate is the section's `useShown`).
 */
import { useRef, useState } from 'react';
import {
  Actions,
  Avatar,
  Button,
  FieldError,
  Form,
  FormError,
  Note,
  ProfileImageError,
  resizeProfileImage,
  Stack,
  TextField,
  useAuthSubmit,
  useFormFields,
  usePluginApi,
} from '../../../react/index.js';
import { type Team, teams } from '../index.js';
import { failureOf, useTeam } from './use-team.js';

/** The longest team name the server keeps. */
const TEAM_NAME_MAX = 256;

/** Edits the team's name and picture. */
export function TeamProfileSection({ teamId }: { teamId: string }) {
  const team = useTeam(teamId);
  if (!team) return null;
  return (
    <Stack>
      <TeamImage team={team} />
      <TeamNameForm key={team.id} team={team} />
    </Stack>
  );
}

function TeamNameForm({ team }: { team: Team }) {
  const api = usePluginApi(teams);
  const form = useFormFields({ teamName: team.displayName });
  const [saved, setSaved] = useState<string | null>(null);
  const { pending, submit } = useAuthSubmit(async () => {
    setSaved(null);
    const name = form.values.teamName.trim();
    const problem = !name
      ? 'Please enter a name'
      : name.length > TEAM_NAME_MAX
        ? `At most ${TEAM_NAME_MAX} characters`
        : undefined;
    if (form.showErrors({ teamName: problem })) return;
    const failure = await failureOf(() => api.update(team.id, { displayName: name }));
    if (failure) form.showErrors({ teamName: failure });
    else setSaved(name);
  });
  return (
    <Form name="team-name" onSubmit={() => void submit()}>
      <TextField label="Team name" name="teamName" autoComplete="off" {...form.field('teamName')} />
      <FormError>{form.formError}</FormError>
      <Actions>
        <Button type="submit" variant="primary" loading={pending}>
          Save
        </Button>
        {saved !== null && saved === form.values.teamName.trim() && <Note role="status">Saved</Note>}
      </Actions>
    </Form>
  );
}

function TeamImage({ team }: { team: Team }) {
  const api = usePluginApi(teams);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const update = async (image: () => Promise<string | null>) => {
    setError(null);
    setBusy(true);
    try {
      let profileImageUrl: string | null;
      try {
        profileImageUrl = await image();
      } catch (failure) {
        setError(
          failure instanceof ProfileImageError
            ? failure.message
            : `The image could not be read: ${(failure as Error).message}`,
        );
        return;
      }
      const failure = await failureOf(() => api.update(team.id, { profileImageUrl }));
      if (failure) setError(`The image could not be saved. ${failure}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Actions>
        <Avatar src={team.profileImageUrl} name={team.displayName} alt="Team image" />
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label="Team image file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void update(() => resizeProfileImage(file));
          }}
        />
        <Button variant="secondary" loading={busy} onClick={() => input.current?.click()}>
          {team.profileImageUrl ? 'Change image' : 'Upload image'}
        </Button>
        {team.profileImageUrl && (
          <Button variant="secondary" disabled={busy} onClick={() => void update(async () => null)}>
            Remove image
          </Button>
        )}
      </Actions>
      <FieldError>{error}</FieldError>
    </Stack>
  );
}
