/**
 * The types of an app: the options of `createApp` and what every app has. Apart from `createApp`
 * itself so the assembly reads on its own.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { Environment } from '../env.js';
import type { AppEvents } from '../events.js';
import type { HttpClient } from '../http/client.js';
import type {
  AccessLevel,
  AnyPlugin,
  PluginApis,
  PluginCallbacksHandled,
  PluginErrorCodes,
  PluginUrlNames,
} from '../plugin.js';
import type { ClientProject } from '../project.js';
import type { RedirectMethod, Redirector } from '../redirects.js';
import type { PendingSignIn } from '../sign-in.js';
import type { TokenStoreOption } from '../tokens/create-token-store.js';
import type { AppUrls } from '../urls.js';
import type { CurrentUser, CurrentUserUpdate } from '../user.js';
import type { AccessOptions } from './access.js';
import type { HandledCallback } from './handle.js';
import type { InitialState, SessionStatus } from './user-state.js';

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

/**
 * The parts every app has, whatever its plugins. `Handled` is what `handle` can resolve: for an
 * app made by `createApp`, one entry per callback route of its plugins, with what that route answers.
 */
export interface AppCore<
  Urls extends string = string,
  Codes extends string = string,
  Handled = HandledCallback,
> {
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
  handle(url?: string | URL): Promise<Handled | null>;
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
export type SignetApp<P extends readonly AnyPlugin[] = []> = AppCore<
  PluginUrlNames<P>,
  PluginErrorCodes<P>,
  PluginCallbacksHandled<P>
> &
  PluginApis<P>;
