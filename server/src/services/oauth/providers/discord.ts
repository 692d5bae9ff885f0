/** Discord: `/users/@me`, whose `verified` says whether the email was confirmed. */
import { type ProviderSpec, stringAt } from './types.js';

export const discord: ProviderSpec = {
  id: 'discord',
  name: 'Discord',
  endpoints: () => ({
    issuer: 'https://discord.com',
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userInfoUrl: 'https://discord.com/api/users/@me',
  }),
  baseScopes: ['identify', 'email'],
  async profile({ getJson, endpoints }) {
    const me = (await getJson(endpoints.userInfoUrl!)) as { verified?: boolean };
    const accountId = stringAt(me, 'id');
    if (!accountId) throw new Error('Discord answered no user id');
    const avatar = stringAt(me, 'avatar');
    return {
      accountId,
      email: stringAt(me, 'email'),
      emailVerified: me.verified === true,
      displayName: stringAt(me, 'global_name') ?? stringAt(me, 'username'),
      profileImageUrl: avatar ? `https://cdn.discordapp.com/avatars/${accountId}/${avatar}.png` : null,
    };
  },
};
