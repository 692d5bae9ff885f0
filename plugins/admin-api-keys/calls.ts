/**
 * The admin-api-keys plugin's calls: each request and the conversion of its answer. `adminApiKeys()`
 * loads this module on the first call.
 */
import { apiPath, type PluginContext } from '../../core/index.js';
import { type ApiKeyJson, type CreatedApiKeyJson, camelize } from '../../wire/index.js';
import type { ApiKeysApi } from './index.js';

/** `app.apiKeys` for one app. */
export function apiKeysCalls(ctx: PluginContext): ApiKeysApi {
  const patch = async (id: string, body: unknown) =>
    camelize(await ctx.call<ApiKeyJson>(apiPath`/internal/api-keys/${id}`, { method: 'PATCH', body }));
  return {
    async list() {
      return camelize((await ctx.call<{ items: ApiKeyJson[] }>('/internal/api-keys')).items);
    },
    async create(input) {
      const json = await ctx.call<CreatedApiKeyJson>('/internal/api-keys', {
        method: 'POST',
        body: {
          description: input.description,
          expires_at_millis: input.expiresAt,
          has_publishable_client_key: input.hasPublishableClientKey ?? false,
          has_secret_server_key: input.hasSecretServerKey ?? false,
          has_super_secret_admin_key: input.hasSuperSecretAdminKey ?? false,
        },
      });
      return camelize(json);
    },
    async get(id) {
      return camelize(await ctx.call<ApiKeyJson>(apiPath`/internal/api-keys/${id}`));
    },
    rename: (id, description) => patch(id, { description }),
    revoke: (id) => patch(id, { revoked: true }),
  };
}
