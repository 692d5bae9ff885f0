/**
 * A team's settings page, `<team settings URL>/<team id>`: the team's picture and name over its
 * sections (`<TeamSections>`: this plugin's and any other plugin's). A team the user is not in, or
 * that does not exist, is 'Team not found', never a crash; once the user leaves or deletes the team
 * from this page, it says so and moves on to account settings.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Avatar,
  type HandlerRouteProps,
  MessageCard,
  SignedOutCard,
  Skeleton,
  TeamSections,
  UnknownErrorCard,
  useApp,
  usePluginApi,
  useProject,
  useSessionStatus,
  useSignetContext,
  useUser,
} from '../../react/index.js';
import { type Team, teams } from './index.js';
import { PermissionsLoaded } from './sections/permissions-loaded.js';
import { type TeamExit, TeamExitContext, type TeamExitKind, useTeamList } from './sections/use-team.js';

/** The team-settings page; `rest[0]` is the team's id. */
export function TeamSettingsPage({ rest }: HandlerRouteProps) {
  const { loadError } = useSignetContext();
  const project = useProject();
  const status = useSessionStatus();
  const user = useUser();
  if (!project || status === 'loading') return loadError ? <UnknownErrorCard /> : <Skeleton />;
  if (!user) return <SignedOutCard />;
  const teamId = rest[0];
  if (!teamId) return <TeamNotFound />;
  return <TeamPage key={teamId} teamId={teamId} />;
}

function TeamPage({ teamId }: { teamId: string }) {
  const app = useApp();
  const api = usePluginApi(teams);
  const list = useTeamList();
  const team = list.status === 'ok' ? (list.data.find((t) => t.id === teamId) ?? null) : null;
  // The team as last shown: once it leaves the list, the page says which team went, and why.
  const seen = useRef<Team | null>(null);
  useEffect(() => {
    if (team) seen.current = team;
  }, [team]);
  const [exit, setExit] = useState<TeamExitKind | null>(null);
  const exitHandler = useMemo<TeamExit>(
    () => ({
      expect: setExit,
      done: () => {
        app.redirect.redirect('accountSettings', { replace: true }).catch(() => {});
      },
    }),
    [app],
  );
  // A team missing from a list loaded earlier may have been joined since (in another tab): the
  // list is loaded once more before the page says it is not found.
  const [rechecked, setRechecked] = useState(false);
  const missing = list.status === 'ok' && !team && !seen.current;
  useEffect(() => {
    if (!missing || rechecked) return;
    api
      .refresh()
      .catch(() => {})
      .finally(() => setRechecked(true));
  }, [api, missing, rechecked]);

  if (list.status === 'pending') return <Skeleton label="Loading the team" />;
  if (list.status === 'error')
    return (
      <MessageCard
        title="Your teams could not be loaded"
        primary={{ label: 'Try again', onClick: () => void api.refresh().catch(() => {}) }}
        secondary={{ label: 'Go home', href: app.urls.home }}
      >
        <p>{(list.error as Error)?.message ?? String(list.error)}</p>
      </MessageCard>
    );
  if (!team) {
    if (seen.current) return <TeamGone team={seen.current} exit={exit} />;
    return rechecked ? <TeamNotFound /> : <Skeleton label="Loading the team" />;
  }
  return (
    <TeamExitContext.Provider value={exitHandler}>
      <PermissionsLoaded teamId={team.id} loading={<Skeleton label="Loading the team" />}>
        <TeamSections
          teamId={team.id}
          title={team.displayName}
          media={<Avatar src={team.profileImageUrl} name={team.displayName} size={48} alt="" />}
        />
      </PermissionsLoaded>
    </TeamExitContext.Provider>
  );
}

/** No id, a team that does not exist, or one the user is not in. */
function TeamNotFound() {
  const { urls } = useApp();
  return (
    <MessageCard
      title="Team not found"
      primary={{ label: 'Go home', href: urls.home }}
      secondary={{ label: 'Your teams', href: `${urls.accountSettings}#teams` }}
    >
      <p>This team does not exist, or you are not a member of it.</p>
    </MessageCard>
  );
}

/** The team was shown here and is gone from the user's list: left, deleted, or removed elsewhere. */
function TeamGone({ team, exit }: { team: Team; exit: TeamExitKind | null }) {
  const { urls } = useApp();
  const title =
    exit === 'left'
      ? `You left ${team.displayName}`
      : exit === 'deleted'
        ? `${team.displayName} was deleted`
        : `You are no longer a member of ${team.displayName}`;
  return (
    <MessageCard
      title={title}
      primary={{ label: 'Your teams', href: `${urls.accountSettings}#teams` }}
      secondary={{ label: 'Go home', href: urls.home }}
    />
  );
}
