/**
 * The owner-projects plugin's async calls: listing and creating projects, with the conversions of
 * their bodies. `ownerProjects()` loads this module on the first of them.
 */
import type { PluginContext } from '../../core/index.js';
import { type AdminProjectJson, camelize, snakeize } from '../../wire/index.js';
import type { OwnerProjectsApi } from './index.js';

/** `list` and `create` of `app.ownerProjects` for one app. */
export const projectCalls = (ctx: PluginContext): Pick<OwnerProjectsApi, 'list' | 'create'> => ({
  async list() {
    return camelize((await ctx.call<{ items: AdminProjectJson[] }>('/internal/projects')).items);
  },
  async create(project) {
    return camelize(
      await ctx.call<AdminProjectJson>('/internal/projects', {
        method: 'POST',
        body: snakeize(project),
      }),
    );
  },
});
