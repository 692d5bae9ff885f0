/** Bitbucket Cloud: `/2.0/user` and the confirmed primary address from `/2.0/user/emails`. */
import { type ProviderSpec, stringAt } from './types.js';

interface BitbucketEmails {
  values?: { email: string; is_primary: boolean; is_confirmed: boolean }[];
}

export const bitbucket: ProviderSpec = {
  id: 'bitbucket',
  name: 'Bitbucket',
  endpoints: () => ({
    issuer: 'https://bitbucket.org',
    authorizationUrl: 'https://bitbucket.org/site/oauth2/authorize',
    tokenUrl: 'https://bitbucket.org/site/oauth2/access_token',
    userInfoUrl: 'https://api.bitbucket.org/2.0/user',
  }),
  baseScopes: ['account', 'email'],
  clientAuth: 'basic',
  async profile({ getJson, endpoints }) {
    const user = (await getJson(endpoints.userInfoUrl!)) as { links?: { avatar?: { href?: string } } };
    const accountId = stringAt(user, 'uuid') ?? stringAt(user, 'account_id');
    if (!accountId) throw new Error('Bitbucket answered no user id');
    const emails = (await getJson(`${endpoints.userInfoUrl}/emails`)) as BitbucketEmails;
    const primary = emails.values?.find((e) => e.is_primary);
    return {
      accountId,
      email: primary?.email ?? null,
      emailVerified: primary?.is_confirmed === true,
      displayName: stringAt(user, 'display_name'),
      profileImageUrl: user.links?.avatar?.href ?? null,
    };
  },
};
