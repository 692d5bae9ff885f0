/**
 * The admin-api-keys plugin: a project's key sets for its admins — create one (its keys are shown
 * in that answer only), list and read them by their last four characters, rename, revoke.
 * `createApp({ superSecretAdminKey, plugins: [adminApiKeys()] })` gives `app.apiKeys`.
 */
import { loadedCalls, loadOnce, pluginFactory } from '../../core/index.js';
import type { ApiKeyJson, Camelized, CreatedApiKeyJson } from '../../wire/index.js';

/** A key set as listed: each key by its last four characters. */
export type ApiKey = Camelized<ApiKeyJson>;
/** A key set as created: the one time its full keys are shown. */
export type CreatedApiKey = Camelized<CreatedApiKeyJson>;

/** What a new key set holds. */
export interface ApiKeyCreate {
  description: string;
  /** When the keys stop working, in epoch milliseconds. */
  expiresAt: number;
  hasPublishableClientKey?: boolean;
  hasSecretServerKey?: boolean;
  hasSuperSecretAdminKey?: boolean;
}

/** `app.apiKeys`. */
export interface ApiKeysApi {
  /** The project's key sets, newest first. */
  list(): Promise<ApiKey[]>;
  /** Creates a key set; keep its keys from this answer, they are not shown again. */
  create(input: ApiKeyCreate): Promise<CreatedApiKey>;
  /** One key set. */
  get(id: string): Promise<ApiKey>;
  /** Renames a key set. */
  rename(id: string, description: string): Promise<ApiKey>;
  /** Revokes a key set for good: every server refuses its keys from the next request on. */
  revoke(id: string): Promise<ApiKey>;
}

/** The admin-api-keys plugin (admin access). */
export const adminApiKeys = pluginFactory('apiKeys', () => {
  return {
    access: 'admin',
    setup: (ctx): ApiKeysApi => {
      // Each call's request and conversions are loaded on the first call.
      const loaded = loadOnce(async () => (await import('./calls.js')).apiKeysCalls(ctx));
      return loadedCalls(loaded, ['list', 'create', 'get', 'rename', 'revoke']);
    },
  };
});
