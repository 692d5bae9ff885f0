/**
 * The CLI login plugin's screens: the `cli-auth-confirm` page a command-line tool opens, where the
 * signed-in user confirms (or cancels) handing the tool this browser's session.
 */
import type { ScreenContribution } from '../../react/index.js';
import { CliAuthConfirmPage } from './confirm-page.js';
import { cliAuth } from './index.js';

export { CLI_AUTH_DONE, CLI_AUTH_WARNING, CliAuthConfirmPage } from './confirm-page.js';

/** The CLI login plugin's contribution to the screens. */
/* @__NO_SIDE_EFFECTS__ */
export function cliAuthScreens(): ScreenContribution {
  return { id: 'cliAuth', plugin: cliAuth, pages: { cliAuthConfirm: CliAuthConfirmPage } };
}
