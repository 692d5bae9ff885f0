/** The routes of `features/teams/` (wire.md §4.10). */
import type { RouteSpec } from '../../http/route.js';

/** Every endpoint of this feature. */
export const teamsRoutes: readonly RouteSpec[] = [];
