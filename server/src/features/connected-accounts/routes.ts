/** The routes of `features/connected-accounts/`. */
import type { RouteSpec } from '../../http/route.js';
import { connectedAccessTokenRoute } from './[user_id]/[provider_id]/access-token.js';
import { disconnectAccountRoute } from './[user_id]/[provider_id].js';

/** Every endpoint of this feature. */
export const connectedAccountsRoutes: readonly RouteSpec[] = [
  connectedAccessTokenRoute,
  disconnectAccountRoute,
];
