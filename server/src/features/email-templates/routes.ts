/** The routes of `features/email-templates/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { deleteEmailTemplateRoute, getEmailTemplateRoute, patchEmailTemplateRoute } from './[type].js';
import { listEmailTemplatesRoute } from './index.js';

/** Every endpoint of this feature. */
export const emailTemplatesRoutes: readonly RouteSpec[] = [
  getEmailTemplateRoute,
  patchEmailTemplateRoute,
  deleteEmailTemplateRoute,
  listEmailTemplatesRoute,
];
