/** The routes of `features/oauth/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { oauthAuthorizeRoute } from './authorize/[provider_id].js';
import { oauthCallbackPostRoute, oauthCallbackRoute } from './callback/[provider_id].js';
import { deprecatedConnectedAccessTokenRoute } from './connected-accounts/[provider_id]/access-token.js';
import { oauthTokenRoute } from './token.js';

/** Every endpoint of this feature. */
export const oauthRoutes: readonly RouteSpec[] = [
  oauthTokenRoute,
  oauthAuthorizeRoute,
  oauthCallbackRoute,
  oauthCallbackPostRoute,
  deprecatedConnectedAccessTokenRoute,
];
