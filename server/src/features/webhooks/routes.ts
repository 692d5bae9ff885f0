/** The routes of `features/webhooks/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { svixTokenRoute } from './svix-token.js';

/** Every endpoint of this feature. */
export const webhooksRoutes: readonly RouteSpec[] = [svixTokenRoute];
