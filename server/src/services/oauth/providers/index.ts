/** Every OAuth provider signet signs in with, by id. */
import { apple } from './apple.js';
import { bitbucket } from './bitbucket.js';
import { discord } from './discord.js';
import { facebook } from './facebook.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import { google } from './google.js';
import { linkedin } from './linkedin.js';
import { microsoft } from './microsoft.js';
import { spotify } from './spotify.js';
import type { ProviderId, ProviderSpec } from './types.js';
import { x } from './x.js';

/** The provider of each id. */
export const PROVIDERS: Readonly<Record<ProviderId, ProviderSpec>> = {
  google,
  github,
  microsoft,
  spotify,
  facebook,
  discord,
  gitlab,
  bitbucket,
  linkedin,
  apple,
  x,
};

/** The provider of `id`, or undefined for an id signet does not know. */
export function providerOf(id: string): ProviderSpec | undefined {
  return Object.hasOwn(PROVIDERS, id) ? PROVIDERS[id as ProviderId] : undefined;
}
