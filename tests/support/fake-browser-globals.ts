/**
 * The least of a browser that Stack's SDK needs to run its OAuth flow in Node: `window.location`
 * (`assign`, `replace` and setting `href` recorded as navigations instead of leaving), `window.history`, and
 * `document.cookie` with a browser's semantics (set one cookie per write, `expires` in the past
 * deletes, read all as `a=b; c=d`). Not a browser: only what those calls touch. A real browser
 * runs the kit's own flow in the e2e suite.
 */

/** The fake browser: navigations it was asked for and its cookies. */
export interface FakeBrowser {
  /** Resolves with the next URL the page navigated to (assign or replace). */
  nextNavigation(): Promise<string>;
  /** Puts the page at `url`, as when the browser arrives there. */
  arrive(url: string): void;
  cookie(name: string): string | undefined;
  uninstall(): void;
}

/**
 * Installs `window` and `document` globals at `url` until `uninstall()`, which also clears the
 * intervals started meanwhile (the SDK polls its cookies every 100 ms, and would find no window).
 */
export function installFakeBrowser(url: string): FakeBrowser {
  const realSetInterval = globalThis.setInterval;
  const intervals: ReturnType<typeof setInterval>[] = [];
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const handle = realSetInterval(...args);
    intervals.push(handle);
    return handle;
  }) as typeof setInterval;
  const jar = new Map<string, string>();
  let href = url;
  const navigations: string[] = [];
  const waiting: ((url: string) => void)[] = [];
  const navigate = (to: string) => {
    const absolute = new URL(to, href).toString();
    const waiter = waiting.shift();
    if (waiter) waiter(absolute);
    else navigations.push(absolute);
  };
  const location = {
    get href() {
      return href;
    },
    set href(to: string) {
      navigate(to);
    },
    get origin() {
      return new URL(href).origin;
    },
    get protocol() {
      return new URL(href).protocol;
    },
    get host() {
      return new URL(href).host;
    },
    get hostname() {
      return new URL(href).hostname;
    },
    get pathname() {
      return new URL(href).pathname;
    },
    get search() {
      return new URL(href).search;
    },
    assign: navigate,
    replace: navigate,
  };
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(header: string) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const name = decodeURIComponent(pair.slice(0, at).trim());
      const value = pair.slice(at + 1).trim();
      const expires = attributes.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
      const maxAge = attributes.map((a) => a.trim()).find((a) => /^max-age=/i.test(a));
      const gone =
        (expires && new Date(expires.slice(8)).getTime() <= Date.now()) ||
        (maxAge && Number(maxAge.slice(8)) <= 0);
      if (gone) jar.delete(name);
      else jar.set(name, value);
    },
    createElement: () => ({}),
  };
  const window = {
    location,
    history: {
      replaceState: (_state: unknown, _title: string, to: string) => {
        href = new URL(to, href).toString();
      },
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  const globals = globalThis as Record<string, unknown>;
  globals.window = window;
  globals.document = document;
  return {
    nextNavigation: () =>
      navigations.length > 0
        ? Promise.resolve(navigations.shift()!)
        : new Promise<string>((resolve) => waiting.push(resolve)),
    arrive(to) {
      href = to;
    },
    cookie: (name) => {
      const value = jar.get(name);
      return value === undefined ? undefined : decodeURIComponent(value);
    },
    uninstall() {
      globalThis.setInterval = realSetInterval;
      for (const handle of intervals) clearInterval(handle);
      delete globals.window;
      delete globals.document;
    },
  };
}
