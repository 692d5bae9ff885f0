/**
 * The account sections every app has, whatever its plugins: the profile (display name and image)
 * and deleting the account (only where the project allows it). They fill the same slot as the
 * plugins' sections, so their order mixes with theirs.
 */
import type { ScreenContribution } from '../screens.js';
import { DeleteAccountSection } from './delete-account-section.js';
import { ProfileSection } from './profile-section.js';

/** The core's contribution to the account-settings page. */
export const CORE_ACCOUNT_SCREENS: ScreenContribution = {
  id: 'core-account',
  accountSections: [
    { id: 'profile', title: 'Profile', order: 0, Component: ProfileSection },
    {
      id: 'delete-account',
      title: 'Delete account',
      order: 1000,
      when: ({ project }) => project.config.clientUserDeletionEnabled,
      Component: DeleteAccountSection,
    },
  ],
};
