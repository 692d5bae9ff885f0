/**
 * The app's page URLs (product-spec §2): the core's own pages and after-auth targets, plus the
 * pages plugins declare with default paths under the handler base. Any of them may be moved with
 * `createApp({ urls })`; pages are found by these URLs, never by a literal path segment.
 */

/** The pages every app has, whatever its plugins. (A type, not an interface, so it fits `Record<string, string>`.) */
export type AppUrls = {
  handler: string;
  home: string;
  signIn: string;
  signUp: string;
  signOut: string;
  afterSignIn: string;
  afterSignUp: string;
  afterSignOut: string;
  accountSettings: string;
  error: string;
};

/** Handler base path by default. */
export const DEFAULT_HANDLER_PATH = '/handler';

/** The core pages under the handler base, by name. */
export const CORE_PAGE_PATHS = {
  signIn: 'sign-in',
  signUp: 'sign-up',
  signOut: 'sign-out',
  accountSettings: 'account-settings',
  error: 'error',
} as const;

/**
 * Fills in defaults: core and plugin pages under the handler path (`pluginPaths` are relative to
 * it, e.g. `{ magicLinkCallback: 'magic-link-callback' }`), after-auth targets at home.
 */
export function resolveUrls(
  overrides: Readonly<Record<string, string | undefined>> = {},
  pluginPaths: Readonly<Record<string, string>> = {},
): AppUrls & Record<string, string> {
  const handler = (overrides.handler ?? DEFAULT_HANDLER_PATH).replace(/\/$/, '');
  const home = overrides.home ?? '/';
  const afterSignIn = overrides.afterSignIn ?? home;
  const pages: Record<string, string> = {};
  for (const [name, path] of Object.entries({ ...CORE_PAGE_PATHS, ...pluginPaths })) {
    pages[name] = `${handler}/${path}`;
  }
  const resolved: Record<string, string> = {
    ...pages,
    handler,
    home,
    afterSignIn,
    afterSignUp: overrides.afterSignUp ?? afterSignIn,
    afterSignOut: overrides.afterSignOut ?? home,
  };
  for (const [name, url] of Object.entries(overrides)) if (url !== undefined) resolved[name] = url;
  return resolved as AppUrls & Record<string, string>;
}
