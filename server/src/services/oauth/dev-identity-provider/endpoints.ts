/**
 * Where the development identity provider answers for one provider, and the client it knows.
 * Shared OAuth keys (product-spec §3) are the reference's own OAuth apps, which a self-hosted
 * server cannot have; in signet they sign in through this provider, served on loopback.
 */
import { createHmac } from 'node:crypto';
import type { ProviderEndpoints } from '../providers/types.js';

/** The only client the development provider knows: signet itself. */
export const DEV_CLIENT_ID = 'signet-development';

/** The development client's secret, derived from the provider's own secret. */
export function devClientSecret(secret: string): string {
  return createHmac('sha256', secret).update('client secret').digest('base64url');
}

/** The endpoints of provider `providerId` on the development provider at `baseUrl`. */
export function devEndpoints(baseUrl: string, providerId: string): ProviderEndpoints {
  const root = `${baseUrl}/${providerId}`;
  return {
    issuer: root,
    authorizationUrl: `${root}/authorize`,
    tokenUrl: `${root}/token`,
    userInfoUrl: `${root}/userinfo`,
  };
}
