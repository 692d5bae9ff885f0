/**
 * A token driver over the browser's `document.cookie`, with the cookie lifetimes of
 * product-spec §9: the refresh token one year, the access token one day.
 */
import { ACCESS_TOKEN_KEY, type TokenDriver } from './token-store.js';

const ONE_YEAR_SECONDS = 31_536_000;
const ONE_DAY_SECONDS = 86_400;

/** Thrown when a cookie store is created where there is no `document`. */
export class CookieStoreOutsideBrowserError extends Error {
  override readonly name = 'CookieStoreOutsideBrowserError';
  constructor() {
    super(
      "The 'cookie' token store only works in a browser. On a server, use tokenStore: 'memory' or a custom store.",
    );
  }
}

/** The value of cookie `name` in `document.cookie`, or null. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && decodeURIComponent(part.slice(0, eq).trim()) === name) {
      return decodeURIComponent(part.slice(eq + 1).trim());
    }
  }
  return null;
}

/**
 * Sets cookie `name` for the whole site, `Secure` on https; `maxAge` 0 deletes it, none makes a
 * session cookie.
 */
export function writeCookie(name: string, value: string, maxAge?: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the kit supports (Firefox, Safari).
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}; SameSite=Lax${secure}`;
}

/** The interval timers a poll runs on (the app's environment). */
export type PollTimers = {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: never): void;
};

/** How often cookies are looked at for changes made elsewhere (product-spec §9). */
export const COOKIE_POLL_MS = 100;

/**
 * Calls `onChange` whenever `document.cookie` differs from the last look, every 100 ms. Another
 * tab or the host's server may sign in or out; there is no event for cookies in every browser.
 */
export function watchCookies(onChange: () => void, timers: PollTimers = globalThis): () => void {
  let last = document.cookie;
  const timer = timers.setInterval(() => {
    if (document.cookie === last) return;
    last = document.cookie;
    onChange();
  }, COOKIE_POLL_MS);
  return () => timers.clearInterval(timer as never);
}

/** A driver that keeps each key in a first-party cookie. */
export function cookieDriver(): TokenDriver {
  if (typeof document === 'undefined') throw new CookieStoreOutsideBrowserError();
  return {
    getItem: readCookie,
    setItem: (key, value) =>
      writeCookie(key, value, key === ACCESS_TOKEN_KEY ? ONE_DAY_SECONDS : ONE_YEAR_SECONDS),
    removeItem: (key) => writeCookie(key, '', 0),
  };
}
