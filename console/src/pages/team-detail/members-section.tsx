/**
 * A team's members, each with the permissions granted to them directly (revocable one by one),
 * those they hold through what those contain, a way to grant one more, and Remove (after a
 * confirmation). The whole team's permissions come from one request (see roster.ts); a grant or a
 * revoke changes only the member's own line.
 */
import { useState } from 'react';
import type { ServerUser } from 'signet/plugins/server-teams';
import { Button, ConfirmButton, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { Link } from '../../router/link.js';
import { EmptyState, LoadStatus, Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import type { Loaded } from '../../shell/use-load.js';
import { messageOf } from '../../shell/use-load.js';
import { containedPermissions, withGrant } from './member-permissions.js';
import { memberName, type Roster } from './roster.js';

/** Above this many members the section offers a filter. */
const FILTER_FROM = 6;

/** Whether `member` matches the filter: part of the name, the email or the id, any case. */
const matchesFilter = (member: ServerUser, filter: string) => {
  const needle = filter.trim().toLowerCase();
  return (
    !needle ||
    [member.displayName, member.primaryEmail, member.id].some((text) => text?.toLowerCase().includes(needle))
  );
};

/** The "Members" section of a team's page. */
export function MembersSection({ teamId, roster }: { teamId: string; roster: Loaded<Roster> }) {
  const [filter, setFilter] = useState('');
  const count = roster.data?.members.length;
  const shown = roster.data?.members.filter((member) => matchesFilter(member, filter)) ?? [];
  return (
    <Section title={count === undefined ? 'Members' : `Members (${count})`}>
      <LoadStatus of={roster} loading="Loading members" what="The members" />
      {roster.status === 'ready' && roster.data.members.length >= FILTER_FROM && (
        <div className="console-toolbar">
          <TextField
            label="Filter members"
            type="search"
            placeholder="Name, email or id"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
      )}
      {roster.status === 'ready' &&
        (roster.data.members.length === 0 ? (
          <EmptyState title="No members yet">
            Add an existing user or invite someone by email above.
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState title="No member matches the filter" />
        ) : (
          <ul className="console-team-detail-members">
            {shown.map((member) => (
              <MemberItem
                key={member.id}
                teamId={teamId}
                member={member}
                roster={roster.data}
                onChange={roster.set}
              />
            ))}
          </ul>
        ))}
    </Section>
  );
}

function MemberItem({
  teamId,
  member,
  roster,
  onChange,
}: {
  teamId: string;
  member: ServerUser;
  roster: Roster;
  onChange(roster: Roster): void;
}) {
  const { app, projectId } = useProjectAdmin();
  const toast = useToast();
  const who = memberName(member);
  const direct = roster.grants.get(member.id) ?? [];
  const contained = containedPermissions(direct, roster.definitions);
  const grantable = roster.definitions.filter((definition) => !direct.includes(definition.id));
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const selectId = `grant-${member.id}`;
  // The choice falls back to the first offer once it is granted (or no longer defined).
  const selected = grantable.some((definition) => definition.id === choice) ? choice : grantable[0]?.id;

  const grant = async () => {
    const permissionId = selected;
    if (!permissionId || busy) return;
    setBusy('grant');
    try {
      const granted = await app.serverTeams.grantPermission(teamId, member.id, permissionId);
      if (granted.status === 'error') throw granted.error;
      onChange({ ...roster, grants: withGrant(roster.grants, member.id, permissionId, true) });
      setChoice('');
      toast(`Granted ${permissionId} to ${who}`);
    } catch (thrown) {
      toast(`${permissionId} could not be granted. ${messageOf(thrown)}`, 'error');
    } finally {
      setBusy(null);
    }
  };

  const revoke = async (permissionId: string) => {
    if (busy) return;
    setBusy(permissionId);
    try {
      const revoked = await app.serverTeams.revokePermission(teamId, member.id, permissionId);
      if (revoked.status === 'error') throw revoked.error;
      onChange({ ...roster, grants: withGrant(roster.grants, member.id, permissionId, false) });
      toast(`Revoked ${permissionId} from ${who}`);
    } catch (thrown) {
      toast(`${permissionId} could not be revoked. ${messageOf(thrown)}`, 'error');
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    try {
      const removed = await app.serverTeams.removeMember(teamId, member.id);
      if (removed.status === 'error') throw removed.error;
      const grants = new Map(roster.grants);
      grants.delete(member.id);
      onChange({ ...roster, members: roster.members.filter((m) => m.id !== member.id), grants });
      toast(`${who} removed from the team`);
    } catch (thrown) {
      toast(`${who} could not be removed. ${messageOf(thrown)}`, 'error');
    }
  };

  return (
    <li className="console-team-detail-member">
      <div className="console-team-detail-member-head">
        <div className="console-team-detail-member-who">
          <h3>
            <Link to={`/projects/${encodeURIComponent(projectId)}/users/${encodeURIComponent(member.id)}`}>
              {who}
            </Link>
          </h3>
          {member.primaryEmail && member.primaryEmail !== who && (
            <span className="console-muted">{member.primaryEmail}</span>
          )}
        </div>
        <ConfirmButton
          label="Remove"
          question={<>Remove {who} from the team? Their permissions in it go with them.</>}
          confirmLabel="Remove member"
          onConfirm={remove}
        />
      </div>
      <div className="console-team-detail-member-body">
        <div className="console-team-detail-member-perms">
          <div className="console-team-detail-permissions">
            <span className="console-team-detail-label">Permissions</span>
            {direct.length === 0 ? (
              <span className="console-muted">None granted</span>
            ) : (
              <ul className="console-teams-chips" aria-label={`Permissions of ${who}`}>
                {direct.map((id) => (
                  <li key={id} className="console-team-detail-chip">
                    <code>{id}</code>
                    <button
                      type="button"
                      className="console-team-detail-revoke"
                      aria-label={`Revoke ${id} from ${who}`}
                      disabled={busy !== null}
                      aria-busy={busy === id || undefined}
                      onClick={() => revoke(id)}
                    >
                      Revoke
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {contained.length > 0 && (
            <p className="console-muted console-team-detail-contained">
              Also holds, through those: {contained.join(', ')}
            </p>
          )}
        </div>
        {grantable.length > 0 && (
          <form
            className="console-team-detail-grant"
            onSubmit={(event) => {
              event.preventDefault();
              void grant();
            }}
          >
            <label className="console-visually-hidden" htmlFor={selectId}>
              Permission to grant to {who}
            </label>
            <select id={selectId} value={selected} onChange={(event) => setChoice(event.target.value)}>
              {grantable.map((definition) => (
                <option key={definition.id} value={definition.id}>
                  {definition.id}
                </option>
              ))}
            </select>
            <Button
              type="submit"
              variant="secondary"
              loading={busy === 'grant'}
              aria-label={`Grant to ${who}`}
            >
              Grant
            </Button>
          </form>
        )}
      </div>
    </li>
  );
}
