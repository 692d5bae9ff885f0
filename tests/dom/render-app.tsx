/**
 * Rendering the kit's screens in happy-dom for DOM tests: an app over a fake API (tests/support/
 * fake-api.ts) that knows the project and, when given, the signed-in user.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type AnyPlugin, createApp, type RedirectMethod } from '../../core/index.js';
import { type ScreenContribution, SignetProvider } from '../../react/index.js';
import { clientUserJson, fakeApi, json, projectJson, type Route } from '../support/fake-api.js';
import { tokenExpiringIn } from '../support/fake-wire.js';

/** Options of `renderWithApp`. */
export interface RenderOptions<P extends readonly AnyPlugin[]> {
  plugins: P;
  screens?: readonly ScreenContribution[];
  /** Extra API routes, by `METHOD /path`. */
  routes?: Record<string, Route>;
  /** Sign a user in (`users/me` answers it) with this id. */
  userId?: string;
  config?: Parameters<typeof projectJson>[0];
  /** The page the app is at (default: the sign-in page); a function to follow the DOM's location. */
  pageUrl?: string | (() => string);
  /** How the app redirects (default: not at all). */
  redirectMethod?: RedirectMethod;
  /** The access token a signed-in user's session holds (default: any unexpired one). */
  accessToken?: string;
}

/** Renders `ui` inside a provider whose app talks to a fake API; returns the app and the requests. */
export function renderWithApp<const P extends readonly AnyPlugin[]>(
  ui: ReactNode,
  options: RenderOptions<P>,
) {
  const user = options.userId ? clientUserJson(options.userId) : null;
  const api = fakeApi({
    'GET /projects/current': () => json(projectJson(options.config)),
    'GET /users/me': () => (user ? json(user) : json({})),
    ...options.routes,
  });
  const app = createApp({
    projectId: 'p',
    publishableClientKey: 'pck',
    baseUrl: 'http://api.test',
    redirectMethod: options.redirectMethod ?? 'none',
    env: {
      currentUrl: () =>
        typeof options.pageUrl === 'function'
          ? options.pageUrl()
          : (options.pageUrl ?? 'http://app.test/handler/sign-in'),
    },
    fetch: api.fetch,
    plugins: options.plugins,
    tokenStore: user
      ? {
          read: async () => ({ refreshToken: 'r', accessToken: options.accessToken ?? tokenExpiringIn(600) }),
          write: async () => {},
        }
      : 'memory',
  } as Parameters<typeof createApp<P>>[0]);
  const result = render(
    <SignetProvider app={app} screens={options.screens}>
      {ui}
    </SignetProvider>,
  );
  return { ...result, app, requests: api.requests };
}
