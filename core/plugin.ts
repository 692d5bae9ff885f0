/**
 * The plugin contract. A plugin is a plain object made by a factory: an id (its namespace on the
 * app) and a `setup` that builds its API from the app's
 * shared parts. Each call's error codes are declared in its result type. No proxies: an app has exactly the namespaces of the plugins it was given.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { Cache } from './cache.js';
import type { HttpClient } from './http/client.js';
import type { ClientProject } from './project.js';
import type { Redirector } from './redirects.js';
import type { Session } from './session/session.js';
import type { AppUrls } from './urls.js';
import type { CurrentUser } from './user.js';
import type { SignInResponseJson } from './wire/auth.js';

/** How a sign-in ends: where to go next, or stay. */
export interface CompleteSignInOptions {
  /** Stay on the page instead of going to the after-sign-in / after-sign-up target. */
  noRedirect?: boolean;
  /** Go to after-sign-in even for a new user (credential and passkey sign-ins do). */
  alwaysAfterSignIn?: boolean;
}

/** What a plugin's `setup` receives: the app's shared parts, nothing module-level. */
export interface PluginContext {
  readonly projectId: string;
  readonly urls: AppUrls;
  readonly http: HttpClient;
  readonly session: Session;
  readonly cache: Cache;
  readonly redirect: Redirector;
  readonly user: ReadonlySignal<CurrentUser | null>;
  readonly project: ReadonlySignal<ClientProject | null>;
  /** Stores the tokens of a successful sign-in, loads the user and redirects as product-spec §4 says. */
  completeSignIn(response: SignInResponseJson, options?: CompleteSignInOptions): Promise<void>;
  /** Loads the current user again. */
  refreshUser(): Promise<CurrentUser | null>;
  /** An absolute URL for an app page, resolved against the current page (for emailed links). */
  absoluteUrl(path: string): string;
}

/** A plugin: its id is the namespace its API appears under on the app. */
export interface SignetPlugin<Id extends string = string, Api = unknown> {
  readonly id: Id;
  setup(context: PluginContext): Api;
}

/** The namespaces a tuple of plugins adds to an app. */
export type PluginApis<P extends readonly SignetPlugin[]> = {
  readonly [K in P[number] as K['id']]: K extends SignetPlugin<string, infer Api> ? Api : never;
};

/** Declares a plugin with its types inferred; a plain identity function. */
/* @__NO_SIDE_EFFECTS__ */
export function definePlugin<Id extends string, Api>(plugin: SignetPlugin<Id, Api>): SignetPlugin<Id, Api> {
  return plugin;
}
