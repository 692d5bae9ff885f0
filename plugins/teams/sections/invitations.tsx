/**
 * "Pending invitations": the invitations not yet used, with their address and expiry. Shown only to
 * a member with `$read_members` and `$invite_members` (the server refuses the list otherwise);
 * "Revoke" only with `$remove_members`.
 */
import { useState } from 'react';
import {
  ConfirmButton,
  FieldError,
  Item,
  ItemList,
  LoadFailed,
  Note,
  Spinner,
  Stack,
  usePluginApi,
  useSignalValue,
} from '../../../react/index.js';
import { type TeamInvitation, teams } from '../index.js';
import { expiryText } from '../received-invitations.js';
import { failureOf, teamErrorText, useCan } from './use-team.js';

const PENDING = { status: 'pending' } as const;

/** The team's pending invitations. */
export function InvitationsSection({ teamId }: { teamId: string }) {
  const api = usePluginApi(teams);
  const invitations = useSignalValue(api.invitationsOf(teamId), PENDING);
  const canRevoke = useCan(teamId, '$remove_members');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (invitations.status === 'pending') return <Spinner />;
  if (invitations.status === 'error')
    return (
      <LoadFailed
        what="The invitations"
        reason={teamErrorText(invitations.error)}
        onRetry={() => void api.refreshTeam(teamId)}
      />
    );
  const revoke = async (invitation: TeamInvitation) => {
    setNotice(null);
    setError(null);
    const failure = await failureOf(() => api.revokeInvitation(teamId, invitation.id));
    if (failure) setError(`The invitation could not be revoked. ${failure}`);
    else setNotice(`The invitation to ${invitation.recipientEmail} was revoked.`);
  };
  return (
    <Stack>
      {invitations.data.length === 0 ? (
        <Note>No pending invitations</Note>
      ) : (
        <ItemList label="Pending invitations">
          {invitations.data.map((invitation) => (
            <Item
              key={invitation.id}
              data={{ 'data-invitation': invitation.id }}
              title={invitation.recipientEmail}
              actions={
                canRevoke && (
                  <ConfirmButton
                    label="Revoke"
                    question={`Revoke the invitation to ${invitation.recipientEmail}? Its link will stop working.`}
                    confirmLabel="Yes, revoke"
                    onConfirm={() => revoke(invitation)}
                  />
                )
              }
            >
              <Note>{expiryText(invitation.expiresAt)}</Note>
            </Item>
          ))}
        </ItemList>
      )}
      {notice && <Note role="status">{notice}</Note>}
      <FieldError>{error}</FieldError>
    </Stack>
  );
}
