/** The routes of `features/sessions/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { createSessionRoute } from './create.js';
import { refreshCurrentRoute, signOutRoute } from './current.js';
import { oauthTokenRoute } from './refresh-token-grant.js';
import { deleteSessionRoute, listSessionsRoute } from './user-sessions.js';

/** Every endpoint of this feature. */
export const sessionsRoutes: readonly RouteSpec[] = [
  createSessionRoute,
  refreshCurrentRoute,
  signOutRoute,
  oauthTokenRoute,
  deleteSessionRoute,
  listSessionsRoute,
];
