/** The routes of `features/oauth/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { oauthTokenRoute } from './token.js';

/** Every endpoint of this feature. */
export const oauthRoutes: readonly RouteSpec[] = [oauthTokenRoute];
