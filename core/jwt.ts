/** Reading claims from a JWT without verifying it: the kit only needs expiry and subject. */
import { decodeJwt } from 'jose';

/**
 * The expiry of `token` in epoch milliseconds. A token without `exp` counts as far future; one that
 * cannot be decoded counts as already expired, so the session refreshes it.
 */
export function accessTokenExpiry(token: string): number {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return 0;
  }
}
