/** Deleting the user, after typing their email (or id when they have none); then back to the list. */
import { TypeToConfirm } from 'signet/react';
import { navigate } from '../../router/router.js';
import { Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';
import { userLabel } from '../users/format.js';
import { type UserSectionProps, usersPath } from './user-context.js';

/** The delete section. */
export function DeleteSection({
  app,
  projectId,
  user,
}: Pick<UserSectionProps, 'app' | 'projectId' | 'user'>) {
  const toast = useToast();
  const expected = user.primaryEmail ?? user.id;
  return (
    <Section title="Delete user">
      <TypeToConfirm
        label="Delete user"
        question={`Delete ${userLabel(user)} with their emails, password, sessions and team memberships? This cannot be undone.`}
        expected={expected}
        fieldLabel={`Type the user’s ${user.primaryEmail ? 'email' : 'id'} (${expected}) to confirm`}
        confirmLabel="Delete this user"
        onConfirm={async () => {
          try {
            await app.serverUsers.delete(user.id);
          } catch (error) {
            toast(messageOf(error), 'error');
            return;
          }
          toast(`Deleted ${userLabel(user)}`);
          navigate(usersPath(projectId));
        }}
      />
    </Section>
  );
}
