/**
 * The admin-project plugin's async calls: reading, changing and deleting the project, with the
 * conversions of their bodies. `adminProject()` loads this module on the first of them.
 */
import { type PluginContext, toResult } from '../../core/index.js';
import { type AdminProjectJson, camelize, snakeize } from '../../wire/index.js';
import type { AdminProjectApi } from './index.js';

/** `get`, `update` and `delete` of `app.adminProject` for one app. */
export const projectCalls = (ctx: PluginContext): Pick<AdminProjectApi, 'get' | 'update' | 'delete'> => ({
  async get() {
    return camelize(await ctx.call<AdminProjectJson>('/projects/current'));
  },
  update: (update) =>
    toResult(
      async () =>
        camelize(
          await ctx.call<AdminProjectJson>('/projects/current', {
            method: 'PATCH',
            body: snakeize(update),
          }),
        ),
      ['INVALID_SHARED_OAUTH_PROVIDER_ID', 'INVALID_STANDARD_OAUTH_PROVIDER_ID', 'SCHEMA_ERROR'],
    ),
  async delete() {
    await ctx.call('/projects/current', { method: 'DELETE', body: {} });
  },
});
