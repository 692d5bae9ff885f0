/** Reading claims from a JWT without verifying it: the kit only needs the expiry. */
import { base64url } from 'jose';

/**
 * The expiry of `token` in epoch milliseconds. A token without `exp` counts as far future; one that
 * cannot be decoded counts as already expired, so the session refreshes it.
 */
export function accessTokenExpiry(token: string): number {
  try {
    // Only the payload is read; jose's full decodeJwt validates more than a client needs here.
    const { exp } = JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!)));
    return typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return 0;
  }
}
