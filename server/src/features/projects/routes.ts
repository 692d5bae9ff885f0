/** The routes of `features/projects/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { jwksRoute } from './[project_id]/.well-known/jwks.json.js';
import { deleteCurrentProjectRoute, getCurrentProjectRoute, updateCurrentProjectRoute } from './current.js';

/** Every endpoint of this feature. */
export const projectsRoutes: readonly RouteSpec[] = [
  jwksRoute,
  getCurrentProjectRoute,
  updateCurrentProjectRoute,
  deleteCurrentProjectRoute,
];
