/** `app.teams`: the teams plugin's calls and signals, and its pages. */
import type { CacheState, CurrentUser, ReadonlySignal, Result } from '../../core/index.js';
import type {
  ReceivedInvitationErrorCode,
  ReceivedTeamInvitation,
  Team,
  TeamAccessErrorCode,
  TeamActionErrorCode,
  TeamCreateErrorCode,
  TeamInvitation,
  TeamInvitationAcceptErrorCode,
  TeamInvitationCodeErrorCode,
  TeamInvitationDetails,
  TeamInviteErrorCode,
  TeamMemberProfile,
  TeamPermission,
  TeamUpdate,
} from './team.js';

/**
 * The plugin's pages: the one an emailed invitation link opens (`/handler/team-invitation`), a
 * team's settings (`/handler/team-settings/<team id>`) and creating a team (`/handler/create-team`).
 */
export type TeamsUrl = 'teamInvitation' | 'teamSettings' | 'createTeam';

/** `app.teams`. */
export interface TeamsApi {
  /** The signed-in user's teams, oldest first; loads on first read, refreshes after each change here. */
  readonly list: ReadonlySignal<CacheState<Team[]>>;
  /** The user's selected team, found in `list` by the user's `selectedTeamId` (null while it loads). */
  readonly selected: ReadonlySignal<Team | null>;
  /** Loads (or reloads) the list. */
  refresh(): Promise<Team[]>;
  /** Creates a team with the user as its creator (the project must let clients create teams). */
  create(input: {
    displayName: string;
    profileImageUrl?: string | null;
  }): Promise<Result<Team, TeamCreateErrorCode>>;
  /** One of the user's teams. */
  get(teamId: string): Promise<Result<Team, TeamAccessErrorCode>>;
  /** Changes a team; needs `$update_team`. */
  update(teamId: string, change: TeamUpdate): Promise<Result<Team, TeamActionErrorCode>>;
  /** Deletes a team for every member; needs `$delete_team`. */
  delete(teamId: string): Promise<Result<void, TeamActionErrorCode>>;
  /** Leaves a team (no permission needed to leave). */
  leave(teamId: string): Promise<Result<void, TeamAccessErrorCode>>;
  /**
   * Makes one of the user's teams the selected one (null for none) and updates `app.user` from the
   * answer. A team the user is not in is refused by the server (400, thrown).
   */
  select(teamId: string | null): Promise<CurrentUser>;
  /** Every member's profile in a team; listing the others needs `$read_members`. */
  members(teamId: string): Promise<Result<TeamMemberProfile[], TeamActionErrorCode>>;
  /** The user's own profile in a team. */
  myProfile(teamId: string): Promise<Result<TeamMemberProfile, TeamAccessErrorCode>>;
  /** Changes the user's own profile in a team; null falls back to the user's own name or image. */
  updateMyProfile(
    teamId: string,
    change: { displayName?: string | null; profileImageUrl?: string | null },
  ): Promise<Result<TeamMemberProfile, TeamAccessErrorCode>>;
  /**
   * The permissions the user holds in a team: with those they contain (`recursive`, the default),
   * or only those granted directly. Not a member: an empty list.
   */
  permissions(teamId: string, options?: { recursive?: boolean }): Promise<TeamPermission[]>;
  /** Whether the user holds `permissionId` in a team, directly or contained in another. */
  hasPermission(teamId: string, permissionId: string): Promise<boolean>;
  /**
   * Emails an invitation to join a team (needs `$invite_members`); its link leads to `callbackUrl`,
   * the app's team-invitation page by default. Resolves the invitation's id.
   */
  invite(
    teamId: string,
    email: string,
    options?: { callbackUrl?: string },
  ): Promise<Result<{ id: string }, TeamInviteErrorCode>>;
  /** A team's pending invitations; needs `$read_members` and `$invite_members`. */
  invitations(teamId: string): Promise<Result<TeamInvitation[], TeamActionErrorCode>>;
  /** Withdraws a pending invitation; needs `$remove_members`. */
  revokeInvitation(teamId: string, invitationId: string): Promise<Result<void, TeamActionErrorCode>>;
  /** The team an invitation code leads to, for the invitee to confirm (needs a signed-in user). */
  invitationDetails(code: string): Promise<Result<TeamInvitationDetails, TeamInvitationAcceptErrorCode>>;
  /** Joins the invitation's team (unless a member already), then reloads the list. */
  acceptInvitation(code: string): Promise<Result<void, TeamInvitationAcceptErrorCode>>;
  /** Checks an invitation code without using it; works signed out. */
  checkInvitationCode(code: string): Promise<Result<void, TeamInvitationCodeErrorCode>>;
  /** Removes another member from a team; needs `$remove_members` (leaving yourself is `leave`). */
  removeMember(teamId: string, userId: string): Promise<Result<void, TeamActionErrorCode>>;
  /**
   * The user's permissions in a team with those they contain: one cached list per team, shared by
   * every screen, reloaded after each change made here. Screens gate their controls on it.
   */
  permissionsOf(teamId: string): ReadonlySignal<CacheState<TeamPermission[]>>;
  /** The members' profiles of a team (others only with `$read_members`), cached per team. */
  membersOf(teamId: string): ReadonlySignal<CacheState<TeamMemberProfile[]>>;
  /** A team's pending invitations (needs `$read_members` and `$invite_members`), cached per team. */
  invitationsOf(teamId: string): ReadonlySignal<CacheState<TeamInvitation[]>>;
  /** Reloads the cached views of one team (after a change made elsewhere). */
  refreshTeam(teamId: string): Promise<void>;
  /**
   * Pending invitations sent to any of the user's verified emails, with the team's name (signet's
   * addition to the wire: `GET /team-invitations?user_id=me`).
   */
  readonly received: ReadonlySignal<CacheState<ReceivedTeamInvitation[]>>;
  /** Reloads the received invitations (after one was found gone, say). */
  refreshReceived(): Promise<void>;
  /** Joins the team of a received invitation, then reloads the team list and the received list. */
  acceptReceived(invitationId: string): Promise<Result<void, ReceivedInvitationErrorCode>>;
  /** Refuses a received invitation: it can no longer be accepted, by id or by its emailed link. */
  declineReceived(invitationId: string): Promise<Result<void, ReceivedInvitationErrorCode>>;
}
