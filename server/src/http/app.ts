/**
 * The HTTP application: Hono routes every endpoint under `/api/v1` and `/api/latest`; around it,
 * one wrapper turns thrown errors into wire errors and adds the headers of wire.md §1.6.
 */
import { Hono } from 'hono';
import type { ServerContext } from '../services/context.js';
import { errorResponse, finishResponse, newRequestId, textResponse } from './responses.js';
import { type RouteSpec, runRoute } from './route.js';

const API_PREFIXES = ['/api/v1', '/api/latest'];
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type Env = { Bindings: { requestId: string; remoteAddress: string | undefined } };

/** What is known about the connection a request came on. */
export interface Connection {
  /** The socket's peer address; absent for in-process requests. */
  remoteAddress?: string;
}

/** Builds the request handler for `routes`. */
export function createHttpApp(
  ctx: ServerContext,
  routes: readonly RouteSpec[],
  options: { checkResponses?: boolean } = {},
): (request: Request, connection?: Connection) => Promise<Response> {
  const app = new Hono<Env>();
  for (const spec of orderRoutes(routes)) {
    const paths = API_PREFIXES.map((prefix) => prefix + spec.path);
    app.on(spec.method, paths, (c) =>
      runRoute(
        ctx,
        spec,
        c.req.raw,
        c.req.param() as Record<string, string>,
        c.env.remoteAddress,
        options.checkResponses,
      ),
    );
  }
  // A known path with a method it does not have.
  const knownPaths = new Set(routes.flatMap((spec) => API_PREFIXES.map((prefix) => prefix + spec.path)));
  for (const path of knownPaths) app.all(path, () => textResponse(405, 'Method not allowed'));

  app.notFound((c) =>
    textResponse(
      404,
      "404 — this page does not exist in Stack Auth's API.\n\nPlease see the API documentation at https://docs.stack-auth.com, or visit the Stack Auth dashboard at https://app.stack-auth.com.\n\n" +
        `URL: ${c.req.url}`,
    ),
  );
  app.onError((error, c) => errorResponse(error, c.env.requestId, ctx.log));

  return async (request, connection) => {
    const requestId = newRequestId();
    let response: Response;
    try {
      if (!KNOWN_METHODS.has(request.method)) response = textResponse(405, 'Method not allowed');
      // CORS preflight is answered before any routing or authentication.
      else if (request.method === 'OPTIONS') response = new Response(null, { status: 200 });
      else response = await app.fetch(request, { requestId, remoteAddress: connection?.remoteAddress });
    } catch (error) {
      response = errorResponse(error, requestId, ctx.log);
    }
    return finishResponse(request, response, requestId);
  };
}

/**
 * The routes in matching order: each path is ranked by its segments, a fixed segment before a
 * parameter, so `/users/me` comes before `/users/:user_id` and `/auth/sessions/current` before
 * `/auth/sessions/:id` without any list written in the right order by hand. (Paths that differ in
 * a fixed segment never compete, so their relative order does not matter.) A stable sort keeps the
 * given order otherwise.
 */
export function orderRoutes(routes: readonly RouteSpec[]): RouteSpec[] {
  const rank = (spec: RouteSpec) =>
    spec.path
      .split('/')
      .filter(Boolean)
      .map((segment) => (segment.startsWith(':') ? '1' : '0'))
      .join('');
  return [...routes].sort((a, b) => {
    const x = rank(a);
    const y = rank(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
