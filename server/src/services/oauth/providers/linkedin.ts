/** LinkedIn: Sign In with LinkedIn using OpenID Connect; it takes no PKCE for web apps. */
import { oidcProfile, type ProviderSpec } from './types.js';

export const linkedin: ProviderSpec = {
  id: 'linkedin',
  name: 'LinkedIn',
  endpoints: () => ({
    issuer: 'https://www.linkedin.com/oauth',
    authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    userInfoUrl: 'https://api.linkedin.com/v2/userinfo',
  }),
  baseScopes: ['openid', 'profile', 'email'],
  pkce: false,
  profile: async ({ getJson, endpoints }) => oidcProfile(await getJson(endpoints.userInfoUrl!)),
};
