/**
 * signet/cli: sign a command-line tool in through the user's browser (wire.md §6.10), for Node.
 * The app must serve the `cli-auth-confirm` page (`cliAuth()` with `cliAuthScreens()`).
 */
export { CliLoginError, type CliLoginFailure } from './errors.js';
export { type CliLoginOptions, type CliLoginResult, cliLogin } from './login.js';
export { openerFor, openInBrowser } from './open-url.js';
