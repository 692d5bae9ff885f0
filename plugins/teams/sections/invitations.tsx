/**
 * "Pending invitations": the invitations not yet used, with their address and expiry. Shown only to
 * a member with `$read_members` and `$invite_members` (the server refuses the list otherwise);
 * "Revoke" only with `$remove_members`.
 */
import {
  ConfirmButton,
  Item,
  ItemList,
  Note,
  Stack,
  usePluginApi,
  useSignalValue,
} from '../../../react/index.js';
import { type TeamInvitation, teams } from '../index.js';
import { expiryText } from '../received-invitations.js';
import { NotLoaded, Outcome, useActionOutcome } from './section-state.js';
import { useCan } from './use-team.js';

const PENDING = { status: 'pending' } as const;

/** The team's pending invitations. */
export function InvitationsSection({ teamId }: { teamId: string }) {
  const api = usePluginApi(teams);
  const invitations = useSignalValue(api.invitationsOf(teamId), PENDING);
  const canRevoke = useCan(teamId, '$remove_members');
  const outcome = useActionOutcome();

  if (invitations.status !== 'ok')
    return (
      <NotLoaded state={invitations} what="The invitations" onRetry={() => void api.refreshTeam(teamId)} />
    );
  const revoke = (invitation: TeamInvitation) =>
    outcome.run(
      () => api.revokeInvitation(teamId, invitation.id),
      'The invitation could not be revoked.',
      `The invitation to ${invitation.recipientEmail} was revoked.`,
    );
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
      <Outcome of={outcome} />
    </Stack>
  );
}
