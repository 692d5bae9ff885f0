/**
 * Redirects that never leave the app for an untrusted place: a target is followed only when it is
 * relative, on the current origin, or on a trusted domain (exact scheme, host and port).
 */
import type { AppUrls } from './urls.js';

/** The query parameter that carries where to return after signing in. */
export const RETURN_TO_PARAM = 'after_auth_return_to';
/** How long a window redirect waits for the page to unload before resolving. */
export const REDIRECT_WAIT_MS = 2000;

/** How redirects happen: not at all, by `window.location`, or through the host's router. */
export type RedirectMethod =
  | 'none'
  | 'window'
  | { navigate(to: string, options: { replace: boolean }): void | Promise<void> };

/** Options of the redirector. */
export interface RedirectorOptions {
  urls: AppUrls & Readonly<Record<string, string>>;
  method?: RedirectMethod;
  /** Extra origins redirects may go to, e.g. `https://app.example.com`. */
  trustedDomains?: readonly string[];
  /** The current page (the app's environment: `location.href` in a browser). */
  currentUrl: () => string | null;
  sleep: (ms: number) => Promise<void>;
}

/** Where to send the user, by page name (the core's or a plugin's) or URL. */
export type RedirectTarget = keyof AppUrls | (string & {}) | { url: string };

/** How to go there. */
export interface RedirectOptions {
  /** Replace the history entry instead of adding one. */
  replace?: boolean;
  /**
   * The target is a URL the kit built itself on another origin (the API's OAuth authorize
   * endpoint), so the trusted-domain check does not apply. Never set it for a URL from outside.
   */
  external?: boolean;
}

/** Moves the user between the app's pages. */
export interface Redirector {
  isTrusted(url: string): boolean;
  /** The URL a named page or URL resolves to, with `after_auth_return_to` added for sign-in and sign-up. */
  href(target: RedirectTarget): string;
  redirect(target: RedirectTarget, options?: RedirectOptions): Promise<void>;
  /** After a sign-in or sign-up: the return-to target if one is present and trusted, else the page's default. */
  afterAuth(kind: 'sign-in' | 'sign-up'): Promise<void>;
  /** The URL `afterAuth` would go to. */
  afterAuthHref(kind: 'sign-in' | 'sign-up'): string;
}

/**
 * True for paths like `/a?b` that stay on this origin. Resolved as a browser would (against a
 * placeholder origin), so `//host`, `/\host` and `/<tab>/host`, which browsers send elsewhere, are not.
 */
const isRelative = (url: string) => /^[/?#]/.test(url) && new URL(url, 'http://a').host === 'a';

/** Creates a redirector. */
export function createRedirector(options: RedirectorOptions): Redirector {
  const current = options.currentUrl;
  const method = options.method ?? (typeof window === 'undefined' ? 'none' : 'window');
  const { sleep } = options;
  const trusted = new Set((options.trustedDomains ?? []).map((d) => new URL(d).origin));

  function isTrusted(url: string) {
    if (isRelative(url)) return true;
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return false;
    }
    const here = current();
    return (here !== null && new URL(here).origin === target.origin) || trusted.has(target.origin);
  }

  function href(target: RedirectTarget) {
    const url = typeof target === 'string' ? options.urls[target] : target.url;
    if (url === undefined) throw new Error(`signet: the app has no page named "${target}".`);
    const here = current();
    if ((target === 'signIn' || target === 'signUp') && here) {
      const page = new URL(here);
      // Carry the page the user came from, unless that page is itself an auth page.
      const from = page.searchParams.get(RETURN_TO_PARAM) ?? `${page.pathname}${page.search}${page.hash}`;
      if (!page.pathname.startsWith(options.urls.handler)) {
        return withReturnTo(url, from);
      }
      if (page.searchParams.has(RETURN_TO_PARAM)) return withReturnTo(url, from);
    }
    return url;
  }

  async function redirect(target: RedirectTarget, options?: RedirectOptions) {
    const url = href(target);
    const replace = !!options?.replace;
    if (!options?.external && !isTrusted(url)) await refuseRedirect(url);
    if (method === 'none') return;
    if (method === 'window') {
      if (replace) window.location.replace(url);
      else window.location.assign(url);
      // The page is about to unload; give it time rather than let callers race on.
      await sleep(REDIRECT_WAIT_MS);
      return;
    }
    await method.navigate(url, { replace });
  }

  function afterAuthHref(kind: 'sign-in' | 'sign-up') {
    const here = current();
    const returnTo = here ? new URL(here).searchParams.get(RETURN_TO_PARAM) : null;
    if (returnTo && isTrusted(returnTo)) return returnTo;
    return options.urls[kind === 'sign-up' ? 'afterSignUp' : 'afterSignIn'];
  }

  return {
    isTrusted,
    href,
    redirect,
    afterAuthHref,
    afterAuth: (kind) => redirect({ url: afterAuthHref(kind) }, { replace: true }),
  };
}

/**
 * `url` (the sign-in or sign-up page) with `returnTo` as the page to come back to once signed in,
 * the query joined and a fragment kept last. `Redirector.href` adds the page the user is on, except
 * under the handler (an auth page is not somewhere to come back to); handler pages that are (an
 * invitation, a login link) call this themselves.
 */
export function withReturnTo(url: string, returnTo: string): string {
  const [path, hash = ''] = url.split('#', 2);
  const separator = path!.includes('?') ? '&' : '?';
  return `${path}${separator}${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}${hash ? `#${hash}` : ''}`;
}

/** Rejects with an `UntrustedRedirectError` for `target`, loading the class first (only a refusal needs it). */
export const refuseRedirect = async (target: string): Promise<never> => {
  throw new (await import('./untrusted-redirect-error.js')).UntrustedRedirectError(target);
};

export { UntrustedRedirectError } from './untrusted-redirect-error.js';
