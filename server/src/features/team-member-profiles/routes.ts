/** The routes of `features/team-member-profiles/` (wire.md §4.10). */
import type { RouteSpec } from '../../http/route.js';
import { getMemberProfileRoute, updateMemberProfileRoute } from './[team_id]/[user_id].js';
import { listMemberProfilesRoute } from './index.js';

/** Every endpoint of this feature. */
export const teamMemberProfilesRoutes: readonly RouteSpec[] = [
  listMemberProfilesRoute,
  getMemberProfileRoute,
  updateMemberProfileRoute,
];
