/** Finds the page for the location, loads its module lazily, and renders it with its params. */
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { matchPath } from '../router/router.js';
import { ROUTES } from '../routes.js';
import { PageErrorBoundary } from './error-boundary.js';
import type { ConsoleRoute, PageProps } from './page.js';
import { EmptyState, LoadingRows } from './states.js';

const lazyPages = new Map<ConsoleRoute, ComponentType<PageProps>>(
  ROUTES.map((route) => [route, lazy(route.load)]),
);

/** The route matching `path`, with its parameters. */
export function findRoute(path: string): { route: ConsoleRoute; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

/** The page at `path`, or "Page not found". */
export function RouteOutlet({ path }: { path: string }) {
  const found = findRoute(path);
  useEffect(() => {
    document.title = `${found?.route.title ?? 'Not found'} · signet console`;
  }, [found?.route.title]);
  if (!found)
    return (
      <EmptyState title="Page not found">
        <a href="/console/projects">Go to your projects</a>
      </EmptyState>
    );
  const Page = lazyPages.get(found.route)!;
  return (
    <PageErrorBoundary key={found.route.path}>
      <Suspense fallback={<LoadingRows label={`Loading ${found.route.title}`} />}>
        <Page params={found.params} />
      </Suspense>
    </PageErrorBoundary>
  );
}
