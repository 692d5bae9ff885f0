/**
 * The console's router: the History API under the `/console` base, no library. Pages are found by
 * matching the path against the route list (`routes.ts`), parameters taken from `:name` segments.
 */
import { useSyncExternalStore } from 'react';

/** Where the console is served. */
export const CONSOLE_BASE = '/console';

/** The current location inside the console: a path under the base, and the query string. */
export interface ConsoleLocation {
  path: string;
  search: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current = read();

function read(): ConsoleLocation {
  const { pathname, search } = window.location;
  const inside = pathname.startsWith(CONSOLE_BASE) ? pathname.slice(CONSOLE_BASE.length) : pathname;
  return { path: inside === '' ? '/' : inside, search };
}

function changed() {
  const next = read();
  if (next.path === current.path && next.search === current.search) return;
  current = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', changed);

/** The full URL path of a console path (`/users` → `/console/users`). */
export const hrefOf = (path: string) => `${CONSOLE_BASE}${path === '/' ? '' : path}`;

/** Goes to a console path (with an optional `?query`), adding a history entry unless `replace`. */
export function navigate(path: string, options: { replace?: boolean } = {}) {
  // Anything outside the console (another origin, the app's own pages) is a full page load.
  if (
    /^[a-z][a-z0-9+.-]*:/i.test(path) ||
    (path.startsWith('/') &&
      !path.startsWith('/projects') &&
      path !== '/' &&
      !path.startsWith(CONSOLE_BASE) &&
      !path.startsWith('/?'))
  ) {
    if (options.replace) window.location.replace(path);
    else window.location.assign(path);
    return;
  }
  const href = path.startsWith(CONSOLE_BASE) ? path : hrefOf(path);
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  changed();
  // A new page starts at the top, as a full page load would.
  if (!options.replace) window.scrollTo?.(0, 0);
}

/** The current console location; re-renders on every change. */
export function useLocation(): ConsoleLocation {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** The query parameters of the current location. */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return new URLSearchParams(search);
}

/** Parameters of `pattern` (`/projects/:projectId`) in `path`, or null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const value = have[i]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value) return null;
  }
  return params;
}

/**
 * Same-origin clicks on `<a href="/console/...">` go through the router (no page reload); other
 * links, modified clicks and new-tab links behave as the browser would.
 */
export function interceptLinks(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    if (url.pathname !== CONSOLE_BASE && !url.pathname.startsWith(`${CONSOLE_BASE}/`)) return;
    if (url.pathname.startsWith(`${CONSOLE_BASE}/handler`)) return;
    event.preventDefault();
    navigate(url.pathname + url.search);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
