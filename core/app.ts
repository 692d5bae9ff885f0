/**
 * `createApp`: the one place the kit's parts meet. Everything hangs off the returned instance, so
 * a server render can make one per request and tests can make many. The parts live apart: user
 * state (`app/user-state.ts`), the sign-in step (`sign-in.ts`), what plugins declare
 * (`app/plugin-registry.ts`), callback routes (`app/handle.ts`), access levels (`app/access.ts`)
 * and the app's types (`app/types.ts`).
 */

import { accessLevelOf } from './app/access.js';
import { registerPlugins } from './app/plugin-registry.js';
import type { AppCore, AppOptions, SignetApp } from './app/types.js';
import { createUserState } from './app/user-state.js';
import { createEnvironment } from './env.js';
import { createEvents } from './events.js';
import { createHttpClient } from './http/client.js';
import type { AnyPlugin, PluginContext } from './plugin.js';
import { createRedirector } from './redirects.js';
import { createSession } from './session/session.js';
import { createSignInStep } from './sign-in.js';
import { cookieJar, namespacedStorage } from './storage.js';
import { createTokenStore } from './tokens/create-token-store.js';
import { resolveUrls } from './urls.js';

export type { AppCore, AppOptions, BaseAppOptions, GetUserOr, SignetApp } from './app/types.js';
export type { InitialState, SessionStatus } from './app/user-state.js';

/** Message of `getUser({ or: 'throw' })` without a user. */
export const NOT_SIGNED_IN_MESSAGE = "User is not signed in but getUser was called with { or: 'throw' }";

/** Creates an app. No I/O happens until something asks for the user, the project or a call. */
export function createApp<const P extends readonly AnyPlugin[] = []>(options: AppOptions<P>): SignetApp<P> {
  const env = createEnvironment(options.env);
  const access = accessLevelOf(options, env.isBrowser);
  const plugins: readonly AnyPlugin[] = options.plugins ?? [];
  // The core's own URL names (its pages and after-auth targets) are taken before any plugin's.
  const registry = registerPlugins(plugins, access, Object.keys(resolveUrls()));
  const urls = resolveUrls(options.urls, registry.pagePaths);
  const store = createTokenStore(options.tokenStore, options.projectId);
  const events = createEvents();
  // The session and the client need each other: the session refreshes through the client's
  // refresh grant (a refresh only ever runs later, on a call, once the client exists). The grant's
  // module is loaded then: a token about to expire is never on the way to a first sign-in.
  const session = createSession(
    store,
    async (refreshToken) =>
      (await import('./session/refresh-grant.js')).refreshGrant(
        http,
        options.projectId,
        options.publishableClientKey,
      )(refreshToken),
    env.now,
  );
  const http = createHttpClient(
    {
      // The environment's sleep and random; the keys, base URL, fetch and extra headers as given,
      // but an owner's admin token as a getter that is called before each request.
      ...env,
      ...options,
      adminAccessToken: undefined,
      getAdminAccessToken: options.adminAccessToken,
      accessType: access,
      pluginOfCode: registry.pluginOfCode,
    },
    session,
  );
  const redirect = createRedirector({
    ...env, // currentUrl and sleep
    urls,
    method: options.redirectMethod,
    trustedDomains: options.trustedDomains,
  });
  const state = createUserState(http, session, events, options.initialState);
  const storagePrefix = `signet:${options.projectId}:`;

  // Loads begun under the old session are forgotten, and plugins drop what they kept for it.
  const sessionChanged = () => {
    state.newEpoch();
    events.emit('session-changed', {});
  };
  const startSession = async (tokens: { accessToken: string; refreshToken: string }) => {
    sessionChanged();
    await session.setTokens(tokens);
    await state.refreshUser();
  };
  const signIn = createSignInStep({
    env,
    events,
    redirect,
    storage: namespacedStorage(storagePrefix, env.isBrowser),
    startSession,
  });

  // Account calls come after the first sign-in: their module is loaded on the first one.
  const account = () => import('./app/account.js');
  const accountDeps = { http, session, state, redirect, events, sessionChanged };

  // Another tab, or the host's server, may sign in or out through the shared store: follow it
  // (a store only this app writes has no watch).
  const disposers: ((() => void) | undefined)[] = [
    store.watch?.(() => {
      session
        .sync()
        .then((changed) => {
          if (!changed) return;
          sessionChanged();
          return state.refreshUser();
        })
        .catch(() => {
          // A failed user load shows as before; the next change or call tries again.
        });
    }, env),
  ];

  // What the app and its plugins' context both expose.
  const shared = {
    projectId: options.projectId,
    access,
    urls,
    http,
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
    async getUser(options) {
      const current = state.isUserLoaded() ? state.user.peek() : await state.refreshUser();
      if (current) return current;
      const or = options?.or; // 'return-null' unless given
      if (or === 'redirect') await redirect.redirect('signIn', { replace: true });
      if (or === 'throw') throw new Error(NOT_SIGNED_IN_MESSAGE);
      return null;
    },
    updateUser: async (update) => (await account()).updateUser(accountDeps, update),
    deleteUser: async () => (await account()).deleteUser(accountDeps),
    signOut: async (options) => (await account()).signOut(accountDeps, options),
    // Only callback pages run it: the route matching is loaded then.
    handle: async (url) =>
      (await import('./app/handle.js')).createHandle(plugins, urls, (id) => apis[id], env.currentUrl)(url),
    snapshot: state.snapshot,
    initialState: options.initialState ?? null,
    dispose() {
      for (const dispose of disposers.splice(0).reverse()) dispose?.();
    },
  };

  const contextFor = (plugin: AnyPlugin): PluginContext<string> => ({
    ...shared,
    // A server or admin plugin speaks for the backend, not for whoever is signed in here.
    call: (path, init) =>
      http.request(path, { withSession: (plugin.access ?? 'client') === 'client', ...init }),
    publishableClientKey: options.publishableClientKey ?? '',
    env,
    signIn: signIn.run,
    signOut: core.signOut,
    setUser: state.setUserJson,
    getAccessToken: async () => (await session.getTokens())?.accessToken ?? null,
    // Through getTokens, so a session the server has ended answers null, not a dead token.
    getRefreshToken: async () => (await session.getTokens())?.refreshToken ?? null,
    absoluteUrl(path) {
      const here = env.currentUrl();
      return here ? new URL(path, here).href : path;
    },
    storage: namespacedStorage(`${storagePrefix}${plugin.id}:`, env.isBrowser),
    cookies: cookieJar(env.isBrowser),
    navigateToApi: (pathAndQuery) => redirect.redirect({ url: http.url(pathAndQuery) }, { external: true }),
    onDispose: (cleanup) => void disposers.push(cleanup),
  });

  for (const plugin of plugins) {
    if (plugin.id in core) throw new Error(`signet: plugin id "${plugin.id}" is already taken by the core.`);
    apis[plugin.id] = plugin.setup(contextFor(plugin));
  }
  return { ...core, ...apis } as unknown as SignetApp<P>;
}
