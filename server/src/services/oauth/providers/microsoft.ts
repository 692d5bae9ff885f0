/**
 * Microsoft identity platform, with the profile from Microsoft Graph's `/me`: the tenant comes
 * from `microsoftTenantId` (default `common`). No `openid` scope, so no id token whose issuer names
 * the user's own tenant. Microsoft does not vouch for the `mail` of an account (a tenant sets it),
 * so it never counts as verified.
 */
import { type ProviderSpec, stringAt } from './types.js';

export const microsoft: ProviderSpec = {
  id: 'microsoft',
  name: 'Microsoft',
  endpoints: ({ microsoftTenantId }) => {
    const tenant = encodeURIComponent(microsoftTenantId || 'common');
    return {
      issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
      authorizationUrl: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
      tokenUrl: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
      userInfoUrl: 'https://graph.microsoft.com/v1.0/me',
    };
  },
  baseScopes: ['User.Read', 'offline_access'],
  async profile({ getJson, endpoints }) {
    const me = await getJson(endpoints.userInfoUrl!);
    const accountId = stringAt(me, 'id');
    if (!accountId) throw new Error('Microsoft answered no user id');
    return {
      accountId,
      email: stringAt(me, 'mail') ?? stringAt(me, 'userPrincipalName'),
      emailVerified: false,
      displayName: stringAt(me, 'displayName'),
      profileImageUrl: null,
    };
  },
};
