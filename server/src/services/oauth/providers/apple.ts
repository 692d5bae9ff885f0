/**
 * Sign in with Apple: the callback is a form POST (asking for name and email requires it), and
 * the user is read from the id token of the code exchange; Apple has no userinfo endpoint. The
 * name is in no token: Apple posts it once, as the `user` field of the first authorization. The
 * client secret is the JWT the app signs with its Apple key, configured as is.
 */
import { oidcProfile, type ProviderSpec } from './types.js';

/** "First Last" from the `user` field Apple posts on a first authorization, or null. */
function postedName(user: string | null): string | null {
  if (!user) return null;
  try {
    const name = (JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    const parts = [name?.firstName, name?.lastName].filter(
      (p): p is string => typeof p === 'string' && p !== '',
    );
    return parts.length > 0 ? parts.join(' ') : null;
  } catch {
    return null;
  }
}

export const apple: ProviderSpec = {
  id: 'apple',
  name: 'Apple',
  endpoints: () => ({
    issuer: 'https://appleid.apple.com',
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
  }),
  baseScopes: ['name', 'email'],
  authorizationParams: () => ({ response_mode: 'form_post' }),
  formPostCallback: true,
  async profile({ idTokenClaims, callbackParams }) {
    if (!idTokenClaims) throw new Error('Apple answered no id token');
    const profile = oidcProfile(idTokenClaims);
    return { ...profile, displayName: profile.displayName ?? postedName(callbackParams.get('user')) };
  },
};
