/**
 * The shape of a route: its declaration (`RouteSpec`), what its handler receives (`HandlerInput`)
 * and where a request came from (`RunOptions`). The pipeline (route.ts) and the handler's input
 * (route-input.ts) both build on these.
 */
import * as v from 'valibot';
import type { AccessType } from '../../../wire/headers.js';
import type { ServerContext } from '../services/context.js';
import type { RequestAuth } from '../services/request-auth.js';
import type { UserRecord } from '../services/users.js';
import type { ParsedHeaders } from './auth.js';
import type { MaybePromise } from './maybe-promise.js';

/** Any valibot schema. */
export type AnySchema = v.GenericSchema;

/** The query of a route that declares none: no parameter at all. */
export const EMPTY_QUERY = v.strictObject({});
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

export type BodiesByAccess = Partial<Record<AccessType, AnySchema>>;

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
  /**
   * Names a user whose state the request's writes changed (its record, sessions, channels or
   * activity), in a route declared `writes: 'user'`: what this process keeps about that user is
   * dropped when the handler ends. Other processes hear of it from the change feed. `projectId` is
   * the user's project, for a route the request names no project to (the OAuth token endpoint);
   * the request's project otherwise.
   */
  wroteUser(userId: string, projectId?: string): void;
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
   * sessions and codes, never the project's settings or keys: only the project's users are
   * dropped, so the requests beside and after them keep the project's key from memory instead of
   * reading it again. `'user'` is for routes whose writes touch the users the handler names with
   * `wroteUser` and no other (sign-ins, sign-ups, sign-outs, refreshes, a user's own profile,
   * addresses, password, passkeys and sessions): only those users are dropped, when the handler
   * ends, so a busy sign-in page or a stream of refreshes leaves every other user's requests
   * answered from memory. Each drop also stops reads running beside the write from storing what
   * they found. `'none'` is for routes whose writes touch nothing authentication keeps (emailed
   * codes, challenges, attempt counts, command-line login attempts, provider tokens, a member's
   * permissions) and for POST routes that write nothing: nothing is dropped, so a stream of
   * reset-link requests, which anyone with the publishable key can send, never makes the
   * project's other requests read their key and user again.
   */
  writes?: 'project' | 'users' | 'user' | 'none';
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

/** Where a request came from, and how the pipeline answers it. */
export interface RunOptions {
  requestId: string;
  /**
   * The socket the request came on, absent for in-process requests. Its peer address is read
   * only by the handlers that count per IP: reading it costs Node a lookup of its own.
   */
  socket: { readonly remoteAddress?: string } | undefined;
  /** The headers as the HTTP server parsed them, when the request came from a socket. */
  headers: ParsedHeaders | undefined;
  checkResponses: boolean | undefined;
}
