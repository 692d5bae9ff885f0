/**
 * The impersonation link: the app's impersonate page with the session's refresh token in the URL
 * fragment. A fragment is never sent to any server (not in the request, not in a Referer), so the
 * token reaches only the browser tab the console opens; the page removes it from the address bar
 * before doing anything else.
 */

/** The fragment parameter that holds the refresh token. */
export const LINK_TOKEN_PARAM = 'refresh_token';

/**
 * Longest refresh token a link may carry. Ours are 45 characters and the reference's are shorter
 * than this; the cap keeps a hostile 70,000-character fragment from reaching the network.
 */
export const MAX_LINK_TOKEN_LENGTH = 512;

/** Options of {@link impersonationLink}. */
export interface ImpersonationLinkOptions {
  /** The app's origin, with a base path if it has one: `https://app.example.com`. */
  appUrl: string;
  /** Where the app mounts signet's handler pages; `/handler` unless given. */
  handlerPath?: string;
  /** The refresh token of the impersonation session (`app.serverSessions.impersonate(userId)`). */
  refreshToken: string;
}

/**
 * The URL the console opens in a new tab to sign the app in as the impersonated user:
 * `{appUrl}{handlerPath}/impersonate#refresh_token=…`. Throws a TypeError for an app URL that is
 * not http(s) or a token the page would refuse, so a broken link is never handed out.
 */
export function impersonationLink({
  appUrl,
  handlerPath = '/handler',
  refreshToken,
}: ImpersonationLinkOptions) {
  let base: URL;
  try {
    base = new URL(appUrl);
  } catch {
    throw new TypeError(`impersonationLink: appUrl must be an absolute http(s) URL, got "${appUrl}".`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new TypeError(`impersonationLink: appUrl must be an absolute http(s) URL, got "${appUrl}".`);
  }
  if (!isLinkToken(refreshToken)) {
    throw new TypeError('impersonationLink: refreshToken is not a refresh token.');
  }
  const path = `${base.pathname.replace(/\/+$/, '')}/${handlerPath.replace(/^\/+|\/+$/g, '')}/impersonate`;
  const fragment = new URLSearchParams({ [LINK_TOKEN_PARAM]: refreshToken });
  return `${base.origin}${path.replace(/\/{2,}/g, '/')}#${fragment}`;
}

/**
 * True for a plausible refresh token: URL-safe characters only (letters, digits, `-._~`; every
 * issuer's tokens are), of a bounded length.
 */
export function isLinkToken(value: string): boolean {
  return value.length > 0 && value.length <= MAX_LINK_TOKEN_LENGTH && /^[\w.~-]+$/.test(value);
}

/**
 * The refresh token in a link's fragment (`#refresh_token=…`), or null when the fragment holds
 * none or one no server could have issued (too long, control characters, lone surrogates).
 */
export function linkTokenOf(hash: string): string | null {
  // Anything past the cap is refused before it is even parsed.
  if (hash.length > MAX_LINK_TOKEN_LENGTH * 3 + LINK_TOKEN_PARAM.length + 2) return null;
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(LINK_TOKEN_PARAM);
  return token !== null && isLinkToken(token) ? token : null;
}
