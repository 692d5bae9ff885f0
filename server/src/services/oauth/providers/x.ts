/** X (Twitter) OAuth 2.0: PKCE required, HTTP Basic at the token endpoint, no email address. */
import { type ProviderSpec, stringAt } from './types.js';

export const x: ProviderSpec = {
  id: 'x',
  name: 'X',
  endpoints: () => ({
    issuer: 'https://x.com',
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userInfoUrl: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
  }),
  baseScopes: ['users.read', 'tweet.read', 'offline.access'],
  clientAuth: 'basic',
  async profile({ getJson, endpoints }) {
    const answer = (await getJson(endpoints.userInfoUrl!)) as { data?: unknown };
    const accountId = stringAt(answer.data, 'id');
    if (!accountId) throw new Error('X answered no user id');
    return {
      accountId,
      email: null,
      emailVerified: false,
      displayName: stringAt(answer.data, 'name') ?? stringAt(answer.data, 'username'),
      profileImageUrl: stringAt(answer.data, 'profile_image_url'),
    };
  },
};
