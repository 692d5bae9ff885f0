/**
 * The teams plugin's team sections, in the order a team's page shows them. Each is gated by the
 * user's permissions in the team through its `useShown` hook, which reads the plugin's one cached
 * permission list per team: a section the user may not use is absent, never disabled. Other
 * plugins add their own sections to the same slot; the orders leave room between these.
 */
import type { TeamSectionSlot } from '../../react/index.js';
import { DeleteTeamSection } from './sections/delete.js';
import { InvitationsSection } from './sections/invitations.js';
import { InviteSection } from './sections/invite.js';
import { LeaveTeamSection } from './sections/leave.js';
import { MembersSection } from './sections/members.js';
import { MyTeamProfileSection } from './sections/my-profile.js';
import { TeamProfileSection } from './sections/team-profile.js';
import { useCan } from './sections/use-team.js';

/** Shown with `$update_team`. */
function useCanUpdateTeam(teamId: string) {
  return useCan(teamId, '$update_team');
}
/** Shown with `$read_members` (the server lists the members to no one else). */
function useCanReadMembers(teamId: string) {
  return useCan(teamId, '$read_members');
}
/** Shown with `$invite_members`. */
function useCanInvite(teamId: string) {
  return useCan(teamId, '$invite_members');
}
/** Shown with `$read_members` and `$invite_members`, as the server's list of invitations requires. */
function useCanReadInvitations(teamId: string) {
  return useCan(teamId, '$read_members', '$invite_members');
}
/** Shown with `$delete_team`. */
function useCanDeleteTeam(teamId: string) {
  return useCan(teamId, '$delete_team');
}

/** The sections of a team's page, for the `teamSections` slot. */
export const TEAM_SECTIONS: readonly TeamSectionSlot[] = [
  {
    id: 'my-profile',
    title: 'Your profile in this team',
    description: 'The name the other members see for you in this team.',
    order: 10,
    Component: MyTeamProfileSection,
  },
  {
    id: 'team-profile',
    title: 'Team profile',
    description: 'The team’s name and picture, as every member sees them.',
    order: 20,
    useShown: useCanUpdateTeam,
    Component: TeamProfileSection,
  },
  { id: 'members', title: 'Members', order: 30, useShown: useCanReadMembers, Component: MembersSection },
  {
    id: 'invite',
    title: 'Invite a member',
    description: 'They receive an email with a link to join the team.',
    order: 40,
    useShown: useCanInvite,
    Component: InviteSection,
  },
  {
    id: 'invitations',
    title: 'Pending invitations',
    order: 50,
    useShown: useCanReadInvitations,
    Component: InvitationsSection,
  },
  { id: 'leave-team', title: 'Leave team', order: 90, Component: LeaveTeamSection },
  {
    id: 'delete-team',
    title: 'Delete team',
    order: 100,
    useShown: useCanDeleteTeam,
    Component: DeleteTeamSection,
  },
];
