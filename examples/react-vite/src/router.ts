/**
 * A tiny router over the history API: enough for a home page and the handler pages, without
 * adding a router dependency to the example. Each router is an instance; nothing is module-level.
 */
import { useSyncExternalStore } from 'react';

/** Where the browser is. */
export interface RouterLocation {
  pathname: string;
  search: string;
}

/** Navigation for the example app. */
export interface Router {
  /** Goes to `to` (a path or a same-origin URL) without a page load; other origins load normally. */
  navigate(to: string, options?: { replace?: boolean }): void;
  subscribe(listener: () => void): () => void;
  /** `pathname + search`, a string so React can compare snapshots cheaply. */
  snapshot(): string;
}

/** A router bound to `window.history`. */
export function createBrowserRouter(): Router {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    navigate(to, { replace = false } = {}) {
      const url = new URL(to, location.href);
      if (url.origin !== location.origin) {
        location.assign(url.href);
        return;
      }
      history[replace ? 'replaceState' : 'pushState'](null, '', url.href);
      notify();
      scrollTo(0, 0);
    },
    subscribe(listener) {
      listeners.add(listener);
      addEventListener('popstate', listener);
      return () => {
        listeners.delete(listener);
        removeEventListener('popstate', listener);
      };
    },
    snapshot: () => location.pathname + location.search,
  };
}

/** The current location, re-rendering on navigation. */
export function useLocation(router: Router): RouterLocation {
  const here = useSyncExternalStore(router.subscribe, router.snapshot);
  const index = here.indexOf('?');
  return index < 0
    ? { pathname: here, search: '' }
    : { pathname: here.slice(0, index), search: here.slice(index) };
}

/**
 * Turns clicks on same-origin links (including those the kit renders) into router navigation.
 * Modified clicks, other targets and downloads keep the browser's behaviour. Returns a cleanup.
 */
export function interceptLinks(router: Router): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    if (anchor.origin !== location.origin) return;
    event.preventDefault();
    router.navigate(anchor.href);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
