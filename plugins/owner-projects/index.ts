/**
 * The owner-projects plugin, for an app of the `internal` project with a signed-in owner (the
 * dashboard's position): create projects, list the ones the owner manages, and get an admin app
 * for one, which acts with the owner's access token as its admin access token (wire.md §1.5).
 * `createApp({ projectId: 'internal', publishableClientKey, plugins: [ownerProjects()] })` gives
 * `app.ownerProjects`.
 */
import {
  type AnyPlugin,
  type BaseAppOptions,
  createApp,
  type PluginsAt,
  pluginFactory,
  type SignetApp,
} from '../../core/index.js';
import type { AdminProjectJson, AdminProjectUpdateJson, Camelized } from '../../wire/index.js';

/** A project as its owner sees it, in camelCase. */
export type OwnedProject = Camelized<AdminProjectJson>;

/** A new project: a display name, and any config to start from. */
export type NewProject = Camelized<AdminProjectUpdateJson> & { displayName: string };

/** Message when an admin app is used while the owner is signed out. */
export const OWNER_SIGNED_OUT_MESSAGE =
  'signet: the project owner is not signed in, so there is no admin access token.';

/** `app.ownerProjects`. */
export interface OwnerProjectsApi {
  /** The projects the signed-in owner manages, newest first. */
  list(): Promise<OwnedProject[]>;
  /** Creates a project owned by the signed-in owner. */
  create(project: NewProject): Promise<OwnedProject>;
  /**
   * An admin app for one of the owner's projects, with `plugins` (admin plugins among them). Each
   * call it makes carries the owner's current access token, refreshed as needed.
   */
  adminApp<const P extends readonly AnyPlugin[] = []>(
    projectId: string,
    options?: { plugins?: P & PluginsAt<'admin'> } & Partial<Pick<BaseAppOptions, 'fetch' | 'env'>>,
  ): SignetApp<P>;
}

/** The owner-projects plugin (client access, on the internal project). */
export const ownerProjects = pluginFactory('ownerProjects', () => {
  return {
    setup: (ctx): OwnerProjectsApi => ({
      // Listing and creating (and the conversions of their bodies) are loaded on first use.
      list: async () => (await import('./calls.js')).projectCalls(ctx).list(),
      create: async (project) => (await import('./calls.js')).projectCalls(ctx).create(project),
      adminApp(projectId, options = {}) {
        const baseUrl = ctx.http.url('').replace(/\/api\/v1$/, '');
        return createApp({
          ...options,
          projectId,
          baseUrl,
          tokenStore: 'memory',
          redirectMethod: 'none',
          adminAccessToken: async () => {
            const token = await ctx.getAccessToken();
            if (!token) throw new Error(OWNER_SIGNED_OUT_MESSAGE);
            return token;
          },
        } as never) as never;
      },
    }),
  };
});
