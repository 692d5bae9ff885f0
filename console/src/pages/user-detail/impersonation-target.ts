/**
 * Where the console may send an impersonation link. The link carries a live refresh token of the
 * impersonated user, so it goes only to an origin the project already trusts: one of its trusted
 * domains, or this machine when the project allows localhost. Matched the way the server matches
 * redirect targets (server/src/services/redirect-urls.ts), on the exact origin — scheme, host and
 * port — never on a host prefix or suffix, so `app.example.com.evil.test`,
 * `evil-app.example.com` and `https://app.example.com@evil.test` are all someone else.
 */

/** What the project trusts, as its config holds it (the Domains page). */
export interface TrustedOrigins {
  domains: ReadonlyArray<{ domain: string; handlerPath: string }>;
  allowLocalhost: boolean;
}

/** Whether an impersonation link may be made for an address, and if not, why. */
export type ImpersonationTarget =
  /** Trusted: the link goes to `origin`, with the kit's handler pages at `handlerPath`. */
  | { ok: true; origin: string; handlerPath: string }
  /** Not an absolute http(s) address (or absurdly long). */
  | { ok: false; reason: 'invalid' }
  /** A well-formed address on `origin`, which the project does not trust. */
  | { ok: false; reason: 'untrusted'; origin: string }
  /** A trusted origin, but with a user name or password in the address, which the link would drop. */
  | { ok: false; reason: 'credentials' };

/**
 * The longest address considered. Real app addresses are far shorter; the cap keeps a hostile
 * paste (70,000 characters) from being parsed at every keystroke.
 */
export const MAX_APP_URL_LENGTH = 2048;

/** The handler path when the address is on localhost and no trusted domain names it. */
const DEFAULT_HANDLER_PATH = '/handler';

/**
 * True for control characters (which `URL` silently drops from inside a host, so
 * `app.exa<tab>mple.com` would read as another name than the one shown) or a lone surrogate: no
 * real address has them.
 */
function isMalformed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

/**
 * This machine: localhost, 127.x.x.x and [::1] (hostnames as `URL` gives them). The server's
 * redirect check also counts `*.localhost`, but not every resolver keeps those on this machine,
 * so a live token is not sent there.
 */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** The http(s) URL `text` names, or null; never throws. */
function httpUrl(text: string): URL | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/**
 * Checks the app address the admin typed (or the console remembered) against the project's trusted
 * origins. Pure: reads nothing but its arguments, and returns a refusal for any input instead of
 * throwing (control characters, lone surrogates, very long strings).
 */
export function impersonationTarget(address: string, trust: TrustedOrigins): ImpersonationTarget {
  if (typeof address !== 'string' || address.length > MAX_APP_URL_LENGTH)
    return { ok: false, reason: 'invalid' };
  const typed = address.trim();
  // The scheme must be typed: `URL` would read `app.example.com:443` as a scheme of its own.
  if (!/^https?:\/\/[^/]/i.test(typed) || isMalformed(typed)) return { ok: false, reason: 'invalid' };
  const url = httpUrl(typed);
  if (!url) return { ok: false, reason: 'invalid' };

  const domain = trust.domains.find((d) => httpUrl(d.domain)?.origin === url.origin);
  const trusted = domain !== undefined || (trust.allowLocalhost && isLoopback(url.hostname));
  if (!trusted) return { ok: false, reason: 'untrusted', origin: url.origin };
  if (url.username || url.password) return { ok: false, reason: 'credentials' };
  return { ok: true, origin: url.origin, handlerPath: domain?.handlerPath ?? DEFAULT_HANDLER_PATH };
}
