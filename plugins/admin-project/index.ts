/**
 * The admin-project plugin, for project admins (the super secret admin key, or an owner's admin
 * access token): read the whole project config, change it, check it against the production-mode
 * rules before saving, and delete the project. `createApp({ superSecretAdminKey, plugins:
 * [adminProject()] })` gives `app.adminProject`.
 */
import { pluginFactory, type Result } from '../../core/index.js';
import {
  type AdminProjectJson,
  type AdminProjectUpdateJson,
  type Camelized,
  type ProductionModeProblem,
  productionModeProblems,
} from '../../wire/index.js';

/** The project as its admins see it (wire.md §5.10), in camelCase. */
export type AdminProject = Camelized<AdminProjectJson>;

/** What an admin may change; every field optional. */
export type AdminProjectUpdate = Camelized<AdminProjectUpdateJson>;

/** Codes an update can fail with that a settings form would show. */
export type ProjectUpdateErrorCode =
  | 'INVALID_SHARED_OAUTH_PROVIDER_ID'
  | 'INVALID_STANDARD_OAUTH_PROVIDER_ID'
  | 'SCHEMA_ERROR';

/** `app.adminProject`. */
export interface AdminProjectApi {
  /** The whole project config. */
  get(): Promise<AdminProject>;
  /**
   * Changes the project. Rules the server checks with a plain message (a provider left out, a
   * duplicate domain) reject with that message. Production mode is taken whatever the config
   * holds, as the reference takes it: call `productionModeProblems` to show what stands in its way.
   */
  update(update: AdminProjectUpdate): Promise<Result<AdminProject, ProjectUpdateErrorCode>>;
  /**
   * What stands between `project` (with `update` applied, if given) and production mode: each
   * problem's message and the domains page that fixes it. Empty when production mode may be on.
   */
  productionModeProblems(project: AdminProject, update?: AdminProjectUpdate): ProductionModeProblem[];
  /** Deletes the project with its users, keys and emails. Irreversible. */
  delete(): Promise<void>;
}

/** The admin-project plugin (admin access). */
export const adminProject = pluginFactory('adminProject', () => {
  return {
    access: 'admin',
    setup: (ctx): AdminProjectApi => ({
      // Reading, changing and deleting (and the conversions of their bodies) are loaded on first
      // use; checking for production mode stays synchronous.
      get: async () => (await import('./calls.js')).projectCalls(ctx).get(),
      update: async (update) => (await import('./calls.js')).projectCalls(ctx).update(update),
      productionModeProblems: (project, update = {}) =>
        productionModeProblems({
          id: project.id,
          config: {
            allow_localhost: update.config?.allowLocalhost ?? project.config.allowLocalhost,
            domains: update.config?.domains ?? project.config.domains,
          },
        }),
      delete: async () => (await import('./calls.js')).projectCalls(ctx).delete(),
    }),
  };
});
