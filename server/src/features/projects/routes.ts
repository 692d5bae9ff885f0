/** The routes of `features/projects/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { getCurrentProjectRoute } from './current.js';
import { deleteCurrentProjectRoute } from './delete-current.js';
import { updateCurrentProjectRoute } from './update-current.js';

/** Every endpoint of this feature. */
export const projectsRoutes: readonly RouteSpec[] = [
  getCurrentProjectRoute,
  deleteCurrentProjectRoute,
  updateCurrentProjectRoute,
];
