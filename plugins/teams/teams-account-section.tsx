/**
 * The "Teams" section of account settings: the user's teams, each with its picture, name, a
 * "Selected" badge, a link to its settings page and "Manage", which opens the same team sections
 * inline (`<TeamSections layout="inline">`, made from the same slot as the page); the invitations
 * the user received; "Create a team" where the project lets clients create teams.
 */
import { useMemo, useState } from 'react';
import type { AppCore, CurrentUser } from '../../core/index.js';
import {
  Actions,
  Avatar,
  Badge,
  ButtonLink,
  DisclosureItem,
  ItemList,
  Note,
  Spinner,
  Stack,
  Subsection,
  TeamSections,
  useApp,
  usePluginApi,
  useProject,
  useSignalValue,
} from '../../react/index.js';
import { type Team, type TeamsUrl, teams } from './index.js';
import { ReceivedInvitations } from './received-invitations.js';
import { PermissionsLoaded } from './sections/permissions-loaded.js';
import { NotLoaded } from './sections/section-state.js';
import { type TeamExit, TeamExitContext, type TeamExitKind, useTeamList } from './sections/use-team.js';

/** The user's teams and the invitations they received. */
export function TeamsAccountSection(_props: { user: CurrentUser }) {
  const app = useApp<AppCore<TeamsUrl>>();
  const api = usePluginApi(teams);
  const project = useProject();
  const list = useTeamList();
  const selected = useSignalValue(api.selected, null);
  // What happened to a team left or deleted from its inline sections (its entry is gone by then).
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Stack>
      {list.status !== 'ok' ? (
        <NotLoaded state={list} what="Your teams" onRetry={() => void api.refresh().catch(() => {})} />
      ) : list.data.length === 0 ? (
        <Note>No teams yet</Note>
      ) : (
        <ItemList label="Your teams">
          {list.data.map((team) => (
            <TeamEntry
              key={team.id}
              team={team}
              selected={selected?.id === team.id}
              settingsHref={`${app.urls.teamSettings}/${encodeURIComponent(team.id)}`}
              onGone={setNotice}
            />
          ))}
        </ItemList>
      )}
      {notice && <Note role="status">{notice}</Note>}
      {project?.config.clientTeamCreationEnabled && (
        <Actions>
          <ButtonLink variant="secondary" href={app.urls.createTeam}>
            Create a team
          </ButtonLink>
        </Actions>
      )}
      <Subsection title="Invitations">
        <ReceivedInvitations />
      </Subsection>
    </Stack>
  );
}

function TeamEntry({
  team,
  selected,
  settingsHref,
  onGone,
}: {
  team: Team;
  selected: boolean;
  settingsHref: string;
  onGone: (notice: string | null) => void;
}) {
  const exit = useMemo<TeamExit>(() => {
    let kind: TeamExitKind | null = null;
    return {
      expect: (next) => {
        kind = next;
        if (next) onGone(null);
      },
      done: () =>
        onGone(kind === 'deleted' ? `${team.displayName} was deleted.` : `You left ${team.displayName}.`),
    };
  }, [team.displayName, onGone]);
  return (
    <DisclosureItem
      data={{ 'data-team': team.id }}
      media={<Avatar src={team.profileImageUrl} name={team.displayName} size={32} alt="" />}
      title={
        <>
          {team.displayName}
          {selected && <Badge>Selected</Badge>}
        </>
      }
      actions={
        <ButtonLink
          variant="secondary"
          href={settingsHref}
          aria-label={`Settings page of ${team.displayName}`}
        >
          Settings
        </ButtonLink>
      }
      toggleLabel="Manage"
      detailsLabel={`Manage ${team.displayName}`}
      details={
        <TeamExitContext.Provider value={exit}>
          <PermissionsLoaded teamId={team.id} loading={<Spinner />}>
            <TeamSections teamId={team.id} layout="inline" />
          </PermissionsLoaded>
        </TeamExitContext.Provider>
      }
    />
  );
}
