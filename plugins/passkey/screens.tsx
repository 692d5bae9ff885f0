/**
 * The passkey plugin's screens: 'Sign in with Passkey' above the sign-in forms and the 'Passkeys'
 * section of account settings, both only while the project has passkeys on.
 * `<SignetProvider screens={[passkeyScreens()]}>` beside `createApp({ plugins: [passkey()] })`.
 */
import type { ScreenContribution } from '../../react/index.js';
import { PasskeysSection } from './account-section.js';
import { passkey } from './index.js';
import { PasskeySignInButton } from './sign-in-button.js';

export { PasskeysSection } from './account-section.js';
export { PasskeySignInButton } from './sign-in-button.js';

/** The passkey plugin's contribution to the screens. */
/* @__NO_SIDE_EFFECTS__ */
export function passkeyScreens(): ScreenContribution {
  return {
    id: 'passkey',
    plugin: passkey,
    authButtons: {
      // After the OAuth buttons (product-spec §2), on the sign-in page only.
      order: 10,
      when: ({ project, kind }) => kind === 'sign-in' && project.config.passkeyEnabled,
      Component: PasskeySignInButton,
    },
    accountSections: [
      {
        id: 'passkeys',
        title: 'Passkeys',
        description: 'Sign in with your fingerprint, face or screen lock instead of a password.',
        order: 36,
        when: ({ project }) => project.config.passkeyEnabled,
        Component: PasskeysSection,
      },
    ],
  };
}
