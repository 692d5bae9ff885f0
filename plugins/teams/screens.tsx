/**
 * The teams plugin's screens: the team switcher (an exported component for an app's header), the
 * pages the plugin declares (a team's settings, creating a team, an emailed invitation), the
 * "Teams" section of account settings with the invitations the user received, and the team
 * sections every team page shows (a third-party plugin adds its own through the same slot).
 */
import type { ScreenContribution } from '../../react/index.js';
import { CreateTeamPage } from './create-team.js';
import { teams } from './index.js';
import { TeamInvitationPage } from './invitation-page.js';
import { TEAM_SECTIONS } from './team-sections.js';
import { TeamSettingsPage } from './team-settings-page.js';
import { TeamsAccountSection } from './teams-account-section.js';

export { CreateTeamForm, type CreateTeamFormProps } from './create-team.js';
export { ReceivedInvitations } from './received-invitations.js';
export { TeamSwitcher, type TeamSwitcherProps } from './team-switcher.js';

/** The teams plugin's contribution to the screens. */
/* @__NO_SIDE_EFFECTS__ */
export function teamsScreens(): ScreenContribution {
  return {
    id: 'teams',
    plugin: teams,
    accountSections: [{ id: 'teams', title: 'Teams', order: 35, Component: TeamsAccountSection }],
    teamSections: TEAM_SECTIONS,
    pages: {
      teamInvitation: TeamInvitationPage,
      teamSettings: TeamSettingsPage,
      createTeam: CreateTeamPage,
    },
  };
}
