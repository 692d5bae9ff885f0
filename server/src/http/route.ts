/**
 * One endpoint = one route spec: method, path, accepted access types, body and query schemas and a
 * handler. The pipeline around the handler is the same for every endpoint: parse the body,
 * authenticate, check the access type, validate, then run.
 */
import * as v from 'valibot';
import type { AccessType } from '../../../wire/headers.js';
import { knownError } from '../errors.js';
import type { ServerContext } from '../services/context.js';
import type { RequestAuth } from '../services/request-auth.js';
import type { UserRecord } from '../services/users.js';
import { accessError, authenticate, type ParsedHeaders } from './auth.js';
import { parseBody } from './body.js';
import { isPromise, type MaybePromise } from './maybe-promise.js';
import { RouteInput } from './route-input.js';
import { check, schemaError, unstorable } from './validate.js';

type AnySchema = v.GenericSchema;

const EMPTY_QUERY = v.strictObject({});
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The parameters of a path in Hono syntax, each a string: `'/teams/:team_id/users/:user_id'` gives
 * `{ team_id: string; user_id: string }`, so a handler reads `params.team_id` with no assertion.
 */
export type ParamsOf<Path extends string> = string extends Path
  ? Record<string, string>
  : Path extends `${string}:${infer Name}/${infer Rest}`
    ? { [K in Name | keyof ParamsOf<`/${Rest}`>]: string }
    : Path extends `${string}:${infer Name}`
      ? { [K in Name]: string }
      : Record<never, string>;

type KeysOfUnion<U> = U extends unknown ? keyof U : never;

/**
 * The body a handler reads when access types have bodies of their own: every field any of them
 * has, each typed as the union over the bodies (undefined where a body lacks it), so a handler
 * reads a server-only field without a cast and finds it undefined for client access.
 */
export type MergedBody<U> = {
  [K in KeysOfUnion<U>]: U extends unknown ? (K extends keyof U ? U[K] : undefined) : never;
};

type BodiesByAccess = Partial<Record<AccessType, AnySchema>>;

/** What a handler receives as `body`: the per-access bodies merged, or the one body's output. */
type BodyOf<B extends AnySchema, ByAccess extends BodiesByAccess> = [keyof ByAccess] extends [never]
  ? v.InferOutput<B>
  : MergedBody<{ [K in keyof ByAccess]: v.InferOutput<Extract<ByAccess[K], AnySchema>> }[keyof ByAccess]>;

/** What a handler receives. */
export interface HandlerInput<B, Q, A, R = unknown, P = Record<string, string>> {
  ctx: ServerContext;
  request: Request;
  /** The client's address as per-IP limits count it (see `clientIp`). */
  clientIp: string;
  auth: A;
  body: B;
  query: Q;
  /** The path's parameters, named by the route's path. */
  params: P;
  /** The body as parsed from the wire, before validation (for handlers that pick a schema late). */
  rawBody: unknown;
  /**
   * The route's JSON answer, typed by its `response` schema (checked against it at run time when
   * the server runs with `checkResponses`); pretty-printed when a browser asks.
   */
  json(body: R, status?: number): Response;
  /**
   * The JSON answer `view(source)`, where `source` is an object that never changes once made (a
   * user record read into memory: a change makes a new one) and `view` a function of it alone.
   * The text is made once per source and view and sent again as it is: `users/me` served from
   * memory writes the same user many times over. Checked against the `response` schema, when
   * the server checks responses, as `json` is; pretty-printed when a browser asks.
   */
  jsonOf<S extends object>(source: S, view: (source: S) => R): Response;
  /** A plain-text success answer (routes declared with `response: 'text'`). */
  text(body: string): Response;
}

/** An authenticated request that has a user. */
export type UserAuth = RequestAuth & { user: UserRecord };

type AuthFor<Access, User> = Access extends readonly AccessType[]
  ? User extends true
    ? UserAuth
    : RequestAuth
  : RequestAuth | null;

/** The declaration of one endpoint: everything the pipeline, the OpenAPI document and tests need. */
export interface RouteSpec<
  B extends AnySchema = AnySchema,
  Q extends AnySchema = AnySchema,
  Access extends readonly AccessType[] | 'optional' | 'none' = readonly AccessType[] | 'optional' | 'none',
  User extends boolean = boolean,
  R extends AnySchema = AnySchema,
  Path extends string = string,
  ByAccess extends BodiesByAccess = BodiesByAccess,
