/**
 * What the registered plugins declare, gathered before any of them is set up: their page URLs and
 * their own error codes (their callback routes are read by `app.handle`, in `handle.ts`). Clashes
 * are refused here, with the names.
 */
import type { AccessLevel, AnyPlugin } from '../plugin.js';

const LEVELS: readonly AccessLevel[] = ['client', 'server', 'admin'];

/** The plugins' declarations, merged. */
export interface PluginRegistry {
  /** Page paths relative to the handler base, by URL name. */
  pagePaths: Record<string, string>;
  /** The plugin owning each non-wire error code. */
  pluginOfCode: (code: string) => string | undefined;
}

/**
 * Checks and merges what `plugins` declare for an app at `access`. `reserved` are the URL names
 * the app has already (its core pages and after-auth targets).
 */
export function registerPlugins(
  plugins: readonly AnyPlugin[],
  access: AccessLevel,
  reserved: readonly string[],
): PluginRegistry {
  const pagePaths: Record<string, string> = {};
  const owner = new Map<string, string>();
  const claim = (kind: string, name: string, id: string, path = '') => {
    const key = `${kind} ${name}`;
    const previous = owner.get(key);
    // Two plugins may share a page (password sign-up and contact channels both link to email
    // verification) as long as they agree where it is.
    if (reserved.includes(name) || (previous && (kind !== 'URL' || pagePaths[name] !== path)))
      throw new Error(
        `signet: ${kind} "${name}" of plugin "${id}" is already taken by ${previous ?? 'the core'}.`,
      );
    owner.set(key, id);
  };
  for (const plugin of plugins) {
    const { id } = plugin;
    claim('plugin id', id, id);
    const needs = plugin.access ?? 'client';
    if (LEVELS.indexOf(needs) > LEVELS.indexOf(access))
      throw new Error(`signet: the "${id}" plugin needs ${needs} access, but this app has ${access} access.`);
    for (const [name, path] of Object.entries(plugin.urls ?? {}) as [string, string][]) {
      claim('URL', name, id, path);
      pagePaths[name] = path;
    }
    for (const code of plugin.errorCodes ?? []) claim('error code', code, id);
  }
  return { pagePaths, pluginOfCode: (code) => owner.get(`error code ${code}`) };
}
