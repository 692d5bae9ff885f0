/** The routes of `features/sessions/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { deleteSessionRoute } from './[id].js';
import { refreshCurrentRoute } from './current/refresh.js';
import { signOutRoute } from './current.js';
import { createSessionRoute, listSessionsRoute } from './index.js';

/** Every endpoint of this feature. */
export const sessionsRoutes: readonly RouteSpec[] = [
  deleteSessionRoute,
  signOutRoute,
  refreshCurrentRoute,
  createSessionRoute,
  listSessionsRoute,
];
