/** A project's enabled OAuth provider, as its config and signet's knowledge of it. */

import type { ProjectRow } from '../../db/schema.js';
import { knownError } from '../../errors.js';
import type { ProviderConfig } from './provider-client.js';
import { providerOf } from './providers/index.js';
import type { ProviderSpec } from './providers/types.js';

/** The enabled provider `providerId` of `project`, or OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED. */
export function enabledProvider(
  project: ProjectRow,
  providerId: string,
): { spec: ProviderSpec; config: ProviderConfig } {
  const config = ((project.oauthProviders as ProviderConfig[] | null) ?? []).find((p) => p.id === providerId);
  const spec = providerOf(providerId);
  if (!config?.enabled || !spec) throw knownError('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
  return { spec, config };
}
