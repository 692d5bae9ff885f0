/**
 * Every endpoint the server answers: one list per feature folder. Order does not matter here:
 * the HTTP app puts fixed path segments before parameters (`orderRoutes`).
 *
 * One naming rule places every route: a feature folder is a resource (`users`, `auth/sessions` in
 * `sessions/`), and a route lives in the file named by the rest of its path: `index.ts` for the
 * resource itself, `me.ts` for `/users/me`, a parameter in brackets (`[user_id].ts`), deeper paths
 * in folders (`[user_id]/[contact_channel_id]/send-verification-code.ts`), every method of a path
 * in one file, and a `check-code` route beside the route it checks for. The API root and the routes
 * of no resource sit here (`index.ts`, `openapi.json.ts`). tests/unit/route-files.test.ts holds
 * every route to it.
 */
import type { RouteSpec } from '../http/route.js';
import { cliAuthRoutes } from './auth/cli/routes.js';
import { checkFeatureSupportRoute } from './check-feature-support.js';
import { connectedAccountsRoutes } from './connected-accounts/routes.js';
import { contactChannelsRoutes } from './contact-channels/routes.js';
import { emailTemplatesRoutes } from './email-templates/routes.js';
import { welcomeRoute } from './index.js';
import { internalRoutes } from './internal/routes.js';
import { mfaRoutes } from './mfa/routes.js';
import { oauthRoutes } from './oauth/routes.js';
import { openApiRoute } from './openapi.json.js';
import { otpRoutes } from './otp/routes.js';
import { passkeyRoutes } from './passkey/routes.js';
import { passwordRoutes } from './password/routes.js';
import { projectsRoutes } from './projects/routes.js';
import { sessionsRoutes } from './sessions/routes.js';
import { teamInvitationsRoutes } from './team-invitations/routes.js';
import { teamMemberProfilesRoutes } from './team-member-profiles/routes.js';
import { teamMembershipsRoutes } from './team-memberships/routes.js';
import { teamPermissionDefinitionsRoutes } from './team-permission-definitions/routes.js';
import { teamPermissionsRoutes } from './team-permissions/routes.js';
import { teamsRoutes } from './teams/routes.js';
import { usersRoutes } from './users/routes.js';
import { webhooksRoutes } from './webhooks/routes.js';

/** The routes of this version of the API. */
export const ROUTES: readonly RouteSpec[] = [
  openApiRoute(() => ROUTES, '0.1.0'),
  checkFeatureSupportRoute,
  welcomeRoute,
  ...cliAuthRoutes,
  ...connectedAccountsRoutes,
  ...contactChannelsRoutes,
  ...emailTemplatesRoutes,
  ...internalRoutes,
  ...mfaRoutes,
  ...oauthRoutes,
  ...otpRoutes,
  ...passkeyRoutes,
  ...passwordRoutes,
  ...projectsRoutes,
  ...sessionsRoutes,
  ...teamsRoutes,
  ...teamMembershipsRoutes,
  ...teamMemberProfilesRoutes,
  ...teamPermissionsRoutes,
  ...teamPermissionDefinitionsRoutes,
  ...teamInvitationsRoutes,
  ...usersRoutes,
  ...webhooksRoutes,
];
