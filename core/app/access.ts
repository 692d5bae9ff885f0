/**
 * Access levels on `createApp` (product-spec §1): which keys make which level, and the rule that
 * a secret key never runs in a browser, where anyone can read it.
 */
import type { AccessLevel, AnyPlugin, SignetPlugin } from '../plugin.js';

/** Keys of an app for end users: the publishable client key (optional when the project allows it). */
export interface ClientAccess {
  publishableClientKey?: string;
  secretServerKey?: undefined;
  superSecretAdminKey?: undefined;
  adminAccessToken?: undefined;
}

/** Keys of an app for backend code: the secret server key. Never in a browser. */
export interface ServerAccess {
  publishableClientKey?: string;
  secretServerKey: string;
  superSecretAdminKey?: undefined;
  adminAccessToken?: undefined;
}

/**
 * Keys of an app for project admins: the super secret admin key, or a getter of an owner's admin
 * access token (wire.md §1.5) — the token is fetched before each call, so it may rotate.
 */
export type AdminAccess = {
  publishableClientKey?: string;
  secretServerKey?: string;
} & (
  | { superSecretAdminKey: string; adminAccessToken?: undefined }
  | { adminAccessToken: () => string | Promise<string>; superSecretAdminKey?: undefined }
);

/** Plugins usable at each level: a level may use the plugins of the levels below it. */
export type PluginsAt<L extends AccessLevel> = readonly SignetPlugin<
  string,
  any,
  string,
  string,
  L extends 'admin' ? AccessLevel : L extends 'server' ? 'client' | 'server' : 'client'
>[];

/** The keys, with the plugins each level may take. */
export type AccessOptions<P extends readonly AnyPlugin[]> =
  | (ClientAccess & { plugins?: P & PluginsAt<'client'> })
  | (ServerAccess & { plugins?: P & PluginsAt<'server'> })
  | (AdminAccess & { plugins?: P & PluginsAt<'admin'> });

/** The message when a secret key is given to an app in a browser. */
export const SECRET_KEY_IN_BROWSER_MESSAGE =
  'signet: secret keys must not be used in a browser, where anyone can read them. Create server and admin apps in server code.';

/** The level the given keys make; throws when a secret would run in a browser. */
export function accessLevelOf(
  options: { secretServerKey?: string; superSecretAdminKey?: string; adminAccessToken?: unknown },
  isBrowser: boolean,
): AccessLevel {
  const level: AccessLevel =
    options.superSecretAdminKey || options.adminAccessToken
      ? 'admin'
      : options.secretServerKey
        ? 'server'
        : 'client';
  // An owner's admin token belongs to a signed-in owner and may live in the browser (the
  // dashboard); keys may not.
  if (isBrowser && (options.secretServerKey || options.superSecretAdminKey))
    throw new Error(SECRET_KEY_IN_BROWSER_MESSAGE);
  return level;
}
