/** `POST /auth/cli/complete` (wire.md §4.7, §6.10): the signed-in browser confirms a login. */
import * as v from 'valibot';
import { CLI_AUTH_INVALID_LOGIN_CODE_MESSAGE } from '../../../../../wire/cli-auth.js';
import { SuccessSchema } from '../../../../../wire/common.js';
import { knownError, StatusError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { completeCliAttempt, isLiveRefreshToken } from '../../../services/cli-auth.js';
import { boundedString, INPUT_LIMITS } from '../../fields.js';

/**
 * Hands the attempt of `login_code` the browser session's refresh token, for the tool's next poll.
 * Client access must bring a live session of this project: a page cannot pass on a token it made
 * up, signed out of, or got from another project. Server and admin access are the app's own
 * backend, trusted with any token (as the reference, whose tests confirm with made-up ones).
 */
export const completeCliAttemptRoute = defineRoute({
  method: 'POST',
  path: '/auth/cli/complete',
  summary: 'Confirms a command-line login with the refresh token the tool will receive',
  response: SuccessSchema,
  access: ['client', 'server', 'admin'],
  // Writes only the login attempt, which authentication never reads.
  writes: 'none',
  body: v.strictObject({
    login_code: boundedString(INPUT_LIMITS.text),
    refresh_token: boundedString(INPUT_LIMITS.text),
  }),
  async handler({ ctx, auth, body, json }) {
    if (auth.type === 'client' && !(await isLiveRefreshToken(ctx, auth.project.id, body.refresh_token)))
      throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    if (!(await completeCliAttempt(ctx, auth.project.id, body.login_code, body.refresh_token)))
      throw new StatusError(400, CLI_AUTH_INVALID_LOGIN_CODE_MESSAGE);
    return json({ success: true });
  },
});
