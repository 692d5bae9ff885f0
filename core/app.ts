/**
 * `createApp`: the one place the kit's parts meet. Everything hangs off the returned instance, so
 * a server render can make one per request and tests can make many.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals-core';
import { type Cache, createCache, type Timers } from './cache.js';
import { isSignetError } from './errors/signet-error.js';
import { createHttpClient, type HttpClient } from './http/client.js';
import type { PluginApis, PluginContext, SignetPlugin } from './plugin.js';
import { type ClientProject, projectFromJson } from './project.js';
import { createRedirector, type RedirectMethod, type Redirector } from './redirects.js';
import { refreshGrant } from './session/refresh-grant.js';
import { createSession, type Session } from './session/session.js';
import { createTokenStore, type TokenStoreOption } from './tokens/create-token-store.js';
import { type AppUrls, resolveUrls } from './urls.js';
import { type CurrentUser, type CurrentUserUpdate, userFromJson, userUpdateToJson } from './user.js';
import type { ClientProjectJson } from './wire/project.js';
import type { ClientUserJson } from './wire/user.js';

/** Options of `createApp`. */
export interface AppOptions<P extends readonly SignetPlugin[]> {
  projectId: string;
  publishableClientKey?: string;
  /** The API host, e.g. `http://localhost:8102` (the kit adds `/api/v1`). */
  baseUrl: string;
  /** Where tokens live: `'cookie'` in a browser and `'memory'` elsewhere unless set. */
  tokenStore?: TokenStoreOption;
  /** The plugins whose namespaces the app gets, e.g. `[password()]`. */
  plugins?: P;
  /** Page URLs; anything left out takes its default under `/handler`. */
  urls?: Partial<AppUrls>;
  /** `'window'` in a browser by default. */
  redirectMethod?: RedirectMethod;
  /** Origins besides the current one that redirects may go to. */
  trustedDomains?: string[];
  /** Headers merged into every API call. */
  extraRequestHeaders?: Record<string, string>;
  /** Injectable platform parts, for tests and unusual runtimes. */
  fetch?: typeof fetch;
  now?: () => number;
  timers?: Timers;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  currentUrl?: () => string | null;
}

/** Whether a user is signed in; `loading` until the first answer. */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** What `getUser` does when nobody is signed in. */
export type GetUserOr = 'return-null' | 'redirect' | 'throw';

/** The parts every app has, whatever its plugins. */
export interface AppCore {
  readonly projectId: string;
  readonly urls: AppUrls;
  /** The signed-in user, or null. */
  readonly user: ReadonlySignal<CurrentUser | null>;
  readonly status: ReadonlySignal<SessionStatus>;
  /** The project's client view once loaded. */
  readonly project: ReadonlySignal<ClientProject | null>;
  /** Ids of the registered plugins, in order. */
  readonly plugins: readonly string[];
  readonly redirect: Redirector;
  readonly http: HttpClient;
  readonly cache: Cache;
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
  /** Stops watching the token store for changes made elsewhere; call it when throwing the app away. */
  dispose(): void;
}

/** An app with the namespaces of its plugins. */
export type SignetApp<P extends readonly SignetPlugin[] = []> = AppCore & PluginApis<P>;

/** Message of `getUser({ or: 'throw' })` without a user. */
export const NOT_SIGNED_IN_MESSAGE = "User is not signed in but getUser was called with { or: 'throw' }";

