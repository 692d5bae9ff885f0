/**
 * `createApp`: the one place the kit's parts meet. Everything hangs off the returned instance, so
 * a server render can make one per request and tests can make many. The parts live apart: user
 * state (`app/user-state.ts`), the sign-in step (`sign-in.ts`), what plugins declare
 * (`app/plugin-registry.ts`), callback routes (`app/handle.ts`) and access levels (`app/access.ts`).
 */
import type { ReadonlySignal } from '@preact/signals-core';
import { type AccessOptions, accessLevelOf } from './app/access.js';
import { createHandle, type HandledCallback } from './app/handle.js';
import { registerPlugins } from './app/plugin-registry.js';
import { createUserState, type InitialState, type SessionStatus } from './app/user-state.js';
import { type Cache, createCache } from './cache.js';
import { createEnvironment, type Environment } from './env.js';
import { isSignetError } from './errors/signet-error.js';
import { type AppEvents, createEvents } from './events.js';
import { createHttpClient, type HttpClient } from './http/client.js';
import type {
  AccessLevel,
  AnyPlugin,
  PluginApis,
  PluginContext,
  PluginErrorCodes,
  PluginUrlNames,
} from './plugin.js';
import type { ClientProject } from './project.js';
import { createRedirector, type RedirectMethod, type Redirector } from './redirects.js';
import { refreshGrant } from './session/refresh-grant.js';
import { createSession, type Session } from './session/session.js';
import { createSignInStep, type PendingSignIn } from './sign-in.js';
import { cookieJar, namespacedStorage } from './storage.js';
import { createTokenStore, type TokenStoreOption } from './tokens/create-token-store.js';
import { type AppUrls, CORE_PAGE_PATHS, resolveUrls } from './urls.js';
import { type CurrentUser, type CurrentUserUpdate, userUpdateToJson } from './user.js';
import type { ClientUserJson } from './wire/user.js';

export type { InitialState, SessionStatus } from './app/user-state.js';

/** Options of `createApp`, whatever the access level. */
export interface BaseAppOptions {
  projectId: string;
  /** The API host, e.g. `http://localhost:8102` (the kit adds `/api/v1`). */
  baseUrl: string;
  /** Where tokens live: `'cookie'` in a browser and `'memory'` elsewhere unless set. */
  tokenStore?: TokenStoreOption;
  /** Page URLs, the core's and the plugins'; anything left out takes its default under `/handler`. */
  urls?: Partial<AppUrls> & Readonly<Record<string, string | undefined>>;
  /** `'window'` in a browser by default. */
  redirectMethod?: RedirectMethod;
  /** Origins besides the current one that redirects may go to. */
  trustedDomains?: string[];
  /** Headers merged into every API call. */
  extraRequestHeaders?: Record<string, string>;
  /** The fetch to call the API with. */
  fetch?: typeof fetch;
  /** Clock, timers, randomness and location, for tests and unusual runtimes. */
  env?: Partial<Environment>;
  /** What a server render knew (`app.snapshot()` there), so the first render here matches it. */
  initialState?: InitialState;
}

/** Options of `createApp`: the base options, the keys of one access level and its plugins. */
export type AppOptions<P extends readonly AnyPlugin[] = readonly AnyPlugin[]> = BaseAppOptions &
  AccessOptions<P>;

/** What `getUser` does when nobody is signed in. */
export type GetUserOr = 'return-null' | 'redirect' | 'throw';

