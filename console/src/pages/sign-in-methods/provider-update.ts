/**
 * The provider list an update sends. The server wants every configured provider in each update
 * and refuses one left out (wire.md §4.11, as the reference does), so a change to one is the whole
 * list with that one replaced or added. Removing a provider therefore cannot drop its entry: it
 * becomes off, on own keys, with no keys (which the server accepts for a provider that is off),
 * and the console treats such an entry as not configured (not listed, offered again under Add).
 */
import type { AdminProject } from 'signet/plugins/admin-project';

/** One OAuth provider of the config, as the console reads and sends it. */
export type OAuthProvider = AdminProject['config']['oauthProviders'][number];

/** What the form edits: the keys, whatever the type; `toProvider` keeps only what the type takes. */
export interface ProviderDraft {
  id: string;
  enabled: boolean;
  type: 'shared' | 'standard';
  clientId: string;
  clientSecret: string;
  microsoftTenantId: string;
  facebookConfigId: string;
}

/** A draft of `provider`, or of a new provider `id` (shared keys where it may use them). */
export function draftOf(provider: OAuthProvider | undefined, id: string, shared: boolean): ProviderDraft {
  return {
    id,
    enabled: provider?.enabled ?? true,
    type: provider?.type ?? (shared ? 'shared' : 'standard'),
    clientId: provider?.clientId ?? '',
    clientSecret: provider?.clientSecret ?? '',
    microsoftTenantId: provider?.microsoftTenantId ?? '',
    facebookConfigId: provider?.facebookConfigId ?? '',
  };
}

/** The provider to send for `draft`: keys only with own keys, empty optional fields left out. */
export function toProvider(draft: ProviderDraft): OAuthProvider {
  if (draft.type === 'shared') return { id: draft.id, enabled: draft.enabled, type: 'shared' };
  const provider: OAuthProvider = {
    id: draft.id,
    enabled: draft.enabled,
    type: 'standard',
    clientId: draft.clientId.trim(),
    clientSecret: draft.clientSecret.trim(),
  };
  if (draft.id === 'microsoft' && draft.microsoftTenantId.trim())
    provider.microsoftTenantId = draft.microsoftTenantId.trim();
  if (draft.id === 'facebook' && draft.facebookConfigId.trim())
    provider.facebookConfigId = draft.facebookConfigId.trim();
  return provider;
}

/** `providers` with `next` in place of the one with its id, or added at the end. */
export function withProvider(providers: readonly OAuthProvider[], next: OAuthProvider): OAuthProvider[] {
  const found = providers.some((p) => p.id === next.id);
  return found ? providers.map((p) => (p.id === next.id ? next : p)) : [...providers, next];
}

/** Whether `provider` is a removed one: off, on own keys, with no client id. */
export function isRemoved(provider: OAuthProvider): boolean {
  return !provider.enabled && provider.type === 'standard' && !provider.clientId;
}

/** The providers the console shows as configured. */
export function configuredProviders(providers: readonly OAuthProvider[]): OAuthProvider[] {
  return providers.filter((p) => !isRemoved(p));
}

/** `providers` with `id` removed: its keys forgotten and the provider off. */
export function withoutProvider(providers: readonly OAuthProvider[], id: string): OAuthProvider[] {
  return withProvider(providers, { id, enabled: false, type: 'standard' });
}
