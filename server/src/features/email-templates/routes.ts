/** The routes of `features/email-templates/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import {
  deleteEmailTemplateRoute,
  getEmailTemplateRoute,
  listEmailTemplatesRoute,
  patchEmailTemplateRoute,
} from './templates.js';

/** Every endpoint of this feature. */
export const emailTemplatesRoutes: readonly RouteSpec[] = [
  deleteEmailTemplateRoute,
  getEmailTemplateRoute,
  listEmailTemplatesRoute,
  patchEmailTemplateRoute,
];
