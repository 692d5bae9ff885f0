/** The routes of `features/team-permission-definitions/` (wire.md §4.10). */
import type { RouteSpec } from '../../http/route.js';

/** Every endpoint of this feature. */
export const teamPermissionDefinitionsRoutes: readonly RouteSpec[] = [];