> {
  method: Method;
  /** Path below `/api/v1`, in Hono syntax (`/projects/:project_id/...`); each `:name` is a string parameter. */
  path: Path;
  /** One line for the API reference. */
  summary: string;
  /**
   * Accepted access types; `optional` authenticates but also accepts anonymous requests; `none`
   * skips X-Stack authentication entirely (the OAuth token endpoint, JWKS).
   */
  access: Access;
  /** Whether a signed-in user is required ("auth.user must be defined" otherwise). */
  user?: User;
  /**
   * A `me` route: without a signed-in user it answers CANNOT_GET_OWN_USER_WITHOUT_USER, before
   * the body is validated (wire.md §4.8). A path parameter's name instead: the same answer when
   * that parameter is `me` (wire.md §1.5: `me` is replaced before validation).
   */
  me?: boolean | (keyof ParamsOf<Path> & string);
  body?: B;
  /**
   * Bodies that differ by access type (a client may change fewer fields than a server); the
   * access type's schema is used instead of `body`.
   */
  bodyByAccess?: ByAccess;
  /**
   * What a success answers: a JSON schema (also the type of `json()`), or `'text'` for plain-text
   * answers. Error answers are the wire's (wire.md §2) and are not listed per route.
   */
  response: R | 'text';
  /** The success status; 200 unless the wire says 201. */
  status?: 200 | 201;
  /** Defaults to an empty strict object: unknown query parameters are refused. */
  query?: Q;
  /**
   * What this route's writes can change of what authentication keeps in memory (see
   * services/auth-cache). `'project'`, the default, drops everything kept about the project when
   * the write starts and when it ends. `'users'` is for routes whose writes touch users, their
   * sessions and codes, never the project's settings or keys (sign-ins, sign-up, sign-out): only
   * the project's users are dropped, so the requests beside and after them keep the project's
   * key from memory instead of reading it again.
   */
  writes?: 'project' | 'users';
  handler(
    input: HandlerInput<
      BodyOf<B, ByAccess>,
      v.InferOutput<Q>,
      AuthFor<Access, User>,
      v.InferInput<R>,
      ParamsOf<Path>
    >,
  ): MaybePromise<Response>;
}

/** A plain-text answer (`response: 'text'`): its schema in the OpenAPI document. */
export const TEXT_RESPONSE = v.string();

/** Declares a route with full type inference. */
export function defineRoute<
  B extends AnySchema = v.UndefinedSchema<undefined>,
  Q extends AnySchema = typeof EMPTY_QUERY,
  const Access extends readonly AccessType[] | 'optional' | 'none' = readonly AccessType[],
  User extends boolean = false,
  R extends AnySchema = v.NeverSchema<undefined>,
  const Path extends string = string,
  ByAccess extends BodiesByAccess = Record<never, AnySchema>,
>(spec: RouteSpec<B, Q, Access, User, R, Path, ByAccess>): RouteSpec {
  // The route list holds routes of every shape; each handler was checked against its own above.
  const route = spec as unknown as RouteSpec;
  DECLARED.add(route);
  return route;
}

/** Every route `defineRoute` made: how the route list tells a route from any other export. */
const DECLARED = new WeakSet<object>();

/** Whether `value` is a route made by `defineRoute`. */
export function isRoute(value: unknown): value is RouteSpec {
  return typeof value === 'object' && value !== null && DECLARED.has(value);
}

/** Where a request came from, and how the pipeline answers it. */
export interface RunOptions {
  requestId: string;
  remoteAddress?: string;
  /** The headers as the HTTP server parsed them, when the request came from a socket. */
  headers?: ParsedHeaders;
  checkResponses?: boolean;
}

/**
 * Runs the pipeline of `spec` for one request: parse the body, authenticate, check, run the
 * handler. Each step that has nothing to wait for answers at once, so a request whose body,
 * authentication and handler need no I/O is answered with no promise at all (see maybe-promise).
 * Errors are thrown, at once or through the promise.
 */
export function runRoute(
  ctx: ServerContext,
  spec: RouteSpec,
  request: Request,
  params: Record<string, string>,
  options: RunOptions,
): MaybePromise<Response> {
  const rawBody = parseBody(request);
  if (isPromise(rawBody)) {
    return rawBody.then((body) => authenticateAndRun(ctx, spec, request, params, options, body));
  }
  return authenticateAndRun(ctx, spec, request, params, options, rawBody);
}

