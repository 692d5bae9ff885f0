/**
 * The OAuth providers a project can configure (wire.md §4.11), their names for people, which may
 * use shared development keys, and the extra field some take.
 */
import { OAUTH_PROVIDER_IDS, SHARED_OAUTH_PROVIDER_IDS } from 'signet/wire';

/** A provider id the server accepts. */
export type ProviderId = (typeof OAUTH_PROVIDER_IDS)[number];

/** Every provider id the server accepts, in the console's order. */
export const PROVIDER_IDS: readonly ProviderId[] = OAUTH_PROVIDER_IDS;

const NAMES: Record<ProviderId, string> = {
  google: 'Google',
  github: 'GitHub',
  microsoft: 'Microsoft',
  spotify: 'Spotify',
  facebook: 'Facebook',
  discord: 'Discord',
  gitlab: 'GitLab',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  apple: 'Apple',
  x: 'X',
};

/** The provider's name as people know it; the id itself for one the console does not know. */
export function providerName(id: string): string {
  return NAMES[id as ProviderId] ?? id;
}

/** Whether the provider may sign in through shared development keys. */
export function canUseSharedKeys(id: string): boolean {
  return (SHARED_OAUTH_PROVIDER_IDS as readonly string[]).includes(id);
}

/** The provider's extra optional field, if any: Microsoft's tenant, Facebook's login configuration. */
export function extraField(
  id: string,
): { key: 'microsoftTenantId' | 'facebookConfigId'; label: string; hint: string } | null {
  if (id === 'microsoft')
    return {
      key: 'microsoftTenantId',
      label: 'Tenant ID (optional)',
      hint: 'Limits sign-in to one Microsoft Entra tenant; leave empty for any account.',
    };
  if (id === 'facebook')
    return {
      key: 'facebookConfigId',
      label: 'Configuration ID (optional)',
      hint: 'The configuration of Facebook Login for Business, if you use it.',
    };
  return null;
}

/** The URL the provider must send people back to: this server's OAuth callback (wire.md §6). */
export function callbackUrl(apiOrigin: string, id: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}/api/v1/auth/oauth/callback/${id}`;
}
