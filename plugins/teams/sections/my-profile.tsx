/**
 * "Your profile in this team": the name the other members see for the user in this team. Left
 * empty, the team shows the user's own name (the server falls back to it).
 */
import { useEffect, useState } from 'react';
import {
  Actions,
  Button,
  Form,
  FormError,
  LoadFailed,
  Note,
  Spinner,
  Stack,
  TextField,
  useAuthSubmit,
  useFormFields,
  usePluginApi,
  useUser,
} from '../../../react/index.js';
import { type TeamMemberProfile, teams } from '../index.js';
import { failureOf, teamErrorText } from './use-team.js';

/** The longest display name the server keeps. */
const DISPLAY_NAME_MAX = 256;

/** The user's own profile in one team. */
export function MyTeamProfileSection({ teamId }: { teamId: string }) {
  // A new round loads the profile again ('Try again').
  const [round, setRound] = useState(0);
  return <MyProfile key={round} teamId={teamId} retry={() => setRound((n) => n + 1)} />;
}

function MyProfile({ teamId, retry }: { teamId: string; retry: () => void }) {
  const api = usePluginApi(teams);
  const [profile, setProfile] = useState<TeamMemberProfile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.myProfile(teamId).then(
      (result) => {
        if (!live) return;
        if (result.status === 'ok') setProfile(result.data);
        else setLoadError(teamErrorText(result.error));
      },
      (failure: unknown) => {
        if (live) setLoadError(teamErrorText(failure));
      },
    );
    return () => {
      live = false;
    };
  }, [api, teamId]);

  if (loadError) return <LoadFailed what="Your profile in this team" reason={loadError} onRetry={retry} />;
  if (!profile) return <Spinner />;
  return (
    <Stack>
      <NameForm teamId={teamId} initial={profile.displayName ?? ''} />
    </Stack>
  );
}

function NameForm({ teamId, initial }: { teamId: string; initial: string }) {
  const api = usePluginApi(teams);
  const user = useUser();
  const form = useFormFields({ displayName: initial });
  // The name last saved: its note shows while the field still holds it.
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
    const failure = await failureOf(() => api.updateMyProfile(teamId, { displayName: name || null }));
    if (failure) form.showErrors({ displayName: failure });
    else setSaved(name);
  });
  const own = user?.displayName;
  return (
    <Form name="team-display-name" onSubmit={() => void submit()}>
      <Stack>
        <TextField
          label="Your name in this team"
          name="displayName"
          autoComplete="name"
          {...form.field('displayName')}
        />
        <Note>Leave it empty to use the name of your account{own ? ` (${own})` : ''} in this team.</Note>
      </Stack>
      <FormError>{form.formError}</FormError>
      <Actions>
        <Button type="submit" variant="primary" loading={pending}>
          Save
        </Button>
        {saved !== null && saved === form.values.displayName.trim() && (
          <Note role="status">{saved ? 'Saved' : 'Saved: this team shows the name of your account.'}</Note>
        )}
      </Actions>
    </Form>
  );
}
