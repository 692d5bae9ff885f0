/**
 * Sign in with Apple: the callback is a form POST (asking for name and email requires it), and
 * the user is read from the id token of the code exchange; Apple has no userinfo endpoint. The
 * client secret is the JWT the app signs with its Apple key, configured as is.
 */
import { oidcProfile, type ProviderSpec } from './types.js';

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
  async profile({ idTokenClaims }) {
    if (!idTokenClaims) throw new Error('Apple answered no id token');
    return oidcProfile(idTokenClaims);
  },
};
