/**
 * The project's teams: searched on this page (the list comes whole from the server), created by
 * name, renamed in place, and deleted once the admin has typed the team's name. Each name leads to
 * the team's own page.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ServerTeam } from 'signet/plugins/server-teams';
import { Button, Form, FormError, TextField, TypeToConfirm } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { Link } from '../../router/link.js';
import { EmptyState, LoadStatus, Section } from '../../shell/states.js';
import { TableFrame } from '../../shell/table-frame.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf, useLoad } from '../../shell/use-load.js';
import { dataOf, formatDate } from './failure.js';

/** How many matching teams show before "Show more". */
const PAGE = 50;

/** Whether `team` matches what the admin typed: part of its name or of its id, any case. */
export function teamMatches(team: ServerTeam, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return team.displayName.toLowerCase().includes(needle) || team.id.toLowerCase().includes(needle);
}

/** The text to type before deleting `team`: its name, or its id when the name is empty. */
export const deletionText = (team: Pick<ServerTeam, 'displayName' | 'id'>) =>
  team.displayName.trim() ? team.displayName : team.id;

/** The "Teams" section of the teams page. */
export function TeamsSection() {
  const { app } = useProjectAdmin();
  const teams = useLoad(() => dataOf(app.serverTeams.list()), [app]);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE);
  const matching = useMemo(
    () => (teams.data ?? []).filter((team) => teamMatches(team, search)),
    [teams.data, search],
  );
  const replace = (next: ServerTeam[]) => teams.set(next);

  return (
    <Section title="Teams">
      <CreateTeamForm onCreated={(team) => replace([...(teams.data ?? []), team])} />
      <LoadStatus of={teams} loading="Loading teams" what="The teams" />
      {teams.status === 'ready' && (
        <>
          <div className="console-toolbar">
            <TextField
              label="Search teams"
              type="search"
              placeholder="Name or id"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setShown(PAGE);
              }}
            />
            <p className="console-muted console-teams-count" aria-live="polite">
              {search.trim()
                ? `${matching.length} of ${teams.data.length} teams`
                : `${teams.data.length} ${teams.data.length === 1 ? 'team' : 'teams'}`}
            </p>
          </div>
          {teams.data.length === 0 ? (
            <EmptyState title="No teams yet">
              Create one above, or let users create their own in the team settings below.
            </EmptyState>
          ) : matching.length === 0 ? (
            <EmptyState title="No team matches your search">Try part of a name or an id.</EmptyState>
          ) : (
            <TableFrame columns={['Name', 'ID', 'Created', 'Actions']}>
              {matching.slice(0, shown).map((team) => (
                <TeamRow
                  key={team.id}
                  team={team}
                  onRenamed={(renamed) => replace(teams.data.map((t) => (t.id === renamed.id ? renamed : t)))}
                  onDeleted={() => replace(teams.data.filter((t) => t.id !== team.id))}
                />
              ))}
            </TableFrame>
          )}
          {matching.length > shown && (
            <Button variant="secondary" onClick={() => setShown((n) => n + PAGE)}>
              Show more ({matching.length - shown} left)
            </Button>
          )}
        </>
      )}
    </Section>
  );
}

/** Creates a team from its display name. */
function CreateTeamForm({ onCreated }: { onCreated(team: ServerTeam): void }) {
  const { app } = useProjectAdmin();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    if (!name.trim()) {
      setError('Give the team a name.');
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const created = await app.serverTeams.create({ displayName: name.trim() });
      if (created.status === 'error') {
        setFormError(created.error.message);
        return;
      }
      onCreated(created.data);
      setName('');
      toast(`Team “${created.data.displayName}” created`);
    } catch (thrown) {
      setFormError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form name="create-team" onSubmit={submit}>
      <div className="console-teams-inline-form">
        <TextField
          label="New team’s display name"
          value={name}
          error={error}
          maxLength={1000}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" loading={busy}>
          Create team
        </Button>
      </div>
      <FormError>{formError}</FormError>
    </Form>
  );
}

/** One team in the table: its link, id, date, Rename and Delete. */
function TeamRow({
  team,
  onRenamed,
  onDeleted,
}: {
  team: ServerTeam;
  onRenamed(team: ServerTeam): void;
  onDeleted(): void;
}) {
  const { app, projectId } = useProjectAdmin();
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  // Closing the rename form puts the focus back on Rename, where the keyboard user left it.
  const actions = useRef<HTMLDivElement>(null);
  const wasRenaming = useRef(false);
  useEffect(() => {
    if (wasRenaming.current && !renaming) actions.current?.querySelector('button')?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);
  const href = `/projects/${encodeURIComponent(projectId)}/teams/${encodeURIComponent(team.id)}`;
  return (
    <tr>
      <td>
        {renaming ? (
          <RenameTeamForm
            team={team}
            onDone={(renamed) => {
              setRenaming(false);
              if (renamed) onRenamed(renamed);
            }}
          />
        ) : (
          <Link to={href}>{team.displayName || <em>(no name)</em>}</Link>
        )}
      </td>
      <td>
        <code className="console-teams-id">{team.id}</code>
      </td>
      <td>{formatDate(team.createdAt)}</td>
      <td>
        <div className="console-teams-actions" ref={actions}>
          {!renaming && (
            <Button
              variant="secondary"
              aria-label={`Rename ${team.displayName || team.id}`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </Button>
          )}
          <TypeToConfirm
            label="Delete"
            question={
              <>
                Delete the team “{team.displayName || team.id}”? Its memberships, permissions and pending
                invitations go with it. This cannot be undone.
              </>
            }
            expected={deletionText(team)}
            confirmLabel="Delete this team"
            onConfirm={async () => {
              try {
                const deleted = await app.serverTeams.delete(team.id);
                if (deleted.status === 'error') throw deleted.error;
                onDeleted();
                toast(`Team “${team.displayName || team.id}” deleted`);
              } catch (thrown) {
                toast(`The team could not be deleted. ${messageOf(thrown)}`, 'error');
              }
            }}
          />
        </div>
      </td>
    </tr>
  );
}

/**
 * Renames a team; `team` is given back when it changed, nothing when the admin cancelled. Opened
 * from a row it takes the focus and has Cancel; `standalone` (the team's own page) has neither.
 */
export function RenameTeamForm({
  team,
  onDone,
  label = 'Team name',
  standalone = false,
}: {
  team: ServerTeam;
  onDone(renamed?: ServerTeam): void;
  label?: string;
  standalone?: boolean;
}) {
  const { app } = useProjectAdmin();
  const toast = useToast();
  const [name, setName] = useState(team.displayName);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    if (!name.trim()) {
      setError('A team needs a name.');
      return;
    }
    if (name.trim() === team.displayName) {
      onDone();
      return;
    }
    setBusy(true);
    try {
      const renamed = await app.serverTeams.update(team.id, { displayName: name.trim() });
      if (renamed.status === 'error') {
        setError(renamed.error.message);
        return;
      }
      toast(`Team renamed to “${renamed.data.displayName}”`);
      onDone(renamed.data);
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form name="rename-team" onSubmit={submit}>
      <div className="console-teams-inline-form">
        <TextField
          label={label}
          value={name}
          error={error}
          maxLength={1000}
          autoFocus={!standalone}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !standalone) onDone();
          }}
        />
        <Button type="submit" loading={busy}>
          {standalone ? 'Rename' : 'Save'}
        </Button>
        {!standalone && (
          <Button variant="secondary" disabled={busy} onClick={() => onDone()}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}
