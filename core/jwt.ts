/** Reading claims from a JWT without verifying it: the kit only needs the expiry. */

/**
 * The expiry of `token` in epoch milliseconds. A token without `exp` counts as far future; one that
 * cannot be decoded counts as already expired, so the session refreshes it.
 */
export function accessTokenExpiry(token: string): number {
  try {
    // Only the payload is read, with the platform's base64 decoder: no JOSE library in the bundle.
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    // Parsed as Latin-1 rather than UTF-8: a multi-byte character only garbles a string claim
    // (its bytes are never quotes or backslashes), and `exp` is a number.
    const { exp } = JSON.parse(atob(payload));
    return typeof exp === 'number' ? exp * 1000 : Infinity;
  } catch {
    return 0;
  }
}