/** Creates an app. No I/O happens until something asks for the user, the project or a call. */
export function createApp<const P extends readonly SignetPlugin[] = []>(
  options: AppOptions<P>,
): SignetApp<P> {
  const urls = resolveUrls(options.urls);
  const store = createTokenStore(options.tokenStore, options.projectId);
  // The session and the client need each other; the session is filled in right after.
  let session!: Session;
  const http = createHttpClient(options, {
    getTokens: () => session.getTokens(),
    markAccessTokenExpired: (token) => session.markAccessTokenExpired(token),
  });
  session = createSession(
    store,
    refreshGrant(http, options.projectId, options.publishableClientKey),
    options.now,
  );
  const cache = createCache(options.timers);
  const redirect = createRedirector({
    urls,
    method: options.redirectMethod,
    trustedDomains: options.trustedDomains,
    currentUrl: options.currentUrl,
    sleep: options.sleep,
  });

  const user = signal<CurrentUser | null>(null);
  const userLoaded = signal(false);
  const project = signal<ClientProject | null>(null);
  const status = computed<SessionStatus>(() =>
    !userLoaded.value ? 'loading' : user.value ? 'signed-in' : 'signed-out',
  );

  // Bumped whenever the session starts or ends, so a user load begun under the old session never
  // writes its (stale) answer over the new state.
  let sessionEpoch = 0;
  let userRequest: Promise<CurrentUser | null> | null = null;
  const refreshUser = () => {
    userRequest ??= (async () => {
      const epoch = sessionEpoch;
      try {
        const tokens = await session.getTokens();
        let next: CurrentUser | null = null;
        if (tokens) {
          try {
            next = userFromJson(await http.request<ClientUserJson>('/users/me'));
          } catch (error) {
            // The server no longer knows the session's user: that is signed out, not a failure.
            if (!isSignetError(error, 'CANNOT_GET_OWN_USER_WITHOUT_USER')) throw error;
          }
        }
        if (epoch !== sessionEpoch) return user.value;
        user.value = next;
        userLoaded.value = true;
        return next;
      } finally {
        if (epoch === sessionEpoch) userRequest = null;
      }
    })();
    return userRequest;
  };

  let projectRequest: Promise<ClientProject> | null = null;
  const getProject = () => {
    projectRequest ??= http
      .request<ClientProjectJson>('/projects/current', { withSession: false })
      .then((json) => {
        const loaded = projectFromJson(json);
        project.value = loaded;
        return loaded;
      })
      .catch((error) => {
        projectRequest = null;
        throw error;
      });
    return projectRequest;
  };

  let readyRequest: Promise<void> | null = null;
  const ready = () => {
    readyRequest ??= Promise.all([userLoaded.value ? null : refreshUser(), getProject()]).then(
      () => undefined,
      (error) => {
        readyRequest = null;
        throw error;
      },
    );
    return readyRequest;
  };

  const newSessionEpoch = () => {
    sessionEpoch++;
    userRequest = null;
  };

  // Another tab, or the host's server, may sign in or out through the shared store: follow it.
  const stopWatching = store.watch?.(() => {
    session
      .sync()
      .then((changed) => {
        if (!changed) return;
        newSessionEpoch();
        cache.clear();
        return refreshUser();
      })
      .catch(() => {
        // A failed user load shows as before; the next change or call tries again.
      });
  });

  const endSession = async () => {
    newSessionEpoch();
    await session.clear();
    cache.clear();
    user.value = null;
    userLoaded.value = true;
  };

  const core: AppCore = {
    projectId: options.projectId,
    urls,
    user,
    status,
    project,
    plugins: (options.plugins ?? []).map((p) => p.id),
    redirect,
    http,
    cache,
    ready,
    refreshUser,
    getProject,
    async getUser({ or = 'return-null' } = {}) {
      const current = userLoaded.value ? user.value : await refreshUser();
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
      const updated = userFromJson(json);
      user.value = updated;
      return updated;
    },
    async deleteUser() {
      await http.request('/users/me', { method: 'DELETE' });
      await endSession();
    },
    dispose: () => stopWatching?.(),
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
  };

  const context: PluginContext = {
    projectId: options.projectId,
    urls,
    http,
    session,
    cache,
    redirect,
    user,
    project,
    refreshUser,
    absoluteUrl(path) {
      const here = (options.currentUrl ?? (() => (typeof location === 'undefined' ? null : location.href)))();
      return here ? new URL(path, here).href : path;
    },
    async completeSignIn(response, { noRedirect, alwaysAfterSignIn } = {}) {
      newSessionEpoch();
      await session.setTokens({ accessToken: response.access_token, refreshToken: response.refresh_token });
      cache.clear();
      await refreshUser();
      if (!noRedirect)
        await redirect.afterAuth(response.is_new_user && !alwaysAfterSignIn ? 'sign-up' : 'sign-in');
    },
  };

  const app: Record<string, unknown> = { ...core };
  for (const plugin of options.plugins ?? []) {
    if (plugin.id in app)
      throw new Error(`Two plugins (or a plugin and the app) use the name "${plugin.id}".`);
    app[plugin.id] = plugin.setup(context);
  }
  return app as SignetApp<P>;
}
