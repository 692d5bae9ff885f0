/** GitHub: its REST API for the profile; the verified primary address from `/user/emails`. */
import { type ProviderSpec, stringAt } from './types.js';

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

export const github: ProviderSpec = {
  id: 'github',
  name: 'GitHub',
  endpoints: () => ({
    issuer: 'https://github.com',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
  }),
  baseScopes: ['user:email'],
  async profile({ getJson, endpoints }) {
    const user = await getJson(endpoints.userInfoUrl!);
    const accountId = stringAt(user, 'id');
    if (!accountId) throw new Error('GitHub answered no user id');
    // The profile's public email may be unverified or absent; the emails list says which is proven.
    const emails = (await getJson(
      new URL('/user/emails', endpoints.userInfoUrl).toString(),
    )) as GitHubEmail[];
    const primary = Array.isArray(emails) ? emails.find((e) => e.primary) : undefined;
    return {
      accountId,
      email: primary?.email ?? stringAt(user, 'email'),
      emailVerified: primary?.verified === true,
      displayName: stringAt(user, 'name') ?? stringAt(user, 'login'),
      profileImageUrl: stringAt(user, 'avatar_url'),
    };
  },
};
