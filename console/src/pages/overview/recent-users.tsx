/** The overview's short lists of users (newest sign-ups, latest activity), each opening the user. */
import type { ServerUser } from 'signet';
import { Link } from '../../router/link.js';
import { EmptyState } from '../../shell/states.js';
import { TableFrame } from '../../shell/table-frame.js';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Props of `RecentUsers`. */
export interface RecentUsersProps {
  projectId: string;
  users: readonly ServerUser[];
  /** The heading of the time column, and which time it shows. */
  when: { label: string; of: (user: ServerUser) => number };
  /** The table's name for assistive technology. */
  caption: string;
  /** What the empty list says. */
  empty: string;
}

/** A table of `users`: name or email linking to the user's page, then the chosen time. */
export function RecentUsers({ projectId, users, when, caption, empty }: RecentUsersProps) {
  if (users.length === 0) return <EmptyState title={empty} />;
  return (
    <TableFrame caption={caption} columns={['User', when.label]}>
      {users.map((user) => {
        const at = new Date(when.of(user));
        return (
          <tr key={user.id}>
            <td>
              <Link
                to={`/projects/${encodeURIComponent(projectId)}/users/${encodeURIComponent(user.id)}`}
                className="console-overview-user"
              >
                {user.displayName || user.primaryEmail || user.id}
              </Link>
              {user.displayName && user.primaryEmail && (
                <span className="console-muted console-overview-email">{user.primaryEmail}</span>
              )}
            </td>
            <td>
              <time dateTime={at.toISOString()}>{timeFormat.format(at)}</time>
            </td>
          </tr>
        );
      })}
    </TableFrame>
  );
}
