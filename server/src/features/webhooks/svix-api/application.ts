/**
 * The application routes of the Svix API. Each project is one application, made with the project:
 * reading it answers it, and "create" (`POST /api/v1/app?get_if_exists=true`, what Stack's
 * backend calls) answers the existing one when the token's project is the one asked for.
 */
import type { Hono } from 'hono';
import type { ServerContext } from '../../../services/context.js';
import { loadWebhookApplication } from '../../../services/webhooks/application.js';
import { type SvixEnv, tokenProject } from './auth.js';
import { SvixApiError } from './errors.js';
import { BodyReader, readJsonBody, SVIX_NAME } from './input.js';
import { applicationOut } from './views.js';

/** Adds the application routes to `api`. */
export function applicationRoutes(api: Hono<SvixEnv>, ctx: ServerContext): void {
  api.get('/api/v1/app/:app_id', (c) => c.json(applicationOut(c.var.app)));

  api.post('/api/v1/app', async (c) => {
    const projectId = tokenProject(ctx, c);
    const reader = new BodyReader(await readJsonBody(c));
    const uid = reader.string('uid', { max: 256, pattern: SVIX_NAME, nullable: true });
    reader.string('name', { max: 256 });
    reader.done();
    if (uid !== projectId) {
      throw new SvixApiError(403, 'forbidden', 'This token can only open its own application.');
    }
    const app = await loadWebhookApplication(ctx, projectId);
    if (!app) throw new SvixApiError(401, 'authentication_failed', 'Invalid or expired token.');
    return c.json(applicationOut(app), 200);
  });
}