/** The parts every app has, whatever its plugins. */
export interface AppCore<Urls extends string = string, Codes extends string = string> {
  readonly projectId: string;
  /** The level the app speaks at: `client`, `server` or `admin`. */
  readonly access: AccessLevel;
  /** Every page URL: the core's and those its plugins declare. */
  readonly urls: AppUrls & Readonly<Record<Urls, string>>;
  /** The signed-in user, or null. */
  readonly user: ReadonlySignal<CurrentUser | null>;
  readonly status: ReadonlySignal<SessionStatus>;
  /** The project's client view once loaded. */
  readonly project: ReadonlySignal<ClientProject | null>;
  /** A sign-in waiting for its second factor; the auth pages show the second-factor slot while set. */
  readonly pendingSignIn: ReadonlySignal<PendingSignIn | null>;
  /** The method of the last sign-in on this device (`'password'`, `'oauth:github'`, ...), or null. */
  readonly lastSignInMethod: ReadonlySignal<string | null>;
  /** Ids of the registered plugins, in order. */
  readonly plugins: readonly string[];
  readonly redirect: Redirector;
  readonly http: HttpClient;
  readonly cache: Cache;
  readonly events: AppEvents;
  /** Loads the user and project once; safe to call often. */
  ready(): Promise<void>;
  /** The current user; with `or: 'redirect'` goes to sign-in, with `or: 'throw'` throws, when signed out. */
  getUser(options?: { or?: GetUserOr }): Promise<CurrentUser | null>;
  /** Loads the user again from the server. */
  refreshUser(): Promise<CurrentUser | null>;
  getProject(): Promise<ClientProject>;
  /** Updates display name, client metadata or profile image of the current user. */
  updateUser(update: CurrentUserUpdate): Promise<CurrentUser>;
  /** Deletes the current user (if the project allows it) and ends the session. */
  deleteUser(): Promise<void>;
  /** Ends the session on the server and here, then goes to after-sign-out or `redirectUrl`. */
  signOut(options?: { redirectUrl?: string; noRedirect?: boolean }): Promise<void>;
  /** Drops a sign-in that was waiting for its second factor. */
  cancelPendingSignIn(): void;
  /**
   * Runs the plugin callback route of the page at `url` (the current page by default): an emailed
   * link's code, an OAuth code exchange. Resolves null when no plugin owns that page.
   */
  handle(url?: string | URL): Promise<HandledCallback | null>;
  /** The state to hand to the browser's app after a server render (`createApp({ initialState })`). */
  snapshot(): InitialState;
  /** The state the app was created with, if any: what the server rendered, for hydration. */
  readonly initialState: InitialState | null;
  /** Stops timers and watchers and lets plugins release what they hold. */
  dispose(): void;
  /** Type-only: the error codes the app's plugins own (for `Result` and `isSignetError`). */
  readonly __errorCodes?: Codes;
}

/** An app with the namespaces, URLs and error codes of its plugins. */
export type SignetApp<P extends readonly AnyPlugin[] = []> = AppCore<PluginUrlNames<P>, PluginErrorCodes<P>> &
  PluginApis<P>;

const RESERVED_URL_NAMES = [
  ...Object.keys(CORE_PAGE_PATHS),
  'handler',
  'home',
  'afterSignIn',
  'afterSignUp',
  'afterSignOut',
];

/** Message of `getUser({ or: 'throw' })` without a user. */
export const NOT_SIGNED_IN_MESSAGE = "User is not signed in but getUser was called with { or: 'throw' }";

