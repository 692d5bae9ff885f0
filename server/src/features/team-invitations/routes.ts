/** The routes of `features/team-invitations/` (wire.md §4.10), in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { acceptReceivedTeamInvitationRoute } from './[id]/accept.js';
import { declineReceivedTeamInvitationRoute } from './[id]/decline.js';
import { deleteTeamInvitationRoute } from './[id].js';
import { teamInvitationDetailsRoute } from './accept/details.js';
import { acceptCheckCodeRoute, acceptTeamInvitationRoute } from './accept.js';
import { listTeamInvitationsRoute } from './index.js';
import { sendTeamInvitationRoute } from './send-code.js';

/** Every endpoint of this feature. */
export const teamInvitationsRoutes: readonly RouteSpec[] = [
  sendTeamInvitationRoute,
  listTeamInvitationsRoute,
  deleteTeamInvitationRoute,
  acceptTeamInvitationRoute,
  acceptCheckCodeRoute,
  teamInvitationDetailsRoute,
  acceptReceivedTeamInvitationRoute,
  declineReceivedTeamInvitationRoute,
];
