/** The routes of `features/team-memberships/` (wire.md §4.10). */
import type { RouteSpec } from '../../http/route.js';

/** Every endpoint of this feature. */
export const teamMembershipsRoutes: readonly RouteSpec[] = [];
