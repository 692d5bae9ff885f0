/**
 * How the known providers look on their buttons: proper name, brand colours, and a loader for the
 * icon. Each icon is its own module behind a dynamic `import()`, so a bundler splits them and an
 * app downloads only the icons of the providers its project enables.
 */

/** A provider's look. */
export interface ProviderLook {
  /** The proper name, e.g. `'GitHub'`. */
  name: string;
  /** Button background. */
  background: string;
  /** Text and icon colour on it. */
  foreground: string;
  /** A light button needs a border to stand out on a light card. */
  bordered?: boolean;
  /** Loads the icon's 24×24 SVG path data. */
  icon(): Promise<{ path: string }>;
}

/** The providers of product-spec §3. */
export const PROVIDERS: Readonly<Record<string, ProviderLook>> = {
  google: {
    name: 'Google',
    background: '#ffffff',
    foreground: '#1f1f1f',
    bordered: true,
    icon: () => import('./icons/google.js'),
  },
  github: {
    name: 'GitHub',
    background: '#24292f',
    foreground: '#ffffff',
    icon: () => import('./icons/github.js'),
  },
  microsoft: {
    name: 'Microsoft',
    background: '#2f2f2f',
    foreground: '#ffffff',
    icon: () => import('./icons/microsoft.js'),
  },
  spotify: {
    name: 'Spotify',
    background: '#1db954',
    foreground: '#000000',
    icon: () => import('./icons/spotify.js'),
  },
  facebook: {
    name: 'Facebook',
    background: '#1877f2',
    foreground: '#ffffff',
    icon: () => import('./icons/facebook.js'),
  },
  discord: {
    name: 'Discord',
    background: '#5865f2',
    foreground: '#ffffff',
    icon: () => import('./icons/discord.js'),
  },
  gitlab: {
    name: 'GitLab',
    background: '#fc6d26',
    foreground: '#000000',
    icon: () => import('./icons/gitlab.js'),
  },
  bitbucket: {
    name: 'Bitbucket',
    background: '#0052cc',
    foreground: '#ffffff',
    icon: () => import('./icons/bitbucket.js'),
  },
  linkedin: {
    name: 'LinkedIn',
    background: '#0a66c2',
    foreground: '#ffffff',
    icon: () => import('./icons/linkedin.js'),
  },
  apple: {
    name: 'Apple',
    background: '#000000',
    foreground: '#ffffff',
    icon: () => import('./icons/apple.js'),
  },
  x: { name: 'X', background: '#000000', foreground: '#ffffff', icon: () => import('./icons/x.js') },
};

/** The look of `id`, or undefined for a provider this kit does not know (shown by its raw id). */
export const providerLook = (id: string): ProviderLook | undefined =>
  Object.hasOwn(PROVIDERS, id) ? PROVIDERS[id] : undefined;

/** The name to show for `id`: the proper name, or the raw id of an unknown provider. */
export const providerName = (id: string): string => providerLook(id)?.name ?? id;
