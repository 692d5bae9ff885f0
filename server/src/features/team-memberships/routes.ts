/** The routes of `features/team-memberships/` (wire.md §4.10). */
import type { RouteSpec } from '../../http/route.js';
import { addTeamMemberRoute, removeTeamMemberRoute } from './[team_id]/[user_id].js';

/** Every endpoint of this feature. */
export const teamMembershipsRoutes: readonly RouteSpec[] = [addTeamMemberRoute, removeTeamMemberRoute];
