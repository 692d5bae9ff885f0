/**
 * The User page: the facts about one user, and everything an admin does for them: edit the
 * profile and password, manage email addresses, edit metadata as JSON, see and revoke sessions,
 * remove two-factor, impersonate, delete.
 */
import { useState } from 'react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { Link } from '../../router/link.js';
import type { PageProps } from '../../shell/page.js';
import { EmptyState, LoadError, LoadingRows, PageHeader } from '../../shell/states.js';
import { useLoad } from '../../shell/use-load.js';
import { userLabel } from '../users/format.js';
import { ContactChannelsSection } from './contact-channels-section.js';
import { DeleteSection } from './delete-section.js';
import { ImpersonateSection } from './impersonate-section.js';
import { MetadataSection } from './metadata-section.js';
import { PasswordSection } from './password-section.js';
import { ProfileSection } from './profile-section.js';
import { SessionsSection } from './sessions-section.js';
import { TwoFactorSection } from './two-factor-section.js';
import { usersPath } from './user-context.js';
import { UserFacts } from './user-facts.js';
import './user-detail.css';

export default function UserDetailPage({ params }: PageProps) {
  const { app, projectId } = useProjectAdmin();
  const userId = params.userId ?? '';
  const user = useLoad(() => app.serverUsers.get(userId), [app, userId]);
  // Bumped after an impersonation, so the sessions list shows the new session.
  const [sessionsRound, setSessionsRound] = useState(0);
  const back = (
    <Link to={usersPath(projectId)} className="console-user-back">
      ← All users
    </Link>
  );

  if (user.status === 'loading') return <LoadingRows label="Loading the user" />;
  if (user.status === 'error')
    return (
      <>
        {back}
        <LoadError what="The user" error={user.error} onRetry={user.reload} />
      </>
    );
  if (!user.data)
    return (
      <>
        {back}
        <PageHeader title="User not found" />
        <EmptyState title="This project has no user with this id">It may have been deleted.</EmptyState>
      </>
    );
  const current = user.data;
  const props = { app, projectId, user: current, onUser: user.set };
  return (
    <div className="console-user-detail">
      {back}
      <PageHeader
        title={userLabel(current)}
        description={current.displayName && current.primaryEmail ? current.displayName : undefined}
      />
      <UserFacts {...props} />
      {/* Re-keyed when the saved profile changes elsewhere (a new primary email), so the form shows it. */}
      <ProfileSection
        key={[
          current.displayName,
          current.primaryEmail,
          current.primaryEmailVerified,
          current.primaryEmailAuthEnabled,
        ].join('\u0000')}
        {...props}
      />
      <PasswordSection {...props} />
      <ContactChannelsSection {...props} />
      <MetadataSection {...props} />
      <SessionsSection key={sessionsRound} {...props} />
      <TwoFactorSection {...props} />
      <ImpersonateSection {...props} onImpersonated={() => setSessionsRound((n) => n + 1)} />
      <DeleteSection {...props} />
    </div>
  );
}
