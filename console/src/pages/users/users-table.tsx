/**
 * The users of one page: email (a link to the user's page), name, sign-up, last activity, whether
 * the primary email is verified, and the sign-in methods; a checkbox per row and one for the page
 * select users for bulk deletion.
 */
import { useEffect, useRef } from 'react';
import type { ServerUser } from 'signet/plugins/server-users';
import { Badge } from 'signet/react';
import { Link } from '../../router/link.js';
import { formatDateTime, signInMethods, userLabel } from './format.js';

/** Props of `UsersTable`. */
export interface UsersTableProps {
  projectId: string;
  users: ServerUser[];
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
}

/** The table of users with selection checkboxes. */
export function UsersTable({ projectId, users, selected, onSelectedChange }: UsersTableProps) {
  const all = users.length > 0 && users.every((user) => selected.has(user.id));
  const some = !all && users.some((user) => selected.has(user.id));
  const selectAll = useRef<HTMLInputElement>(null);
  // "Some selected" is a property, not an attribute: set it on the element.
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = some;
  }, [some]);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  return (
    <div className="console-table-wrap">
      <table className="console-table console-users-table">
        <caption className="console-visually-hidden">Users</caption>
        <thead>
          <tr>
            <th scope="col" className="console-users-check">
              <input
                ref={selectAll}
                type="checkbox"
                aria-label="Select all users on this page"
                checked={all}
                onChange={(event) =>
                  onSelectedChange(event.target.checked ? new Set(users.map((user) => user.id)) : new Set())
                }
              />
            </th>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">Signed up</th>
            <th scope="col" className="console-users-wide">
              Last active
            </th>
            <th scope="col">Email verified</th>
            <th scope="col" className="console-users-wide">
              Sign-in methods
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const methods = signInMethods(user);
            return (
              <tr key={user.id}>
                <td className="console-users-check">
                  <input
                    type="checkbox"
                    aria-label={`Select ${userLabel(user)}`}
                    checked={selected.has(user.id)}
                    onChange={(event) => toggle(user.id, event.target.checked)}
                  />
                </td>
                <td className="console-users-email">
                  <Link
                    to={`/projects/${encodeURIComponent(projectId)}/users/${encodeURIComponent(user.id)}`}
                  >
                    {user.primaryEmail ?? <span>No email ({user.id.slice(0, 8)}…)</span>}
                  </Link>
                </td>
                <td>{user.displayName ?? <span className="console-muted">—</span>}</td>
                <td>{formatDateTime(user.signedUpAt)}</td>
                <td className="console-users-wide">{formatDateTime(user.lastActiveAt)}</td>
                <td>
                  {user.primaryEmail === null ? (
                    <span className="console-muted">No email</span>
                  ) : user.primaryEmailVerified ? (
                    <Badge tone="ok">Verified</Badge>
                  ) : (
                    <Badge tone="warn">Unverified</Badge>
                  )}
                </td>
                <td className="console-users-wide">
                  {methods.length > 0 ? methods.join(', ') : <span className="console-muted">None</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