/** Creates an app. No I/O happens until something asks for the user, the project or a call. */
export function createApp<const P extends readonly AnyPlugin[] = []>(options: AppOptions<P>): SignetApp<P> {
  const env = createEnvironment(options.env);
  const access = accessLevelOf(options, env.isBrowser);
  const plugins: readonly AnyPlugin[] = options.plugins ?? [];
  const registry = registerPlugins(plugins, access, RESERVED_URL_NAMES);
  const urls = resolveUrls(options.urls, registry.pagePaths);
  const store = createTokenStore(options.tokenStore, options.projectId);
  const events = createEvents();
  // The session and the client need each other; the session is filled in right after.
  let session!: Session;
  const http = createHttpClient(
    {
      projectId: options.projectId,
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      extraRequestHeaders: options.extraRequestHeaders,
      publishableClientKey: options.publishableClientKey,
      secretServerKey: options.secretServerKey,
      superSecretAdminKey: options.superSecretAdminKey,
      accessType: access,
      getAdminAccessToken: options.adminAccessToken,
      sleep: env.sleep,
      random: env.random,
      pluginOfCode: registry.pluginOfCode,
    },
    {
      getTokens: () => session.getTokens(),
      markAccessTokenExpired: (token) => session.markAccessTokenExpired(token),
    },
  );
  session = createSession(
    store,
    refreshGrant(http, options.projectId, options.publishableClientKey),
    env.now,
  );
  const cache = createCache(env);
  const redirect = createRedirector({
    urls,
    method: options.redirectMethod,
    trustedDomains: options.trustedDomains,
    currentUrl: env.currentUrl,
    sleep: env.sleep,
  });
  const state = createUserState(http, session, events, options.initialState);
  const storagePrefix = `signet:${options.projectId}:`;

  const startSession = async (tokens: { accessToken: string; refreshToken: string }) => {
    state.newEpoch();
    await session.setTokens(tokens);
    cache.clear();
    await state.refreshUser();
  };
  const signIn = createSignInStep({
    env,
    events,
    redirect,
    storage: namespacedStorage(storagePrefix, env.isBrowser),
    startSession,
  });

  const endSession = async () => {
    state.newEpoch();
    await session.clear();
    cache.clear();
    state.clearUser();
    events.emit('signed-out', {});
  };

  const disposers: (() => void)[] = [];
  // Another tab, or the host's server, may sign in or out through the shared store: follow it.
  const stopWatching = store.watch?.(() => {
    session
      .sync()
      .then((changed) => {
        if (!changed) return;
        state.newEpoch();
        cache.clear();
        return state.refreshUser();
      })
      .catch(() => {
        // A failed user load shows as before; the next change or call tries again.
      });
  }, env);
  if (stopWatching) disposers.push(stopWatching);

  // What the app and its plugins' context both expose.
  const shared = {
    projectId: options.projectId,
    access,
    urls,
    http,
    cache,
    redirect,
    user: state.user,
    project: state.project,
    pendingSignIn: signIn.pending,
    events,
    refreshUser: state.refreshUser,
    cancelPendingSignIn: signIn.cancel,
  };
  const apis: Record<string, unknown> = {};
  const core: AppCore<string, string> = {
    ...shared,
    status: state.status,
    lastSignInMethod: signIn.lastMethod,
    plugins: plugins.map((p) => p.id),
    ready: state.ready,
    getProject: state.getProject,
    async getUser({ or = 'return-null' } = {}) {
      const current = state.isUserLoaded() ? state.user.peek() : await state.refreshUser();
      if (current) return current;
      if (or === 'redirect') await redirect.redirect('signIn', { replace: true });
      if (or === 'throw') throw new Error(NOT_SIGNED_IN_MESSAGE);
      return null;
    },
    async updateUser(update) {
      const json = await http.request<ClientUserJson>('/users/me', {
        method: 'PATCH',
        body: userUpdateToJson(update),
      });
      return state.setUserJson(json);
    },
    async deleteUser() {
      await http.request('/users/me', { method: 'DELETE' });
      await endSession();
    },
    async signOut({ redirectUrl, noRedirect } = {}) {
      if (await session.getTokens().catch(() => null)) {
        try {
          await http.request('/auth/sessions/current', { method: 'DELETE', body: {} });
        } catch (error) {
          // The session is already gone on the server: signing out here is all that is left.
          if (!isSignetError(error, 'REFRESH_TOKEN_ERROR')) throw error;
        }
      }
      await endSession();
      if (!noRedirect) await redirect.redirect(redirectUrl ? { url: redirectUrl } : 'afterSignOut');
    },
    handle: createHandle(registry.callbacks, urls, (id) => apis[id], env.currentUrl),
    snapshot: state.snapshot,
    initialState: options.initialState ?? null,
    dispose() {
      for (const dispose of disposers.splice(0).reverse()) dispose();
    },
  };

  const contextFor = (pluginId: string): PluginContext<string> => ({
    ...shared,
    env,
    signIn: signIn.run,
    setUser: state.setUserJson,
    absoluteUrl(path) {
      const here = env.currentUrl();
      return here ? new URL(path, here).href : path;
    },
    storage: namespacedStorage(`${storagePrefix}${pluginId}:`, env.isBrowser),
    cookies: cookieJar(env.isBrowser),
    navigateToApi: (pathAndQuery) => redirect.redirect({ url: http.url(pathAndQuery) }, { external: true }),
    onDispose: (cleanup) => void disposers.push(cleanup),
  });

  for (const plugin of plugins) {
    if (plugin.id in core) throw new Error(`signet: plugin id "${plugin.id}" is already taken by the core.`);
    apis[plugin.id] = plugin.setup(contextFor(plugin.id));
  }
  return { ...core, ...apis } as unknown as SignetApp<P>;
}
