/** Google: OpenID Connect; `prompt=consent` so a refresh token comes back every time. */
import { oidcProfile, type ProviderSpec } from './types.js';

export const google: ProviderSpec = {
  id: 'google',
  name: 'Google',
  endpoints: () => ({
    issuer: 'https://accounts.google.com',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  }),
  baseScopes: ['openid', 'email', 'profile'],
  authorizationParams: () => ({ prompt: 'consent', include_granted_scopes: 'true' }),
  profile: async ({ getJson, endpoints }) => oidcProfile(await getJson(endpoints.userInfoUrl!)),
};
