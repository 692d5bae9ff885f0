/**
 * "Members": every member with their picture and their name in this team, the user marked "You".
 * Shown only to a member with `$read_members` (the server refuses the list to anyone else); "Remove"
 * beside every other member only with `$remove_members`.
 */
import {
  Avatar,
  Badge,
  ConfirmButton,
  Item,
  ItemList,
  Stack,
  usePluginApi,
  useSignalValue,
  useUser,
} from '../../../react/index.js';
import { type TeamMemberProfile, teams } from '../index.js';
import { NotLoaded, Outcome, useActionOutcome } from './section-state.js';
import { useCan, useTeam } from './use-team.js';

const PENDING = { status: 'pending' } as const;

/** A member's name in the team (their own name when they set none), or a placeholder. */
export const memberName = (member: TeamMemberProfile) => member.displayName?.trim() || 'Unnamed member';

/** The team's members. */
export function MembersSection({ teamId }: { teamId: string }) {
  const api = usePluginApi(teams);
  const members = useSignalValue(api.membersOf(teamId), PENDING);
  const me = useUser()?.id;
  const team = useTeam(teamId);
  const canRemove = useCan(teamId, '$remove_members');
  const outcome = useActionOutcome();

  if (members.status !== 'ok')
    return <NotLoaded state={members} what="The members" onRetry={() => void api.refreshTeam(teamId)} />;
  const remove = (member: TeamMemberProfile) =>
    outcome.run(
      () => api.removeMember(teamId, member.userId),
      `${memberName(member)} could not be removed.`,
      `${memberName(member)} was removed from the team.`,
    );
  return (
    <Stack>
      <ItemList label="Members">
        {members.data.map((member) => {
          const name = memberName(member);
          const self = member.userId === me;
          return (
            <Item
              key={member.userId}
              data={{ 'data-member': member.userId }}
              media={<Avatar src={member.profileImageUrl} name={name} size={32} alt="" />}
              title={
                <>
                  {name}
                  {self && <Badge>You</Badge>}
                </>
              }
              actions={
                canRemove &&
                !self && (
                  <ConfirmButton
                    label="Remove"
                    question={`Remove ${name} from ${team?.displayName ?? 'the team'}?`}
                    confirmLabel="Yes, remove"
                    onConfirm={() => remove(member)}
                  />
                )
              }
            />
          );
        })}
      </ItemList>
      <Outcome of={outcome} />
    </Stack>
  );
}
