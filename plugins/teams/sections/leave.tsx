/**
 * "Leave team": any member may leave, after confirming. The team list (and the selected team)
 * update without a reload; on the team's own page, the page then moves on.
 */
import { useState } from 'react';
import { Actions, ConfirmButton, FieldError, Note, Stack, usePluginApi } from '../../../react/index.js';
import { teams } from '../index.js';
import { failureOf, useTeam, useTeamExit } from './use-team.js';

/** Leaving the team. */
export function LeaveTeamSection({ teamId }: { teamId: string }) {
  const api = usePluginApi(teams);
  const team = useTeam(teamId);
  const exit = useTeamExit('left');
  const [error, setError] = useState<string | null>(null);
  const name = team?.displayName ?? 'this team';
  return (
    <Stack>
      <Note>You will no longer see {name}. To come back you will need a new invitation.</Note>
      <Actions>
        <ConfirmButton
          label="Leave team"
          question={`Leave ${name}?`}
          confirmLabel="Yes, leave"
          onConfirm={async () => {
            setError(null);
            const failure = await exit(() => failureOf(() => api.leave(teamId)));
            if (failure) setError(`You could not leave the team. ${failure}`);
          }}
        />
      </Actions>
      <FieldError>{error}</FieldError>
    </Stack>
  );
}
