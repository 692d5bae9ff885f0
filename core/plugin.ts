/**
 * The plugin contract. A plugin is a plain object made by a factory: an id (its namespace on the
 * app), what it owns (error codes, page URLs, callback routes, the access level it needs) and a
 * `setup` that builds its API from the capabilities of a `PluginContext`. No proxies: an app has
 * exactly the namespaces of the plugins it was given, at run time and in the types.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { SignInResponseJson } from '../wire/auth.js';
import type { ClientUserJson } from '../wire/user.js';
import type { Environment } from './env.js';
import type { AppEvents } from './events.js';
import type { ApiRequest, HttpClient } from './http/client.js';
import type { ClientProject } from './project.js';
import type { Redirector } from './redirects.js';
import type { PendingSignIn, SignInOptions, SignInOutcome } from './sign-in.js';
import type { CookieJar, KeyValueStorage } from './storage.js';
import type { AppUrls } from './urls.js';
import type { CurrentUser } from './user.js';

/**
 * Who an app speaks as (product-spec §1): `client` (publishable key, end users), `server` (secret
 * server key, backend code) or `admin` (super secret admin key or an owner's admin access token).
 */
export type AccessLevel = 'client' | 'server' | 'admin';

/** What a plugin's `setup` receives: capabilities of the app, never its internals. */
export interface PluginContext<Urls extends string = never> {
  readonly projectId: string;
  /**
   * The project's publishable client key ('' when the app has none), for what the wire sends
   * outside the X-Stack headers: the OAuth `client_secret` of the authorize URL and token grant.
   */
  readonly publishableClientKey: string;
  /** The level this app speaks at. */
  readonly access: AccessLevel;
  /** Every page URL of the app: the core's and (typed) those this plugin declared. */
  readonly urls: AppUrls & Readonly<Record<Urls, string>>;
  readonly http: HttpClient;
  /**
   * An API call at this plugin's level: `http.request`, except that a plugin declaring
   * `access: 'server'` or `'admin'` sends no session tokens unless `withSession: true` is given (it
   * speaks for the backend, not for whoever is signed in to this app); a client plugin's calls
   * carry the session. Build paths with parameters with `apiPath` (from `signet`).
   */
  readonly call: <T>(path: string, init?: ApiRequest) => Promise<T>;
  readonly redirect: Redirector;
  readonly user: ReadonlySignal<CurrentUser | null>;
  readonly project: ReadonlySignal<ClientProject | null>;
  /** The sign-in attempt waiting for a second factor, if any. */
  readonly pendingSignIn: ReadonlySignal<PendingSignIn | null>;
  /** Clock, timers, randomness and the current location, injectable as a whole. */
  readonly env: Environment;
  readonly events: AppEvents;
  /**
   * The one way to sign a user in: runs `call` (which answers the wire's sign-in response), then
   * stores the tokens, records `options.method`, loads the user and redirects. An
   * `MULTI_FACTOR_AUTHENTICATION_REQUIRED` answer becomes a pending attempt and the outcome
   * `second-factor-required`; other errors are thrown for the caller's `toResult`.
   */
  signIn(call: () => Promise<SignInResponseJson>, options: SignInOptions): Promise<SignInOutcome>;
  /** Clears a pending second-factor attempt (the user cancelled). */
  cancelPendingSignIn(): void;
  /** Loads the current user again. */
  refreshUser(): Promise<CurrentUser | null>;
  /**
   * A valid access token of the current session (refreshed if needed), or null when signed out:
   * for what the wire sends in a body or to a plugin's own backend (OAuth link mode, say).
   */
  getAccessToken(): Promise<string | null>;
  /**
   * The refresh token of the current session, checked live first (the access token refreshed if
   * needed), or null when signed out: for a call that hands this session on in a body, as the
   * command-line login does. It outlives access tokens, so send it only where the wire asks for it.
   */
  getRefreshToken(): Promise<string | null>;
  /**
   * Ends the current session on the server and here, as `app.signOut` does: for a plugin whose
   * own call is a sign-out (ending an impersonation).
   */
  signOut(options?: { redirectUrl?: string; noRedirect?: boolean }): Promise<void>;
  /** Sets the current user from an answer that carries it (a PATCH of `users/me`), with no extra GET. */
  setUser(json: ClientUserJson): CurrentUser;
  /** An absolute URL for an app page, resolved against the current page (for emailed links). */
  absoluteUrl(path: string): string;
  /** Key-value storage private to this plugin and project (local storage in a browser, memory elsewhere). */
  readonly storage: KeyValueStorage;
  /** Browser cookies by exact name (memory outside a browser), for values the wire names (PKCE verifiers). */
  readonly cookies: CookieJar;
  /** Sends the browser to a URL on the API's own origin (e.g. an OAuth authorize endpoint). */
  navigateToApi(pathAndQuery: string): Promise<void>;
  /** Runs `cleanup` when the app is disposed. */
  onDispose(cleanup: () => void): void;
}

