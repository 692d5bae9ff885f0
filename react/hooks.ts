/** The public hooks: plain values from the app's signals, safe to call while rendering on a server. */
import { useContext, useEffect } from 'react';
import { type AppCore, type InitialState, NOT_SIGNED_IN_MESSAGE, type SessionStatus } from '../core/app.js';
import type { ApiOf, PluginRef } from '../core/plugin.js';
import type { ClientProject } from '../core/project.js';
import type { CurrentUser } from '../core/user.js';
import { SignetContext, type SignetContextValue } from './context.js';
import { useSignalValue } from './use-signal.js';

/** The provider's value; throws a clear error outside `<SignetProvider>`. */
export function useSignetContext(): SignetContextValue {
  const value = useContext(SignetContext);
  if (!value) throw new Error('signet: this component must be rendered inside <SignetProvider app={app}>.');
  return value;
}

/**
 * The app given to the provider. Pass your app's type to see its plugin namespaces:
 * `useApp<typeof app>()`.
 */
export function useApp<A extends AppCore = AppCore>(): A {
  return useSignetContext().app as A;
}

/**
 * A plugin's API on the app, named by the plugin's factory (or the plugin): `usePluginApi(password)`
 * is the `PasswordApi`, typed from the factory. Throws when the app was created without that
 * plugin, naming it, instead of failing later on `undefined`.
 */
export function usePluginApi<R extends PluginRef>(plugin: R): ApiOf<R> {
  const app = useApp() as AppCore & Record<string, unknown>;
  const { id } = plugin;
  if (app[id] === undefined || !app.plugins.includes(id)) {
    throw new Error(
      `signet: these screens need the "${id}" plugin; add it to createApp({ plugins: [...] }).`,
    );
  }
  // The app's namespace `id` is the API of the plugin with that id, which is the one `plugin` names.
  return app[id] as ApiOf<R>;
}

/**
 * What the server rendered: on the server, the app's state now (after `await app.ready()` it is
 * real); in the browser, the state the app was created with (`createApp({ initialState })`), so
 * hydration renders exactly what the server did. Without either, everything is still loading.
 */
function renderedState(app: AppCore): InitialState {
  return (typeof window === 'undefined' ? app.snapshot() : app.initialState) ?? {};
}

function statusOf(state: InitialState): SessionStatus {
  return state.user === undefined ? 'loading' : state.user ? 'signed-in' : 'signed-out';
}

/**
 * Whether a user is signed in: `'loading'` until known. During a server render and hydration it
 * is what the server knew (see `createApp({ initialState })`).
 */
export function useSessionStatus(): SessionStatus {
  const app = useApp();
  return useSignalValue(app.status, statusOf(renderedState(app)));
}

/** The project's client view, or null while it loads (or when the server render did not load it). */
export function useProject(): ClientProject | null {
  const app = useApp();
  return useSignalValue(app.project, renderedState(app).project ?? null);
}

/** Options of `useUser`. */
export interface UseUserOptions {
  /**
   * When nobody is signed in: `'redirect'` goes to the sign-in page (replacing the history entry),
   * `'throw'` throws during render for an error boundary. Either way the hook returns null while
   * the session is still loading.
   */
  or?: 'redirect' | 'throw';
}

/** The signed-in user, or null (signed out, or not known yet: see `useSessionStatus`). */
export function useUser(options: UseUserOptions = {}): CurrentUser | null {
  const app = useApp();
  const rendered = renderedState(app);
  const user = useSignalValue(app.user, rendered.user ?? null);
  const status = useSignalValue(app.status, statusOf(rendered));
  const signedOut = status === 'signed-out';
  useEffect(() => {
    if (signedOut && options.or === 'redirect') {
      app.redirect.redirect('signIn', { replace: true }).catch((error: unknown) => console.error(error));
    }
  }, [app, signedOut, options.or]);
  if (signedOut && options.or === 'throw') throw new Error(NOT_SIGNED_IN_MESSAGE);
  return user;
}
