/**
 * The HTTP application: Hono routes every endpoint under `/api/v1` and `/api/latest`; around it,
 * one wrapper turns thrown errors into wire errors and adds the headers of wire.md §1.6.
 */
import { Hono } from 'hono';
import { mountSvixApi } from '../features/webhooks/svix-api/app.js';
import type { ServerContext } from '../services/context.js';
import type { ParsedHeaders } from './auth.js';
import { isConsolePath } from './console-files.js';
import { ExactPaths } from './exact-paths.js';
import { isPromise, type MaybePromise } from './maybe-promise.js';
import { errorResponse, finishResponse, newRequestId, preflightResponse, textResponse } from './responses.js';
import { NO_PARAMS, type RouteSpec, type RunOptions, runRoute } from './route.js';

const API_PREFIXES = ['/api/v1', '/api/latest'];
type KnownMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

type Env = { Bindings: RunOptions };

/**
 * What is known about the connection a request came on: Node's own request object (an
 * `IncomingMessage`) has these, and is handed over as it is, with nothing copied per request.
 */
export interface Connection {
  /** The socket, for its peer address (read only by the routes that count per IP). */
  readonly socket?: { readonly remoteAddress?: string };
  /** The request's headers as the HTTP server parsed them. */
  readonly headers?: ParsedHeaders;
  /**
   * The request target as the client sent it (the path and query of the request line). A string
   * of its own, where the path cut from the request's URL is a view into the URL that V8 compares
   * on its slow path.
   */
  readonly url?: string;
}

/**
 * The API's request handler: answers a request (from a socket, with Node's request as the
 * connection, or in process without one).
 */
export interface HttpApp {
  (request: Request, connection?: Connection): MaybePromise<Response>;
  /**
   * Whether a request line of `method` and `target` names a path without parameters exactly, so
   * that the route is known from the line alone (the fast lane's test, see fast-lane.ts).
   */
  takesExactly(method: 'GET', target: string): boolean;
}

/** Builds the request handler for `routes`. */
export function createHttpApp(
  ctx: ServerContext,
  routes: readonly RouteSpec[],
  options: {
    checkResponses?: boolean;
    /** Answers `/console` and below (the admin console's files); without it they are not found. */
    console?: (request: Request, pathname: string) => Promise<Response>;
  } = {},
): HttpApp {
  const app = new Hono<Env>();
  const checkResponses = options.checkResponses;
  // Paths without parameters (the busiest: users/me, projects/current, the API root) are found by
  // the method, a property of one object, and the exact path (see exact-paths); everything else
  // goes through Hono's router.
  const fixed: Partial<Record<KnownMethod, ExactPaths<RouteSpec>>> = {};
  for (const spec of orderRoutes(routes)) {
    const paths = API_PREFIXES.map((prefix) => prefix + spec.path);
    if (!spec.path.includes(':')) {
      const byPath = fixed[spec.method] ?? new ExactPaths<RouteSpec>();
      fixed[spec.method] = byPath;
      for (const path of paths) byPath.set(path, spec);
    }
    app.on(spec.method, paths, (c) =>
      runRoute(ctx, spec, c.req.raw, c.req.param() as Record<string, string>, c.env),
    );
  }
  // A known path with a method it does not have.
  const knownPaths = new Set(routes.flatMap((spec) => API_PREFIXES.map((prefix) => prefix + spec.path)));
  for (const path of knownPaths) app.all(path, () => textResponse(405, 'Method not allowed'));
  // The Svix API signet serves for Stack's webhook tools: its own protocol, its own small app.
  mountSvixApi(app, ctx);

  app.notFound((c) =>
    textResponse(
      404,
      "404 — this page does not exist in Stack Auth's API.\n\nPlease see the API documentation at https://docs.stack-auth.com, or visit the Stack Auth dashboard at https://app.stack-auth.com.\n\n" +
        `URL: ${c.req.url}`,
    ),
  );
  app.onError((error, c) => errorResponse(error, c.env.requestId, ctx.log));

  const consoleFiles = options.console;
  const fail = (error: unknown, requestId: string) => errorResponse(error, requestId, ctx.log);
  const handle = (request: Request, connection?: Connection): MaybePromise<Response> => {
    const method = knownMethod(request.method);
    // A request line naming a fixed API path exactly is that route: the request's URL has the same
    // path (the adapter changes only targets with dot segments or characters a URL escapes, and
    // no fixed path has those), and no console path is an API path.
    const target = connection?.url;
    let spec = target === undefined || method === undefined ? undefined : fixed[method]?.get(target);
    if (spec === undefined) {
      const pathname = pathOf(request.url);
      // The console is a web page, not the API: no API headers, no CORS, its own caching.
      if (consoleFiles && isConsolePath(pathname)) return consoleFiles(request, pathname);
      spec = method === undefined ? undefined : fixed[method]?.get(pathname);
    }
    const requestId = newRequestId();
    let response: MaybePromise<Response>;
    try {
      if (method === undefined) response = textResponse(405, 'Method not allowed');
      // CORS preflight is answered before any routing or authentication.
      else if (method === 'OPTIONS') return preflightResponse(requestId);
      else {
        // One object per request, for the pipeline and Hono's handlers alike.
        const env: RunOptions = {
          requestId,
          socket: connection?.socket,
          headers: connection?.headers,
          checkResponses,
        };
        response = spec ? runRoute(ctx, spec, request, NO_PARAMS, env) : app.fetch(request, env);
      }
    } catch (error) {
      response = fail(error, requestId);
    }
    // An answer that is ready now is handed back now: the HTTP server writes it in this turn.
    if (!isPromise(response)) return finishResponse(request, response, requestId);
    return response.then(
      (answer) => finishResponse(request, answer, requestId),
      (error: unknown) => finishResponse(request, fail(error, requestId), requestId),
    );
  };
  return Object.assign(handle, {
    takesExactly: (method: 'GET', target: string) => fixed[method]?.get(target) !== undefined,
  });
}

/** `method` when it is one the API knows (a comparison of strings, not a lookup). */
function knownMethod(method: string): KnownMethod | undefined {
  switch (method) {
    case 'GET':
    case 'HEAD':
    case 'POST':
    case 'PUT':
    case 'PATCH':
    case 'DELETE':
    case 'OPTIONS':
      return method;
    default:
      return undefined;
  }
}

/** The path of an absolute URL as it came, without parsing the whole URL. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = url.indexOf('?', start);
  return end === -1 ? url.slice(start) : url.slice(start, end);
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
