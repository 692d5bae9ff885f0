/** GitLab.com: `/api/v4/user`; an address is verified once `confirmed_at` is set. */
import { type ProviderSpec, stringAt } from './types.js';

export const gitlab: ProviderSpec = {
  id: 'gitlab',
  name: 'GitLab',
  endpoints: () => ({
    issuer: 'https://gitlab.com',
    authorizationUrl: 'https://gitlab.com/oauth/authorize',
    tokenUrl: 'https://gitlab.com/oauth/token',
    userInfoUrl: 'https://gitlab.com/api/v4/user',
  }),
  baseScopes: ['read_user'],
  async profile({ getJson, endpoints }) {
    const user = await getJson(endpoints.userInfoUrl!);
    const accountId = stringAt(user, 'id');
    if (!accountId) throw new Error('GitLab answered no user id');
    return {
      accountId,
      email: stringAt(user, 'email'),
      emailVerified: stringAt(user, 'confirmed_at') !== null,
      displayName: stringAt(user, 'name'),
      profileImageUrl: stringAt(user, 'avatar_url'),
    };
  },
};
