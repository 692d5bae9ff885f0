/** The routes of `features/teams/` (wire.md §4.10). */
import type { RouteSpec } from '../../http/route.js';
import { deleteTeamRoute, getTeamRoute, updateTeamRoute } from './[team_id].js';
import { createTeamRoute, listTeamsRoute } from './index.js';

/** Every endpoint of this feature. */
export const teamsRoutes: readonly RouteSpec[] = [
  listTeamsRoute,
  createTeamRoute,
  getTeamRoute,
  updateTeamRoute,
  deleteTeamRoute,
];
