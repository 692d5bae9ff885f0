/**
 * What README code blocks take as given (a block is a fragment of an app, not a whole program):
 * the app of "Embed it in your app" and the form values the fragments use.
 */
import type { SignetApp } from '../../core/index.js';
import type { ContactChannelsApi } from '../../plugins/contact-channels/index.js';
import type { MagicLinkApi } from '../../plugins/magic-link/index.js';
import type { PasswordApi } from '../../plugins/password/index.js';

declare global {
  const app: SignetApp & {
    password: PasswordApi;
    magicLink: MagicLinkApi;
    contactChannels: ContactChannelsApi;
  };
  const email: string;
  const password: string;
}
