/** The routes of `features/team-invitations/` (wire.md §4.10). */
import type { RouteSpec } from '../../http/route.js';

/** Every endpoint of this feature. */
export const teamInvitationsRoutes: readonly RouteSpec[] = [];
