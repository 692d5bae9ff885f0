/**
 * The invitations the signed-in user received (sent to any of their verified emails): each with
 * its team, the address it was sent to and when it expires, Join and Decline (Decline asks first,
 * since a declined invitation cannot be accepted later, not even by its emailed link).
 */

import { useState } from 'react';
import { HttpStatusError } from '../../core/index.js';
import {
  Actions,
  Avatar,
  Button,
  ConfirmButton,
  FieldError,
  Item,
  ItemList,
  Note,
  Spinner,
  Stack,
  usePluginApi,
  useSignalValue,
} from '../../react/index.js';
import { type ReceivedTeamInvitation, type Team, teams } from './index.js';

/** Shown when an invitation answered 404: accepted, declined, revoked or expired meanwhile. */
export const INVITATION_GONE_MESSAGE = 'This invitation is no longer valid.';

/** Props of `ReceivedInvitations`. */
export interface ReceivedInvitationsProps {
  /** Called after the user joined a team through one of the invitations (the team list is reloaded). */
  onJoined?: (invitation: ReceivedTeamInvitation, team: Team | null) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Expires in 6 days (12 May 2025, 14:03)": relative for a quick read, the date for the exact moment. */
export function expiryText(expiresAt: number, now = Date.now()): string {
  const exact = new Date(expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const left = expiresAt - now;
  if (left <= 0) return `Expired ${exact}`;
  // Rounded, as people say it: 4 days and 23 hours left is "in 5 days".
  const days = Math.round(left / DAY_MS);
  const hours = Math.round(left / (60 * 60 * 1000));
  const relative =
    hours >= 24
      ? `in ${Math.max(days, 1)} day${days > 1 ? 's' : ''}`
      : hours >= 1
        ? `in ${hours} hour${hours === 1 ? '' : 's'}`
        : 'in less than an hour';
  return `Expires ${relative} (${exact})`;
}

/** The user's pending invitations, to join or decline. */
export function ReceivedInvitations({ onJoined }: ReceivedInvitationsProps = {}) {
  const api = usePluginApi(teams);
  const received = useSignalValue(api.received, { status: 'pending' } as const);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Invitations found gone (404): hidden at once, while the list reloads.
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());

  /** Runs an answer to one invitation and says how it went. */
  const answer = async (
    invitation: ReceivedTeamInvitation,
    run: () => ReturnType<typeof api.acceptReceived>,
    done: string,
  ): Promise<boolean> => {
    setNotice(null);
    setError(null);
    try {
      const result = await run();
      if (result.status === 'error') {
        setError(result.error.message);
        return false;
      }
      setNotice(done);
      return true;
    } catch (failure) {
      if (failure instanceof HttpStatusError && failure.status === 404) {
        setError(INVITATION_GONE_MESSAGE);
        setGone((before) => new Set(before).add(invitation.id));
        // Every reader of the list (the switcher's count too) learns it is gone.
        void api.refreshReceived().catch(() => {});
      } else setError(`That did not work: ${(failure as Error).message}`);
      return false;
    }
  };

  if (received.status === 'pending') return <Spinner />;
  if (received.status === 'error')
    return (
      <FieldError>
        Your invitations could not be loaded: {(received.error as Error)?.message ?? String(received.error)}
      </FieldError>
    );
  const pending = received.data.filter((invitation) => !gone.has(invitation.id));
  return (
    <Stack>
      {pending.length === 0 ? (
        <Note>No pending invitations</Note>
      ) : (
        <ItemList label="Invitations you received">
          {pending.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              onJoin={async () => {
                const joined = await answer(
                  invitation,
                  () => api.acceptReceived(invitation.id),
                  `You joined ${invitation.teamDisplayName}.`,
                );
                if (!joined) return;
                const list = api.list.peek();
                const team =
                  list.status === 'ok' ? (list.data.find((t) => t.id === invitation.teamId) ?? null) : null;
                onJoined?.(invitation, team);
              }}
              onDecline={async () => {
                await answer(
                  invitation,
                  () => api.declineReceived(invitation.id),
                  `You declined the invitation to ${invitation.teamDisplayName}.`,
                );
              }}
            />
          ))}
        </ItemList>
      )}
      {notice && <Note role="status">{notice}</Note>}
      <FieldError>{error}</FieldError>
    </Stack>
  );
}

function InvitationRow({
  invitation,
  onJoin,
  onDecline,
}: {
  invitation: ReceivedTeamInvitation;
  onJoin: () => Promise<void>;
  onDecline: () => Promise<void>;
}) {
  const [joining, setJoining] = useState(false);
  return (
    <Item
      data={{ 'data-invitation': invitation.id }}
      media={<Avatar src={null} name={invitation.teamDisplayName} size={32} />}
      title={invitation.teamDisplayName}
      actions={
        <Actions>
          <Button
            loading={joining}
            aria-label={`Join ${invitation.teamDisplayName}`}
            onClick={async () => {
              setJoining(true);
              try {
                await onJoin();
              } finally {
                setJoining(false);
              }
            }}
          >
            Join
          </Button>
          <ConfirmButton
            label="Decline"
            question={`Decline the invitation to ${invitation.teamDisplayName}? It cannot be accepted afterwards.`}
            confirmLabel="Yes, decline"
            onConfirm={onDecline}
          />
        </Actions>
      }
    >
      <Note>Sent to {invitation.recipientEmail}</Note>
      <Note>{expiryText(invitation.expiresAt)}</Note>
    </Item>
  );
}
