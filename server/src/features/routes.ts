/**
 * Every endpoint the server answers: one list per feature folder. Order does not matter here:
 * the HTTP app puts fixed path segments before parameters (`orderRoutes`).
 */
import type { RouteSpec } from '../http/route.js';
import { checkFeatureSupportRoute } from './check-feature-support.js';
import { contactChannelsRoutes } from './contact-channels/routes.js';
import { emailTemplatesRoutes } from './email-templates/routes.js';
import { internalRoutes } from './internal/routes.js';
import { jwksRoute } from './jwks.js';
import { openApiRoute } from './openapi.js';
import { otpRoutes } from './otp/routes.js';
import { passwordRoutes } from './password/routes.js';
import { projectsRoutes } from './projects/routes.js';
import { sessionsRoutes } from './sessions/routes.js';
import { usersRoutes } from './users/routes.js';
import { webhooksRoutes } from './webhooks/routes.js';
import { welcomeRoute } from './welcome.js';

/** The routes of this version of the API. */
export const ROUTES: readonly RouteSpec[] = [
  openApiRoute(() => ROUTES, '0.1.0'),
  checkFeatureSupportRoute,
  jwksRoute,
  welcomeRoute,
  ...contactChannelsRoutes,
  ...emailTemplatesRoutes,
  ...internalRoutes,
  ...otpRoutes,
  ...passwordRoutes,
  ...projectsRoutes,
  ...sessionsRoutes,
  ...usersRoutes,
  ...webhooksRoutes,
];
