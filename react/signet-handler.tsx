/**
 * `<SignetHandler>`: every handler page under the app's handler base path. Mount it on the host
 * router's `/handler/*` route and give it the pathname (or let it read `location` once mounted).
 */
import { type ComponentType, useEffect, useState } from 'react';
import { AccountSettingsPage } from './account-settings/account-settings-page.js';
import { AuthPage, type AuthPageOptions } from './auth-page.js';
import { ErrorPage } from './error-page.js';
import { resolveHandlerRoute } from './handler-route.js';
import { useSignetContext } from './hooks.js';
import { NotFoundCard } from './message-cards.js';
import type { HandlerRouteProps } from './screens.js';
import { SignOutPage } from './sign-out-page.js';
import { FullPage } from './ui/full-page.js';
import { Skeleton } from './ui/skeleton.js';

/** Props of `SignetHandler`. */
export interface SignetHandlerProps {
  /**
   * The pathname to render, e.g. `/handler/sign-in` (or `sign-in`, relative to the handler base).
   * Without it the handler reads `location` after mounting and follows back/forward navigation.
   */
  path?: string;
  /** The query string (`?a=b`); read from `location` when `path` is not given. */
  search?: string;
  /** Options of the sign-in and sign-up pages. */
  authPage?: AuthPageOptions;
  /** Wrap pages in the full-height container (default true). */
  fullPage?: boolean;
}

/** The core's pages by URL name; they win over plugin pages of the same name. */
const BUILT_IN: Record<string, ComponentType<HandlerRouteProps & { authPage?: AuthPageOptions }>> = {
  signIn: ({ authPage }) => <AuthPage type="sign-in" {...authPage} />,
  signUp: ({ authPage }) => <AuthPage type="sign-up" {...authPage} />,
  signOut: () => <SignOutPage />,
  accountSettings: () => <AccountSettingsPage />,
  error: ({ searchParams }) => <ErrorPage searchParams={searchParams} />,
};

/** Reads the browser location after mounting, so server and first client render agree. */
function useBrowserLocation(enabled: boolean): { path: string; search: string } | null {
  const [here, setHere] = useState<{ path: string; search: string } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const read = () => setHere({ path: location.pathname, search: location.search });
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, [enabled]);
  return here;
}

/** Renders the handler page for the current path. */
export function SignetHandler({ path, search, authPage, fullPage = true }: SignetHandlerProps) {
  const { app, screens } = useSignetContext();
  const browser = useBrowserLocation(path === undefined);
  const page = (() => {
    const where = path !== undefined ? { path, search: search ?? '' } : browser;
    if (!where) return <Skeleton />;
    const pages: Record<string, ComponentType<HandlerRouteProps & { authPage?: AuthPageOptions }>> = {};
    for (const contribution of screens) Object.assign(pages, contribution.pages);
    Object.assign(pages, BUILT_IN);
    const route = resolveHandlerRoute(where.path, app.urls, Object.keys(pages));
    const Page = route ? pages[route.name] : undefined;
    if (!route || !Page) return <NotFoundCard />;
    return <Page rest={route.rest} searchParams={new URLSearchParams(where.search)} authPage={authPage} />;
  })();
  return fullPage ? <FullPage>{page}</FullPage> : page;
}