/** What a callback route receives: the URL the browser arrived at. */
export interface CallbackInput {
  url: URL;
  searchParams: URLSearchParams;
}

/**
 * The logic of a page a link or provider sends the browser to (an emailed link's code, an OAuth
 * code exchange), with no React in it so any host can run it through `app.handle(url)`. `Result`
 * is what it answers, which `app.handle` passes on, typed.
 */
export type CallbackRoute<Api, Result = unknown> = (input: CallbackInput, api: Api) => Promise<Result>;

/** What each callback route of a plugin answers, by URL name. */
export type CallbackResults<Urls extends string> = { readonly [K in Urls]?: unknown };

/**
 * A plugin. Type parameters: its id, its API, the error codes it owns beyond the wire's catalogue,
 * the names of the page URLs it declares, the access level it needs, and what its callback routes
 * answer by URL name.
 */
export interface SignetPlugin<
  Id extends string = string,
  Api = unknown,
  Codes extends string = never,
  Urls extends string = never,
  Access extends AccessLevel = 'client',
  Handled extends CallbackResults<Urls> = Record<never, never>,
> {
  readonly id: Id;
  /** The least access the plugin needs; `client` when left out. */
  readonly access?: Access;
  /**
   * Error codes this plugin owns that are not in the wire's catalogue. Answers with these codes
   * decode to a `SignetError` tagged with the plugin's id, instead of "update the client".
   */
  readonly errorCodes?: readonly Codes[];
  /**
   * The pages the plugin needs, by name, with default paths relative to the handler base
   * (`{ magicLinkCallback: 'magic-link-callback' }`). `createApp({ urls })` may move any of them.
   */
  readonly urls?: Readonly<Record<Urls, string>>;
  /** Callback routes by URL name; `app.handle(url)` runs the one whose URL the browser is at. */
  readonly callbacks?: { readonly [K in keyof Handled]: CallbackRoute<Api, Handled[K]> };
  setup(context: PluginContext<Urls>): Api;
}

/** Any plugin, whatever its parameters. */
export type AnyPlugin = SignetPlugin<string, any, string, string, AccessLevel, any>;

/**
 * A plugin factory that carries its plugin's id (`teams.id === 'teams'`), so screens and hooks can
 * name a plugin by its factory and get its API typed: `usePluginApi(teams)`.
 */
export type PluginFactory<Id extends string, Args extends unknown[], P extends AnyPlugin> = ((
  ...args: Args
) => P) & { readonly id: Id };

/** A plugin, or its factory: how screens, hooks and packs name the plugin they need. */
export type PluginRef = AnyPlugin | PluginFactory<string, any[], AnyPlugin>;

/** The API of the plugin a reference names. */
export type ApiOf<R> =
  R extends PluginFactory<string, any[], infer P>
    ? ApiOf<P>
    : R extends SignetPlugin<string, infer Api, string, string, AccessLevel, any>
      ? Api
      : never;

