/** The routes of `features/team-permission-definitions/` (wire.md §4.10). */
import type { RouteSpec } from '../../http/route.js';
import { deletePermissionDefinitionRoute, updatePermissionDefinitionRoute } from './[permission_id].js';
import { createPermissionDefinitionRoute, listPermissionDefinitionsRoute } from './index.js';

/** Every endpoint of this feature. */
export const teamPermissionDefinitionsRoutes: readonly RouteSpec[] = [
  listPermissionDefinitionsRoute,
  createPermissionDefinitionRoute,
  updatePermissionDefinitionRoute,
  deletePermissionDefinitionRoute,
];
