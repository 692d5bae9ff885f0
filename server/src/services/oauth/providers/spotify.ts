/** Spotify: the Web API's `/me`; Spotify does not verify addresses. */
import { type ProviderSpec, stringAt } from './types.js';

export const spotify: ProviderSpec = {
  id: 'spotify',
  name: 'Spotify',
  endpoints: () => ({
    issuer: 'https://accounts.spotify.com',
    authorizationUrl: 'https://accounts.spotify.com/authorize',
    tokenUrl: 'https://accounts.spotify.com/api/token',
    userInfoUrl: 'https://api.spotify.com/v1/me',
  }),
  baseScopes: ['user-read-email', 'user-read-private'],
  clientAuth: 'basic',
  async profile({ getJson, endpoints }) {
    const me = (await getJson(endpoints.userInfoUrl!)) as { images?: { url?: string }[] };
    const accountId = stringAt(me, 'id');
    if (!accountId) throw new Error('Spotify answered no user id');
    return {
      accountId,
      email: stringAt(me, 'email'),
      emailVerified: false,
      displayName: stringAt(me, 'display_name'),
      profileImageUrl: me.images?.[0]?.url ?? null,
    };
  },
};
