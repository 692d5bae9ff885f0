/** The routes of `features/internal/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { getApiKeyRoute, updateApiKeyRoute } from './api-keys/item.js';
import { createApiKeyRoute, listApiKeysRoute } from './api-keys/list-create.js';
import { listSentEmailsRoute } from './emails.js';
import { metricsRoute } from './metrics.js';
import { createOwnedProjectRoute, listOwnedProjectsRoute } from './projects.js';
import { sendTestEmailRoute } from './send-test-email.js';

/** Every endpoint of this feature. */
export const internalRoutes: readonly RouteSpec[] = [
  getApiKeyRoute,
  updateApiKeyRoute,
  createApiKeyRoute,
  listApiKeysRoute,
  listSentEmailsRoute,
  metricsRoute,
  createOwnedProjectRoute,
  listOwnedProjectsRoute,
  sendTestEmailRoute,
];
