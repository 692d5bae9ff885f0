/** The routes of `features/internal/`, in no particular order (the app orders them). */
import type { RouteSpec } from '../../http/route.js';
import { getApiKeyRoute, updateApiKeyRoute } from './api-keys/[api_key_id].js';
import { createApiKeyRoute, listApiKeysRoute } from './api-keys.js';
import { listSentEmailsRoute } from './emails.js';
import { metricsRoute } from './metrics.js';
import { createOwnedProjectRoute, listOwnedProjectsRoute } from './projects.js';
import { sendTestEmailRoute } from './send-test-email.js';

/** Every endpoint of this feature. */
export const internalRoutes: readonly RouteSpec[] = [
  listApiKeysRoute,
  createApiKeyRoute,
  getApiKeyRoute,
  updateApiKeyRoute,
  listSentEmailsRoute,
  metricsRoute,
  listOwnedProjectsRoute,
  createOwnedProjectRoute,
  sendTestEmailRoute,
];