/** The pipeline once the body is read: authenticate, then check and run. */
function authenticateAndRun(
  ctx: ServerContext,
  spec: RouteSpec,
  request: Request,
  params: Record<string, string>,
  options: RunOptions,
  rawBody: unknown,
): MaybePromise<Response> {
  // Header values reach queries in authentication, before the schemas below, unchecked: Node's
  // parser refuses NUL and control bytes (400) and more than 16 KiB of headers (431), reads bytes
  // as Latin-1 (no lone surrogates), and an in-process Request's Headers refuse the same. No
  // header value can hold what `unstorable` refuses, so no request pays for a pass over them.
  const auth = spec.access === 'none' ? null : authenticate(ctx, request, options.headers);
  if (isPromise(auth)) {
    return auth.then((found) => runAuthenticated(ctx, spec, request, params, options, rawBody, found));
  }
  return runAuthenticated(ctx, spec, request, params, options, rawBody, auth);
}

/** The pipeline once the body is read and the request authenticated: checks, then the handler. */
function runAuthenticated(
  ctx: ServerContext,
  spec: RouteSpec,
  request: Request,
  params: Record<string, string>,
  options: RunOptions,
  rawBody: unknown,
  auth: RequestAuth | null,
): MaybePromise<Response> {
  if (Array.isArray(spec.access)) {
    const error = accessError(auth, spec.access);
    if (error) throw error;
  }
  const meNeeded = typeof spec.me === 'string' ? params[spec.me] === 'me' : spec.me;
  if (meNeeded && !auth?.user) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');

  // Path parameters reach handlers and queries as they came: refuse what no id can contain.
  const problems: string[] = params === NO_PARAMS ? [] : unstorable('params', params);
  const rawQuery = queryOf(request.url);
  // Most requests have no query and most routes take none: nothing to check then.
  const query =
    spec.query === undefined && rawQuery === NO_QUERY
      ? ({ ok: true, value: {} } as const)
      : check('query', spec.query ?? EMPTY_QUERY, rawQuery);
  if (!query.ok) problems.push(...query.problems);
  let body: unknown = rawBody;
  const bodySchema = (auth && spec.bodyByAccess?.[auth.type]) ?? spec.body;
  if (bodySchema) {
    const result = check('body', bodySchema, rawBody);
    if (result.ok) body = result.value;
    else problems.push(...result.problems);
  } else {
    // A handler that reads the raw body itself gets it only when its strings are storable too.
    if (rawBody !== undefined) problems.push(...unstorable('body', rawBody));
  }
  if (spec.user && !auth?.user) problems.push('auth.user must be defined');
  if (problems.length > 0) throw schemaError(request, problems);

  const input = new RouteInput(
    ctx,
    spec,
    request,
    auth,
    body,
    query.ok ? query.value : {},
    params,
    rawBody,
    options,
  );
  // A write drops what authentication kept about its project, before it starts (so no read
  // running beside it stores the old state) and after it ends (so none serves it): at once in this
  // process; other processes hear it from the change feed.
  const writesProject = request.method !== 'GET' && auth ? auth.project.id : undefined;
  if (writesProject === undefined) return spec.handler(input as never);
  return runWrite(ctx, spec, input, writesProject);
}

/** Runs a writing handler between the two invalidations of what its writes can change. */
async function runWrite(ctx: ServerContext, spec: RouteSpec, input: RouteInput, projectId: string) {
  const cache = ctx.authCache;
  const invalidate = () =>
    spec.writes === 'users' ? cache.invalidateUsers(projectId) : cache.invalidateProject(projectId);
  invalidate();
  try {
    return await spec.handler(input as never);
  } finally {
    invalidate();
  }
}

/** Validates a value against a schema inside a handler, throwing the usual SCHEMA_ERROR. */
export function validateOrThrow<S extends AnySchema>(
  request: Request,
  root: string,
  schema: S,
  value: unknown,
): v.InferOutput<S> {
  const result = check(root, schema, value);
  if (!result.ok) throw schemaError(request, result.problems);
  return result.value;
}

const NO_QUERY: Record<string, string> = Object.freeze({});

/** The parameters of a path that has none: one frozen object shared by every request. */
export const NO_PARAMS: Record<string, string> = Object.freeze({});

/** The query parameters of `url`; most requests have none, and then no URL is parsed. */
function queryOf(url: string): Record<string, string> {
  const start = url.indexOf('?');
  return start === -1 ? NO_QUERY : Object.fromEntries(new URLSearchParams(url.slice(start + 1)));
}