/** What a plugin factory's builder returns: the plugin without its id, which the factory adds. */
export type PluginSpec<
  Api,
  Codes extends string = never,
  Urls extends string = never,
  Access extends AccessLevel = 'client',
  Handled extends CallbackResults<Urls> = Record<never, never>,
> = Omit<SignetPlugin<string, Api, Codes, Urls, Access, Handled>, 'id'>;

/** The namespaces a tuple of plugins adds to an app. */
export type PluginApis<P extends readonly AnyPlugin[]> = {
  readonly [K in P[number] as K['id']]: ApiOf<K>;
};

/**
 * What `app.handle` can resolve for a tuple of plugins: one entry per callback route, with the URL
 * name, the plugin id and what that route answers.
 */
export type PluginCallbacksHandled<P extends readonly AnyPlugin[]> = P[number] extends infer K
  ? K extends SignetPlugin<infer Id, any, string, string, AccessLevel, infer Handled>
    ? { [U in keyof Handled & string]: { urlName: U; pluginId: Id; result: Handled[U] } }[keyof Handled &
        string]
    : never
  : never;

/** The URL names a tuple of plugins declares. */
export type PluginUrlNames<P extends readonly AnyPlugin[]> = P[number] extends infer K
  ? K extends SignetPlugin<string, any, string, infer U, AccessLevel, any>
    ? string extends U
      ? never
      : U
    : never
  : never;

/** The error codes a tuple of plugins owns. */
export type PluginErrorCodes<P extends readonly AnyPlugin[]> = P[number] extends infer K
  ? K extends SignetPlugin<string, any, infer C, string, AccessLevel, any>
    ? string extends C
      ? never
      : C
    : never
  : never;

/**
 * Declares a plugin with its types inferred; a plain identity function. The id must be a string
 * literal, so the app's type can name the namespace.
 */
/* @__NO_SIDE_EFFECTS__ */
export function definePlugin<
  const Id extends string,
  Api,
  const Codes extends string = never,
  const Urls extends string = never,
  const Access extends AccessLevel = 'client',
  Handled extends CallbackResults<Urls> = Record<never, never>,
>(
  plugin: SignetPlugin<Id, Api, Codes, Urls, Access, Handled> & LiteralId<Id>,
): SignetPlugin<Id, Api, Codes, Urls, Access, Handled> {
  return plugin;
}

/**
 * Declares a plugin factory: `export const teams = pluginFactory('teams', (options) => ({ ... }))`.
 * The builder returns the plugin without its id; the factory adds it, and carries it too
 * (`teams.id`), so a screen can ask for `usePluginApi(teams)` and get the API typed, and a screens
 * pack can name its plugin the same way.
 */
/* @__NO_SIDE_EFFECTS__ */
export function pluginFactory<
  const Id extends string,
  Args extends unknown[],
  Api,
  const Codes extends string = never,
  const Urls extends string = never,
  const Access extends AccessLevel = 'client',
  Handled extends CallbackResults<Urls> = Record<never, never>,
>(
  id: Id & (string extends Id ? 'a plugin id must be a string literal' : unknown),
  build: (...args: Args) => PluginSpec<Api, Codes, Urls, Access, Handled>,
): PluginFactory<Id, Args, SignetPlugin<Id, Api, Codes, Urls, Access, Handled>> {
  // The builder makes a fresh object on every call, so the id can be set on it in place.
  const factory = (...args: Args) =>
    Object.assign(build(...args), { id }) as SignetPlugin<Id, Api, Codes, Urls, Access, Handled>;
  return Object.assign(factory, { id });
}

/** Refuses `string` as an id: a namespace the types cannot name is a namespace nobody can call. */
type LiteralId<Id extends string> = string extends Id
  ? { id: 'a plugin id must be a string literal' }
  : unknown;
