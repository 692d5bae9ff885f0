/**
 * The OAuth plugin's screens: a button per enabled provider on the sign-in and sign-up pages, the
 * oauth-callback page, and the 'Connected accounts' section of account settings.
 * `<SignetProvider screens={[oauthScreens()]}>` beside `createApp({ plugins: [oauth()] })`.
 */
import type { ScreenContribution } from '../../react/index.js';
import { ConnectedAccountsSection } from './account-section.js';
import { OAuthCallbackPage } from './callback-page.js';
import { oauth } from './index.js';
import { OAuthButtons } from './oauth-buttons.js';

export { ConnectedAccountsSection } from './account-section.js';
export { OAUTH_CALLBACK_FAILED_MESSAGE, OAuthCallbackPage } from './callback-page.js';
export { hexToHsl, hoverShade, hslToHex } from './hover-shade.js';
export { OAuthButton, OAuthButtons } from './oauth-buttons.js';
export { ProviderIcon } from './provider-icon.js';
export { PROVIDERS, type ProviderLook, providerLook, providerName } from './providers.js';

/** The OAuth plugin's contribution to the screens. */
/* @__NO_SIDE_EFFECTS__ */
export function oauthScreens(): ScreenContribution {
  return {
    id: 'oauth',
    plugin: oauth,
    authButtons: {
      // First on the page, before the passkey button (product-spec §2).
      order: 0,
      when: ({ project }) => project.config.oauthProviders.length > 0,
      Component: OAuthButtons,
    },
    accountSections: [
      {
        id: 'connected-accounts',
        title: 'Connected accounts',
        description: 'Sign in with these accounts, and let this app use them with your permission.',
        order: 30,
        when: ({ project, user }) =>
          project.config.oauthProviders.length > 0 || (user?.oauthProviders.length ?? 0) > 0,
        Component: ConnectedAccountsSection,
      },
    ],
    pages: { oauthCallback: OAuthCallbackPage },
  };
}
