/**
 * Deleting the selected users: one confirmation that says how many, then one request per user (the
 * API deletes one at a time), with the progress announced, a toast with the count, and each
 * failure listed by user so the admin can try again.
 */
import { useState } from 'react';
import type { ServerUser } from 'signet/plugins/server-users';
import { ConfirmButton } from 'signet/react';
import type { AdminApp } from '../../admin/admin-app.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';
import { userLabel } from './format.js';

/** "1 user", "3 users". */
export const usersCount = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;

/** Props of `BulkDelete`. */
export interface BulkDeleteProps {
  app: AdminApp;
  /** The selected users, in the table's order. */
  users: ServerUser[];
  /** Called after the run with the ids that were deleted. */
  onDone: (deleted: string[]) => void;
}

/** The "Delete N users" action with its confirmation, progress and failures. */
export function BulkDelete({ app, users, onDone }: BulkDeleteProps) {
  const toast = useToast();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failures, setFailures] = useState<Array<{ label: string; reason: string }>>([]);

  const run = async () => {
    const deleted: string[] = [];
    const failed: Array<{ label: string; reason: string }> = [];
    setFailures([]);
    setProgress({ done: 0, total: users.length });
    for (const [index, user] of users.entries()) {
      try {
        await app.serverUsers.delete(user.id);
        deleted.push(user.id);
      } catch (error) {
        failed.push({ label: userLabel(user), reason: messageOf(error) });
      }
      setProgress({ done: index + 1, total: users.length });
    }
    setProgress(null);
    setFailures(failed);
    if (deleted.length > 0) toast(`Deleted ${usersCount(deleted.length)}`);
    if (failed.length > 0) toast(`${usersCount(failed.length)} could not be deleted`, 'error');
    onDone(deleted);
  };

  return (
    <div className="console-users-bulk">
      {users.length > 0 && (
        <ConfirmButton
          label={`Delete ${usersCount(users.length)}`}
          question={`Delete ${usersCount(users.length)} with their emails, passwords and sessions? This cannot be undone.`}
          confirmLabel={`Yes, delete ${usersCount(users.length)}`}
          onConfirm={run}
        />
      )}
      {progress && (
        <p role="status" className="console-muted">
          Deleting {progress.done} of {progress.total}…
        </p>
      )}
      {failures.length > 0 && (
        <div role="alert" className="console-error">
          <p>These users could not be deleted:</p>
          <ul>
            {failures.map((failure) => (
              <li key={failure.label}>
                {failure.label}: {failure.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
