/**
 * A team's page (`/projects/:projectId/teams/:teamId`): its name (renamed here), adding an existing
 * user or inviting one by email, its members with their permissions (granted and revoked here, the
 * whole team's loaded at once), the pending invitations, and deleting the team once the admin has
 * typed its name.
 */
import { useProjectAdmin } from '../../admin/admin-context.js';
import { Link } from '../../router/link.js';
import { navigate } from '../../router/router.js';
import type { PageProps } from '../../shell/page.js';
import { LoadError, LoadingRows, PageHeader, Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf, useLoad } from '../../shell/use-load.js';
import { dataOf, formatDate } from '../teams/failure.js';
import { deletionText, RenameTeamForm } from '../teams/teams-section.js';
import '../teams/teams.css';
import './team-detail.css';
import { TypeToConfirm } from 'signet/react';
import { AddMember } from './add-member.js';
import { InvitationsSection, InviteByEmail } from './invitations.js';
import { MembersSection } from './members-section.js';
import { loadRoster } from './roster.js';

/** The team page. */
export default function TeamDetailPage({ params }: PageProps) {
  const { app, projectId } = useProjectAdmin();
  const teamId = params.teamId ?? '';
  const teamsHref = `/projects/${encodeURIComponent(projectId)}/teams`;
  const team = useLoad(() => dataOf(app.serverTeams.get(teamId)), [app, teamId]);
  const roster = useLoad(() => loadRoster(app, teamId), [app, teamId]);
  const invitations = useLoad(() => dataOf(app.serverTeams.listInvitations(teamId)), [app, teamId]);
  const toast = useToast();
  const back = (
    <p className="console-team-detail-back">
      <Link to={teamsHref}>← All teams</Link>
    </p>
  );

  if (team.status === 'loading')
    return (
      <>
        {back}
        <LoadingRows label="Loading the team" />
      </>
    );
  if (team.status === 'error')
    return (
      <>
        {back}
        <PageHeader title="Team" />
        <LoadError what="The team" error={team.error} onRetry={team.reload} />
      </>
    );

  return (
    <>
      {back}
      <PageHeader
        title={team.data.displayName || '(no name)'}
        description={
          <>
            Team <code>{team.data.id}</code> · created {formatDate(team.data.createdAt)}
          </>
        }
      />
      <Section title="Name">
        <RenameTeamForm team={team.data} standalone onDone={(renamed) => renamed && team.set(renamed)} />
      </Section>
      <Section title="Add members">
        <AddMember teamId={teamId} roster={roster} />
        <InviteByEmail teamId={teamId} onSent={invitations.reload} />
      </Section>
      <MembersSection teamId={teamId} roster={roster} />
      <InvitationsSection teamId={teamId} invitations={invitations} />
      <Section title="Delete team">
        <p className="console-muted">
          Deleting the team removes its memberships, permissions and pending invitations. Its members keep
          their accounts.
        </p>
        <TypeToConfirm
          label="Delete team"
          question={<>Delete the team “{team.data.displayName || team.data.id}”? This cannot be undone.</>}
          expected={deletionText(team.data)}
          fieldLabel={`Type the team’s ${team.data.displayName.trim() ? 'name' : 'id'} “${deletionText(team.data)}” to confirm`}
          confirmLabel="Delete this team"
          onConfirm={async () => {
            try {
              const deleted = await app.serverTeams.delete(teamId);
              if (deleted.status === 'error') throw deleted.error;
              toast(`Team “${team.data.displayName || team.data.id}” deleted`);
              navigate(teamsHref);
            } catch (thrown) {
              toast(`The team could not be deleted. ${messageOf(thrown)}`, 'error');
            }
          }}
        />
      </Section>
    </>
  );
}
