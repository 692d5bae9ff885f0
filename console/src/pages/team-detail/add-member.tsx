/**
 * Adds an existing user of the project to the team: the admin types part of an email (or a name,
 * or an id), the ten best matches come from the server, and Add makes one a member. The newcomer's
 * permissions (the project's member defaults) are then read for that member alone.
 */
import { useEffect, useState } from 'react';
import type { ServerUser } from 'signet/plugins/server-teams';
import { Badge, Button, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { LoadingRows } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { type Loaded, messageOf, useLoad } from '../../shell/use-load.js';
import { dataOf } from '../teams/failure.js';
import { groupGrants } from './member-permissions.js';
import { memberName, type Roster } from './roster.js';

/** How long typing pauses before the search runs, so each key press is not a request. */
const SEARCH_DELAY_MS = 250;

/** The "Add an existing user" part of a team's page. */
export function AddMember({ teamId, roster }: { teamId: string; roster: Loaded<Roster> }) {
  const { app } = useProjectAdmin();
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useLoad(
    async () => (query ? (await app.serverUsers.list({ query, limit: 10 })).items : []),
    [app, query],
  );
  const memberIds = new Set(roster.data?.members.map((member) => member.id) ?? []);

  const add = async (user: ServerUser) => {
    if (adding || !roster.data) return;
    setAdding(user.id);
    try {
      const added = await app.serverTeams.addMember(teamId, user.id);
      if (added.status === 'error') throw added.error;
      const granted = await dataOf(
        app.serverTeams.listPermissions({ teamId, userId: user.id, recursive: false }),
      );
      const grants = new Map(roster.data.grants);
      grants.set(user.id, groupGrants(granted).get(user.id) ?? []);
      roster.set({ ...roster.data, members: [...roster.data.members, user], grants });
      toast(`${memberName(user)} added to the team`);
    } catch (thrown) {
      toast(`${memberName(user)} could not be added. ${messageOf(thrown)}`, 'error');
    } finally {
      setAdding(null);
    }
  };

  return (
    <div className="console-team-detail-part">
      <h3>Add an existing user</h3>
      <TextField
        label="Find a user by email"
        type="search"
        placeholder="Email, name or user id"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      {query && found.status === 'loading' && <LoadingRows label="Searching users" rows={2} />}
      {query && found.status === 'error' && (
        <p className="signet-field-error" role="alert">
          The search failed. {found.error}
        </p>
      )}
      {query && found.status === 'ready' && found.data.length === 0 && (
        <p className="console-muted" role="status">
          No user matches “{query}”.
        </p>
      )}
      {query && found.status === 'ready' && found.data.length > 0 && (
        <ul className="console-team-detail-results" aria-label="Matching users">
          {found.data.map((user) => (
            <li key={user.id}>
              <span className="console-team-detail-result-who">
                <span>{memberName(user)}</span>
                {user.primaryEmail && user.primaryEmail !== memberName(user) && (
                  <span className="console-muted">{user.primaryEmail}</span>
                )}
              </span>
              {memberIds.has(user.id) ? (
                <Badge tone="ok">Member</Badge>
              ) : (
                <Button
                  variant="secondary"
                  loading={adding === user.id}
                  disabled={adding !== null || roster.status !== 'ready'}
                  aria-label={`Add ${memberName(user)}`}
                  onClick={() => add(user)}
                >
                  Add
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
