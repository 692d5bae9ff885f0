/**
 * Invitations of a team: one sent by email (its link leads to the app's team-invitation page on a
 * trusted domain the admin picks), and the pending ones, each revocable after a confirmation.
 */
import { useState } from 'react';
import type { TeamInvitation } from 'signet/plugins/server-teams';
import { Button, ConfirmButton, Form, FormError, Note, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { Link } from '../../router/link.js';
import { EmptyState, LoadStatus, Section } from '../../shell/states.js';
import { TableFrame } from '../../shell/table-frame.js';
import { useToast } from '../../shell/toasts.js';
import type { Loaded } from '../../shell/use-load.js';
import { messageOf } from '../../shell/use-load.js';
import { formatDate } from '../teams/failure.js';
import { invitationCallbackUrl } from './invitation-link.js';

/** Whether `email` looks like an address worth sending to (the server has the last word). */
const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** The "Invite by email" part of a team's page. */
export function InviteByEmail({ teamId, onSent }: { teamId: string; onSent(): void }) {
  const { app, project, projectId } = useProjectAdmin();
  const toast = useToast();
  const links = project.config.domains.map(invitationCallbackUrl);
  const [email, setEmail] = useState('');
  const [link, setLink] = useState(links[0] ?? '');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const callbackUrl = links.includes(link) ? link : (links[0] ?? '');

  if (links.length === 0)
    return (
      <div className="console-team-detail-part">
        <h3>Invite by email</h3>
        <Note>
          An invitation links to your app’s team-invitation page, which must be on a trusted domain, and this
          project has none yet.{' '}
          <Link to={`/projects/${encodeURIComponent(projectId)}/domains`}>Add a trusted domain</Link> to
          invite people by email.
        </Note>
      </div>
    );

  const submit = async () => {
    if (busy) return;
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setError('Enter an email address, such as name@example.com.');
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const sent = await app.serverTeams.sendInvitation(teamId, address, { callbackUrl });
      if (sent.status === 'error') {
        if (sent.error.code === 'REDIRECT_URL_NOT_WHITELISTED')
          setFormError(
            'The invitation link is not on a trusted domain of the project. Check the Domains page.',
          );
        else if (sent.error.code === 'SCHEMA_ERROR') setError(sent.error.message);
        else setFormError(sent.error.message);
        return;
      }
      setEmail('');
      toast(`Invitation sent to ${address}`);
      onSent();
    } catch (thrown) {
      setFormError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="console-team-detail-part">
      <h3>Invite by email</h3>
      <Form name="invite-member" onSubmit={submit}>
        <div className="console-teams-inline-form">
          <TextField
            label="Email to invite"
            type="email"
            autoComplete="off"
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
          {links.length > 1 && (
            <label className="console-team-detail-select">
              <span className="signet-label">Invitation link leads to</span>
              <select value={callbackUrl} onChange={(event) => setLink(event.target.value)}>
                {links.map((url) => (
                  <option key={url} value={url}>
                    {url}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Button type="submit" loading={busy}>
            Send invitation
          </Button>
        </div>
        {links.length === 1 && <p className="console-muted">The link leads to {callbackUrl}.</p>}
        <FormError>{formError}</FormError>
      </Form>
    </div>
  );
}

/** The "Pending invitations" section of a team's page. */
export function InvitationsSection({
  teamId,
  invitations,
}: {
  teamId: string;
  invitations: Loaded<TeamInvitation[]>;
}) {
  const { app } = useProjectAdmin();
  const toast = useToast();
  const revoke = async (invitation: TeamInvitation) => {
    try {
      const revoked = await app.serverTeams.revokeInvitation(teamId, invitation.id);
      if (revoked.status === 'error') throw revoked.error;
      invitations.set((invitations.data ?? []).filter((i) => i.id !== invitation.id));
      toast(`Invitation to ${invitation.recipientEmail} revoked`);
    } catch (thrown) {
      toast(`The invitation could not be revoked. ${messageOf(thrown)}`, 'error');
    }
  };
  return (
    <Section title="Pending invitations">
      <LoadStatus of={invitations} loading="Loading invitations" rows={2} what="The invitations" />
      {invitations.status === 'ready' &&
        (invitations.data.length === 0 ? (
          <EmptyState title="No pending invitations" />
        ) : (
          <TableFrame columns={['Email', 'Expires', 'Actions']}>
            {invitations.data.map((invitation) => (
              <tr key={invitation.id}>
                <td>{invitation.recipientEmail}</td>
                <td>{formatDate(invitation.expiresAt)}</td>
                <td>
                  <ConfirmButton
                    label="Revoke"
                    question={
                      <>Revoke the invitation to {invitation.recipientEmail}? Its link stops working.</>
                    }
                    confirmLabel="Revoke invitation"
                    onConfirm={() => revoke(invitation)}
                  />
                </td>
              </tr>
            ))}
          </TableFrame>
        ))}
    </Section>
  );
}
