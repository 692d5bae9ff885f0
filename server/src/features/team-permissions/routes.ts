/** The routes of `features/team-permissions/` (wire.md §4.10). */
import type { RouteSpec } from '../../http/route.js';
import {
  grantTeamPermissionRoute,
  revokeTeamPermissionRoute,
} from './[team_id]/[user_id]/[permission_id].js';
import { listTeamPermissionsRoute } from './index.js';

/** Every endpoint of this feature. */
export const teamPermissionsRoutes: readonly RouteSpec[] = [
  listTeamPermissionsRoute,
  grantTeamPermissionRoute,
  revokeTeamPermissionRoute,
];
