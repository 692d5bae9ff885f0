/**
 * Facebook Login: the Graph API's `/me`. With `facebookConfigId` (Facebook Login for Business) the
 * configuration replaces the scopes.
 */
import { type ProviderSpec, stringAt } from './types.js';

const GRAPH = 'https://graph.facebook.com/v19.0';

export const facebook: ProviderSpec = {
  id: 'facebook',
  name: 'Facebook',
  endpoints: () => ({
    issuer: 'https://www.facebook.com',
    authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: `${GRAPH}/oauth/access_token`,
    userInfoUrl: `${GRAPH}/me?fields=id,name,email,picture`,
  }),
  baseScopes: ['public_profile', 'email'],
  scopeSeparator: ',',
  authorizationParams: ({ facebookConfigId }): Record<string, string> =>
    facebookConfigId ? { config_id: facebookConfigId } : {},
  async profile({ getJson, endpoints }) {
    const me = (await getJson(endpoints.userInfoUrl!)) as { picture?: { data?: { url?: string } } };
    const accountId = stringAt(me, 'id');
    if (!accountId) throw new Error('Facebook answered no user id');
    return {
      accountId,
      email: stringAt(me, 'email'),
      emailVerified: false,
      displayName: stringAt(me, 'name'),
      profileImageUrl: me.picture?.data?.url ?? null,
    };
  },
};
