/**
 * The user's sessions, newest first: when each began and was last used, whether it is an
 * impersonation; any can be revoked, after which its tokens stop working at once.
 */
import { Badge, ConfirmButton } from 'signet/react';
import { EmptyState, LoadStatus, Section } from '../../shell/states.js';
import { TableFrame } from '../../shell/table-frame.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf, useLoad } from '../../shell/use-load.js';
import { formatDateTime } from '../users/format.js';
import type { UserSectionProps } from './user-context.js';

/** The sessions section. */
export function SessionsSection({ app, user }: Pick<UserSectionProps, 'app' | 'user'>) {
  const toast = useToast();
  const sessions = useLoad(() => app.serverSessions.list(user.id), [app, user.id]);
  return (
    <Section title="Sessions">
      <LoadStatus of={sessions} loading="Loading sessions" rows={2} what="The sessions" />
      {sessions.status === 'ready' && sessions.data.length === 0 && (
        <EmptyState title="No active sessions">The user is signed in nowhere.</EmptyState>
      )}
      {sessions.status === 'ready' && sessions.data.length > 0 && (
        <TableFrame caption="Sessions of this user" columns={['Started', 'Last used', 'Kind']} actions>
          {sessions.data.map((session) => (
            <tr key={session.id}>
              <td>{formatDateTime(session.createdAt)}</td>
              <td>{session.lastUsedAt === null ? 'Never' : formatDateTime(session.lastUsedAt)}</td>
              <td>{session.isImpersonation ? <Badge tone="warn">Impersonation</Badge> : 'Sign-in'}</td>
              <td>
                <ConfirmButton
                  label="Revoke"
                  question={`Revoke the session started ${formatDateTime(session.createdAt)}? It is signed out at its next request.`}
                  confirmLabel="Yes, revoke"
                  onConfirm={async () => {
                    try {
                      await app.serverSessions.revoke({ userId: user.id, sessionId: session.id });
                      toast('Session revoked');
                    } catch (error) {
                      toast(messageOf(error), 'error');
                    }
                    sessions.reload();
                  }}
                />
              </td>
            </tr>
          ))}
        </TableFrame>
      )}
    </Section>
  );
}
