/**
 * "Delete team": deletes the team for every member, confirmed by typing its name exactly. Shown
 * only to a member with `$delete_team`.
 */
import { useState } from 'react';
import { Actions, FieldError, Note, Stack, TypeToConfirm, usePluginApi } from '../../../react/index.js';
import { teams } from '../index.js';
import { failureOf, useTeam, useTeamExit } from './use-team.js';

/** Deleting the team. */
export function DeleteTeamSection({ teamId }: { teamId: string }) {
  const api = usePluginApi(teams);
  const team = useTeam(teamId);
  const exit = useTeamExit('deleted');
  const [error, setError] = useState<string | null>(null);
  if (!team) return null;
  return (
    <Stack>
      <Note>
        Deleting {team.displayName} removes it for every member, with its pending invitations. This cannot be
        undone.
      </Note>
      <Actions>
        <TypeToConfirm
          label="Delete team"
          question={`Delete ${team.displayName} for every member?`}
          expected={team.displayName}
          confirmLabel="Delete this team"
          onConfirm={async () => {
            setError(null);
            const failure = await exit(() => failureOf(() => api.delete(teamId)));
            if (failure) setError(`The team could not be deleted. ${failure}`);
          }}
        />
      </Actions>
      <FieldError>{error}</FieldError>
    </Stack>
  );
}
