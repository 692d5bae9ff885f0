/** The React context the provider fills: the app, its screen contributions and load errors. */
import { createContext } from 'react';
import type { AppCore } from '../core/app.js';
import type { ScreenContribution } from './screens.js';

/** What `<SignetProvider>` shares with the kit's hooks and pages. */
export interface SignetContextValue {
  app: AppCore;
  /** Contributions whose plugin the app has, in the order given. */
  screens: readonly ScreenContribution[];
  /** Set when loading the user or project failed (e.g. the API is unreachable). */
  loadError: unknown;
}

/** Null outside a provider, so hooks can say what is missing. */
export const SignetContext = createContext<SignetContextValue | null>(null);
