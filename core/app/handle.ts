/**
 * `app.handle(url)`: runs the plugin callback route whose page URL the browser is at (an emailed
 * link's code, an OAuth code exchange), so hosts without React get the same logic the kit's
 * pages use.
 */
import type { AnyPlugin, CallbackRoute } from '../plugin.js';

/** What `app.handle` ran, or null when no callback route owns the URL. */
export interface HandledCallback {
  /** The URL name, e.g. `'magicLinkCallback'`. */
  urlName: string;
  pluginId: string;
  /** What the route answered (usually a `Result`). */
  result: unknown;
}

/**
 * True when `url` is the page at `pageUrl`: same path, and same origin — `pageUrl`'s own, or for a
 * relative page URL the app's (`appUrl`, the current page), so a link to another site never runs.
 */
export function isPageUrl(url: URL, pageUrl: string, appUrl: string | URL = url): boolean {
  const page = new URL(pageUrl, appUrl);
  return page.origin === url.origin && trimSlash(page.pathname) === trimSlash(url.pathname);
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Builds `handle` over the plugins' callback routes (in the order the plugins were given, each
 * plugin's in the order it declares them) and the app's URLs.
 */
export function createHandle(
  plugins: readonly AnyPlugin[],
  urls: Readonly<Record<string, string>>,
  apiOf: (pluginId: string) => unknown,
  currentUrl: () => string | null,
): (url?: string | URL) => Promise<HandledCallback | null> {
  return async (input) => {
    const here = input ?? currentUrl();
    if (here === null) return null;
    const url = new URL(here, currentUrl() ?? 'http://localhost');
    for (const { id: pluginId, callbacks } of plugins) {
      for (const [urlName, route] of Object.entries(callbacks ?? {}) as [string, CallbackRoute<unknown>][]) {
        const pageUrl = urls[urlName];
        if (!route || pageUrl === undefined || !isPageUrl(url, pageUrl, currentUrl() ?? url)) continue;
        const result = await route({ url, searchParams: url.searchParams }, apiOf(pluginId));
        return { urlName, pluginId, result };
      }
    }
    return null;
  };
}
