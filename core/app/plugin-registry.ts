/**
 * What the registered plugins declare, gathered before any of them is set up: their page URLs,
 * their own error codes and their callback routes. Clashes are refused here, with the names.
 */
import type { AccessLevel, AnyPlugin, CallbackRoute } from '../plugin.js';
import { CORE_PAGE_PATHS } from '../urls.js';

const RANK: Record<AccessLevel, number> = { client: 0, server: 1, admin: 2 };

/** The plugins' declarations, merged. */
export interface PluginRegistry {
  /** Page paths relative to the handler base, by URL name. */
  pagePaths: Record<string, string>;
  /** The plugin owning each non-wire error code. */
  pluginOfCode: (code: string) => string | undefined;
  /** Callback routes by URL name, with the plugin that owns each. */
  callbacks: { urlName: string; pluginId: string; route: CallbackRoute<unknown> }[];
}

/** Checks and merges what `plugins` declare for an app at `access`. */
export function registerPlugins(plugins: readonly AnyPlugin[], access: AccessLevel): PluginRegistry {
  const pagePaths: Record<string, string> = {};
  const pageOwner: Record<string, string> = {};
  const codeOwner = new Map<string, string>();
  const callbacks: PluginRegistry['callbacks'] = [];
  const ids = new Set<string>();
  for (const plugin of plugins) {
    if (ids.has(plugin.id)) throw new Error(`Two plugins use the name "${plugin.id}".`);
    ids.add(plugin.id);
    const needs = plugin.access ?? 'client';
    if (RANK[needs] > RANK[access]) {
      throw new Error(
        `The "${plugin.id}" plugin needs ${needs} access, but this app has ${access} access. ` +
          (needs === 'server'
            ? 'Create the app with a secretServerKey, on a server.'
            : 'Create the app with a superSecretAdminKey or an adminAccessToken.'),
      );
    }
    for (const [name, path] of Object.entries(plugin.urls ?? {}) as [string, string][]) {
      if (
        name in CORE_PAGE_PATHS ||
        ['handler', 'home', 'afterSignIn', 'afterSignUp', 'afterSignOut'].includes(name)
      )
        throw new Error(`The "${plugin.id}" plugin declares the URL "${name}", which the app already has.`);
      // Two plugins may share a page (password sign-up and contact channels both link to email
      // verification) as long as they agree where it is.
      if (name in pagePaths && pagePaths[name] !== path)
        throw new Error(
          `The "${plugin.id}" and "${pageOwner[name]}" plugins declare the URL "${name}" with different paths.`,
        );
      pagePaths[name] = path;
      pageOwner[name] ??= plugin.id;
    }
    for (const code of plugin.errorCodes ?? []) {
      const owner = codeOwner.get(code);
      if (owner && owner !== plugin.id)
        throw new Error(`The "${plugin.id}" and "${owner}" plugins both declare the error code ${code}.`);
      codeOwner.set(code, plugin.id);
    }
    for (const [urlName, route] of Object.entries(plugin.callbacks ?? {})) {
      if (route) callbacks.push({ urlName, pluginId: plugin.id, route: route as CallbackRoute<unknown> });
    }
  }
  return { pagePaths, pluginOfCode: (code) => codeOwner.get(code), callbacks };
}

/** Whether an app at `access` may use a plugin that needs `needs`. */
export function accessAllows(access: AccessLevel, needs: AccessLevel): boolean {
  return RANK[needs] <= RANK[access];
}
