/**
 * The team switcher: a button showing the user's selected team that opens the list of their teams
 * to choose another. Made for an app's header: it needs only `<SignetProvider>` (with the teams
 * plugin), not the handler pages, and makes no request of its own beyond the team list it renders
 * from (`app.teams.list`, shared with every other screen). Signed out it renders nothing: a header
 * has its own sign-in link, and an empty switcher would only take its place.
 */

import { useState } from 'react';
import type { AppCore } from '../../core/index.js';
import {
  Avatar,
  Badge,
  Button,
  FieldError,
  ListboxLink,
  type ListboxOption,
  ListboxPopover,
  Skeleton,
  useApp,
  usePluginApi,
  useProject,
  useSessionStatus,
  useSignalValue,
} from '../../react/index.js';
import { type Team, type TeamsUrl, teams } from './index.js';

/** Props of `TeamSwitcher`. */
export interface TeamSwitcherProps {
  /** Offers a "No team" entry that clears the selection. */
  allowNone?: boolean;
  /** Called after a choice was saved, with the team chosen (null for "No team"). */
  onChange?: (team: Team | null) => void;
  /**
   * Where to go after a choice was saved (`(team) => '/t/' + team?.id`); the app's redirect method
   * takes the user there. Leave out to stay on the page.
   */
  urlMap?: (team: Team | null) => string;
  /**
   * Shows the user's pending invitations in the open list, with a link to accept them in account
   * settings. Their list is loaded when the list first opens (one request), never before.
   * Default true.
   */
  showInvitations?: boolean;
  /** Which edge of the button the list lines up with; `'end'` for a switcher at a header's right. */
  align?: 'start' | 'end';
}

/** The value of the "No team" option (a team id is never empty). */
const NONE = '';

/** The user's selected team, and a list to choose another. */
export function TeamSwitcher({
  allowNone = false,
  onChange,
  urlMap,
  showInvitations = true,
  align,
}: TeamSwitcherProps) {
  const app = useApp<AppCore<TeamsUrl>>();
  const api = usePluginApi(teams);
  const status = useSessionStatus();
  const project = useProject();
  const list = useSignalValue(api.list, { status: 'pending' } as const);
  const selected = useSignalValue(api.selected, null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (status === 'signed-out') return null;
  if (status === 'loading' || list.status === 'pending')
    return <Skeleton shape="line" label="Loading teams" />;
  if (list.status === 'error')
    return (
      <>
        <FieldError>
          Your teams could not be loaded: {(list.error as Error)?.message ?? String(list.error)}
        </FieldError>
        <Button variant="secondary" onClick={() => void api.refresh().catch(() => {})}>
          Try again
        </Button>
      </>
    );

  const choose = async (value: string) => {
    const team = value === NONE ? null : (list.data.find((t) => t.id === value) ?? null);
    // Choosing the team already selected changes nothing: no request, no callback.
    if ((team?.id ?? null) === (selected?.id ?? null)) return;
    setError(null);
    setSaving(true);
    try {
      await api.select(team?.id ?? null);
    } catch (failure) {
      setError(`The team could not be selected: ${(failure as Error).message}`);
      return;
    } finally {
      setSaving(false);
    }
    onChange?.(team);
    if (urlMap)
      await app.redirect.redirect({ url: urlMap(team) }).catch((failure: unknown) => {
        setError(`Could not open the team's page: ${(failure as Error).message}`);
      });
  };

  const settingsHref = (team: Team) => `${app.urls.teamSettings}/${encodeURIComponent(team.id)}`;
  const options: ListboxOption[] = list.data.map((team) => ({
    value: team.id,
    label: team.displayName,
    media: <Avatar src={team.profileImageUrl} name={team.displayName} alt="" size={24} />,
    aside: (
      <ListboxLink icon href={settingsHref(team)} label={`Settings of ${team.displayName}`}>
        <GearIcon />
      </ListboxLink>
    ),
  }));
  // "No team" only beside real teams: alone, the list would offer nothing to choose.
  if (allowNone && options.length > 0) options.unshift({ value: NONE, label: 'No team' });
  const value = selected ? selected.id : allowNone ? NONE : null;

  return (
    <>
      <ListboxPopover
        label="Teams"
        buttonText={selected?.displayName ?? 'Select a team'}
        buttonMedia={
          selected ? (
            <Avatar src={selected.profileImageUrl} name={selected.displayName} alt="" size={24} />
          ) : null
        }
        buttonLabel={selected ? `Team: ${selected.displayName}` : 'Select a team'}
        options={options}
        value={value}
        onChoose={(chosen) => void choose(chosen)}
        empty="No teams yet"
        asideLabel="Team settings"
        align={align}
        busy={saving}
        // Opening revalidates the list (a team left, deleted or joined elsewhere), showing what
        // is known meanwhile: the one request the switcher makes, made again.
        onOpen={() => void api.refresh().catch(() => {})}
      >
        {showInvitations && <InvitationsLink href={`${app.urls.accountSettings}#teams`} />}
        {project?.config.clientTeamCreationEnabled && (
          <ListboxLink href={app.urls.createTeam}>Create a team</ListboxLink>
        )}
      </ListboxPopover>
      <FieldError>{error}</FieldError>
    </>
  );
}

/** "Pending invitations" with their count, once known and only when there are some. */
function InvitationsLink({ href }: { href: string }) {
  const api = usePluginApi(teams);
  const received = useSignalValue(api.received, { status: 'pending' } as const);
  if (received.status !== 'ok' || received.data.length === 0) return null;
  const count = received.data.length;
  return (
    <ListboxLink href={href}>
      Pending invitations <Badge tone="warn">{count}</Badge>
    </ListboxLink>
  );
}

function GearIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
