/**
 * Who may call the Svix API: `Authorization: Bearer <token>` with a token from
 * `POST /webhooks/svix-token`, for the application (project) in the path. A token of one project
 * is refused on every other project's paths, with the same answer whether that project exists.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ServerContext } from '../../../services/context.js';
import { verifyApiToken } from '../../../services/webhooks/api-tokens.js';
import { loadWebhookApplication, type WebhookApplication } from '../../../services/webhooks/application.js';
import { SvixApiError } from './errors.js';

/** The Hono environment of the Svix API's handlers: the application the token opened. */
export type SvixEnv = { Variables: { app: WebhookApplication } };

/** The project the request's token is for; 401 without a live token. */
export function tokenProject(ctx: ServerContext, c: Context): string {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.slice(0, 2048));
  const projectId = match ? verifyApiToken(ctx, match[1]!) : null;
  if (!projectId) throw new SvixApiError(401, 'authentication_failed', 'Invalid or expired token.');
  return projectId;
}

/** Checks the token against `:app_id` and puts the application on the context. */
export function requireApp(ctx: ServerContext): MiddlewareHandler<SvixEnv> {
  return async (c, next) => {
    const projectId = tokenProject(ctx, c);
    if (c.req.param('app_id') !== projectId) {
      throw new SvixApiError(403, 'forbidden', 'This token does not give access to this application.');
    }
    const app = await loadWebhookApplication(ctx, projectId);
    // The project was deleted after the token was issued.
    if (!app) throw new SvixApiError(401, 'authentication_failed', 'Invalid or expired token.');
    c.set('app', app);
    await next();
  };
}
