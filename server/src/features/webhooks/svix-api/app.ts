/**
 * The part of the Svix API that Stack's tools (its dashboard's svix-react hooks, the `svix`
 * client) call with a token from `POST /webhooks/svix-token`, served by signet itself at the
 * API's origin when no Svix server is configured: `/api/v1/app/{app_id}/…` with the project id
 * as the app id. A protocol of its own — bearer tokens, camelCase JSON, `{code, detail}` errors —
 * so it is its own small Hono app beside Stack's routes.
 */
import { type Env, Hono } from 'hono';
import type { ServerContext } from '../../../services/context.js';
import { applicationRoutes } from './application.js';
import { attemptRoutes } from './attempts.js';
import { requireApp, type SvixEnv } from './auth.js';
import { endpointRoutes } from './endpoints.js';
import { SvixApiError } from './errors.js';
import { messageRoutes } from './messages.js';

/** Where the Svix API lives: everything under this path is answered by it. */
export const SVIX_API_PREFIX = '/api/v1/app';

/** The Svix API app. Paths match with or without a trailing slash (older Svix clients add one). */
export function createSvixApi(ctx: ServerContext): Hono<SvixEnv> {
  const api = new Hono<SvixEnv>({ strict: false });
  api.use(`${SVIX_API_PREFIX}/:app_id`, requireApp(ctx));
  api.use(`${SVIX_API_PREFIX}/:app_id/*`, requireApp(ctx));
  applicationRoutes(api, ctx);
  endpointRoutes(api, ctx);
  messageRoutes(api, ctx);
  attemptRoutes(api, ctx);
  api.notFound((c) => c.json({ code: 'not_found', detail: 'No such route in this server.' }, 404));
  api.onError((error, c) => {
    if (error instanceof SvixApiError) return c.json(error.body() as object, error.status as 400);
    ctx.log(`svix api: ${(error as Error).stack ?? String(error)}`);
    return c.json({ code: 'server_error', detail: 'Internal server error.' }, 500);
  });
  return api;
}

/** Routes `/api/v1/app` and everything under it on `app` to the Svix API (one line in http/app.ts). */
export function mountSvixApi<E extends Env>(app: Hono<E>, ctx: ServerContext): void {
  const api = createSvixApi(ctx);
  app.all(SVIX_API_PREFIX, (c) => api.fetch(c.req.raw));
  app.all(`${SVIX_API_PREFIX}/*`, (c) => api.fetch(c.req.raw));
}
