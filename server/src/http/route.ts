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
import { isUuid } from '../services/users.js';
import { accessError, authenticate } from './auth.js';
import { parseBody } from './body.js';
import { isPromise, type MaybePromise } from './maybe-promise.js';
import { RouteInput } from './route-input.js';
import {
  type AnySchema,
  type BodiesByAccess,
  EMPTY_QUERY,
  type RouteSpec,
  type RunOptions,
} from './route-spec.js';
import { check, schemaError, unstorable } from './validate.js';

export type {
  HandlerInput,
  MergedBody,
  ParamsOf,
  RouteSpec,
  RunOptions,
  UserAuth,
} from './route-spec.js';

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
  // A write drops what authentication kept about its project (or only what its route declares it
  // can change), before it starts (so no read running beside it stores the old state) and after it
  // ends (so none serves it): at once in this process; other processes hear it from the change feed.
  if (request.method === 'GET' || spec.writes === 'none') return spec.handler(input as never);
  // A route without a project key (the OAuth token endpoint) names each user's project itself.
  if (spec.writes === 'user') return runUserWrite(ctx, spec, input, auth?.project.id);
  if (!auth) return spec.handler(input as never);
  return runProjectWrite(ctx, spec, input, auth.project.id);
}

/**
 * Runs a handler that names the users it writes, then drops them. Nothing is dropped before: what
 * the handler changes is kept at most until it ends, and each drop then turns away the reads that
 * ran beside it (the cache's epoch).
 */
async function runUserWrite(
  ctx: ServerContext,
  spec: RouteSpec,
  input: RouteInput,
  requestProjectId: string | undefined,
) {
  try {
    return await spec.handler(input as never);
  } finally {
    for (const { userId, projectId = requestProjectId } of input.usersWritten ?? []) {
      // Handlers may name a user as the request spelled it: ids are kept in lower case, and
      // what is no id at all (a path of 16 KiB) names no one the cache could hold, and is not
      // remembered among its recent changes.
      if (!isUuid(userId)) continue;
      // A user named without a project, on a request without one, could be anyone's.
      if (projectId === undefined) ctx.authCache.invalidateAll();
      else ctx.authCache.invalidateUser(projectId, userId.toLowerCase());
    }
  }
}

/** Runs a writing handler between the two invalidations of what its writes can change. */
async function runProjectWrite(ctx: ServerContext, spec: RouteSpec, input: RouteInput, projectId: string) {
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
