/**
 * The CLI login plugin (wire.md §4.7, §6.10): the browser side of a command-line tool's sign-in.
 * The tool (see `signet/cli`) opens `/handler/cli-auth-confirm?login_code=…`; the signed-in user
 * confirms there, and `confirm` hands this browser session's refresh token to the tool's attempt.
 */
import { HttpStatusError, isSignetError, pluginFactory, type Result, SignetError } from '../../core/index.js';
import {
  CLI_AUTH_INVALID_LOGIN_CODE_MESSAGE,
  USER_AUTHENTICATION_REQUIRED_MESSAGE,
} from '../../wire/index.js';

/** The page a command-line tool sends the browser to: `/handler/cli-auth-confirm`. */
export type CliAuthUrl = 'cliAuthConfirm';

/**
 * Why a confirmation failed: the login code is unknown, expired or already confirmed
 * (`CLI_LOGIN_CODE_INVALID`, the plugin's own code for the wire's plain-text 400), or there is no
 * live session to hand on (signed out here, or the session ended on the server).
 */
export type CliAuthConfirmErrorCode =
  | 'CLI_LOGIN_CODE_INVALID'
  | 'USER_AUTHENTICATION_REQUIRED'
  | 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED';

/** `app.cliAuth`. */
export interface CliAuthApi {
  /**
   * Confirms the login of `loginCode` (the page's `login_code`): the command-line tool that holds
   * its polling code receives this browser's session. Network failures are thrown.
   */
  confirm(loginCode: string): Promise<Result<void, CliAuthConfirmErrorCode>>;
}

const failure = <C extends CliAuthConfirmErrorCode>(error: SignetError<C>) =>
  ({ status: 'error', error }) as const;

/** The code refused, in the wire's words (the server answers it as plain text, not a known error). */
const invalidCode = () =>
  failure(
    new SignetError('CLI_LOGIN_CODE_INVALID', 400, CLI_AUTH_INVALID_LOGIN_CODE_MESSAGE, undefined, 'cliAuth'),
  );

/** `cliAuth()` adds `app.cliAuth` and the `cli-auth-confirm` page (with `cliAuthScreens()`). */
export const cliAuth = pluginFactory('cliAuth', () => ({
  urls: { cliAuthConfirm: 'cli-auth-confirm' },
  // Also decoded from a server that one day sends it as a known error.
  errorCodes: ['CLI_LOGIN_CODE_INVALID'],
  setup: (ctx): CliAuthApi => ({
    async confirm(loginCode) {
      const refreshToken = await ctx.getRefreshToken();
      if (!refreshToken) {
        return failure(
          new SignetError('USER_AUTHENTICATION_REQUIRED', 401, USER_AUTHENTICATION_REQUIRED_MESSAGE),
        );
      }
      // No code can match an empty one: no request.
      if (!loginCode) return invalidCode();
      try {
        await ctx.call('/auth/cli/complete', {
          method: 'POST',
          body: { login_code: loginCode, refresh_token: refreshToken },
        });
        return { status: 'ok', data: undefined };
      } catch (error) {
        // The wire's 400 text; or a code no attempt could have (too long, not storable), which
        // the schema refuses: both are a link that cannot be used.
        if (error instanceof HttpStatusError && error.status === 400) return invalidCode();
        if (isSignetError(error, 'SCHEMA_ERROR')) return invalidCode();
        if (isSignetError(error, 'CLI_LOGIN_CODE_INVALID'))
          return failure(error as SignetError<'CLI_LOGIN_CODE_INVALID'>);
        if (isSignetError(error, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED'))
          return failure(error as SignetError<'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED'>);
        throw error;
      }
    },
  }),
}));
