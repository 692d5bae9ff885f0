/** `<SignetProvider>`: gives the app and the plugins' screens to every hook and page below it. */
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { AppCore } from '../core/app.js';
import { SignetContext, type SignetContextValue } from './context.js';
import { activeScreens, type ScreenContribution } from './screens.js';

/** In development, says which screens were given without their plugin (they are left out). */
function reportMissingPlugin(contribution: ScreenContribution) {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  if (env?.NODE_ENV === 'production') return;
  console.warn(
    `signet: the "${contribution.id}" screens need the "${contribution.plugin?.id}" plugin, which the app was created without; they are left out. Add ${contribution.plugin?.id}() to createApp({ plugins }).`,
  );
}

/** Props of `SignetProvider`. */
export interface SignetProviderProps {
  /** The app from `createApp`. */
  app: AppCore;
  /** The plugins' screens, e.g. `[passwordScreens()]`. Keep the array stable (define it once). */
  screens?: readonly ScreenContribution[];
  children?: ReactNode;
}

/**
 * Provides the app. On the client it loads the user and project once mounted; during server
 * rendering it does nothing, so no request and no browser global is touched.
 */
export function SignetProvider({ app, screens, children }: SignetProviderProps) {
  const [loadError, setLoadError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    app.ready().then(
      () => live && setLoadError(null),
      (error: unknown) => live && setLoadError(error ?? new Error('signet: loading failed')),
    );
    return () => {
      live = false;
    };
  }, [app]);
  const value = useMemo<SignetContextValue>(
    () => ({ app, screens: activeScreens(screens ?? [], app.plugins, reportMissingPlugin), loadError }),
    [app, screens, loadError],
  );
  return <SignetContext.Provider value={value}>{children}</SignetContext.Provider>;
}
