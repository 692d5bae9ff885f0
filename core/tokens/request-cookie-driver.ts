/**
 * Tokens from one HTTP request's `Cookie` header, for a server render: the browser's cookie store
 * keeps the session in first-party cookies (wire.md §7.3), so the host's server can read who is
 * signed in and render the page signed in. Writes (a refreshed access token) stay in memory for
 * this request only; the browser's own app keeps its cookies up to date.
 */

/** Parses a `Cookie` header into names and values; malformed pairs are skipped. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    try {
      const name = decodeURIComponent(part.slice(0, at).trim());
      if (!cookies.has(name)) cookies.set(name, decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A cookie the kit did not write and cannot decode is none of its business.
    }
  }
  return cookies;
}

/**
 * A token driver over a request's cookies: `createApp({ tokenStore: requestCookieDriver(
 * request.headers.get('cookie')) })` in a server render, one app per request.
 */
export function requestCookieDriver(cookieHeader: string | null | undefined) {
  const items = parseCookieHeader(cookieHeader);
  return {
    name: 'signet-request-cookies',
    hasItem: (key: string) => items.has(key),
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    getKeys: () => [...items.keys()],
  };
}
