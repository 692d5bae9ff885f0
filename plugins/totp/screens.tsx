/**
 * The totp plugin's screens: the second-factor slot (the code of the sign-in waiting for it) and
 * the 'Two-factor authentication' section of account settings.
 * `<SignetProvider screens={[totpScreens()]}>` beside `createApp({ plugins: [totp()] })`.
 */
import type { ScreenContribution } from '../../react/index.js';
import { TwoFactorSection } from './account-section.js';
import { totp } from './index.js';
import { TotpSecondFactor } from './second-factor.js';

// The QR code is a building block of signet/react now; still exported here for existing imports.
export { QrCode, type QrCodeProps } from '../../react/index.js';
export { TwoFactorSection } from './account-section.js';
export { TotpSecondFactor } from './second-factor.js';

/** The totp plugin's contribution to the screens. */
/* @__NO_SIDE_EFFECTS__ */
export function totpScreens(): ScreenContribution {
  return {
    id: 'totp',
    plugin: totp,
    secondFactor: { Component: TotpSecondFactor },
    accountSections: [
      {
        id: 'two-factor',
        title: 'Two-factor authentication',
        description: 'A code from an authenticator app as well as your first sign-in step.',
        order: 35,
        Component: TwoFactorSection,
      },
    ],
  };
}
