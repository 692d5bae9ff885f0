/** `POST /auth/cli/poll` (wire.md §4.7): the tool asks whether the browser has confirmed. */
import * as v from 'valibot';
import { CliAuthPollSchema } from '../../../../../wire/cli-auth.js';
import { knownError } from '../../../errors.js';
import { defineRoute } from '../../../http/route.js';
import { pollCliAttempt } from '../../../services/cli-auth.js';
import { boundedString, INPUT_LIMITS } from '../../fields.js';

/**
 * `waiting`, `expired` or `used` (200), or `success` with the refresh token (201), handed to one
 * poll only; an unknown code is INVALID_POLLING_CODE.
 */
export const pollCliAttemptRoute = defineRoute({
  method: 'POST',
  path: '/auth/cli/poll',
  summary: 'Polls a command-line login: waiting, expired, used, or success with the refresh token',
  response: CliAuthPollSchema,
  access: ['client', 'server', 'admin'],
  // Writes only the login attempt, which authentication never reads.
  writes: 'none',
  // Any length, as the reference takes it: a wrong code is INVALID_POLLING_CODE, not a schema error.
  body: v.strictObject({ polling_code: boundedString(INPUT_LIMITS.text) }),
  async handler({ ctx, auth, body, json }) {
    const outcome = await pollCliAttempt(ctx, auth.project.id, body.polling_code);
    switch (outcome.status) {
      case 'unknown':
        throw knownError('INVALID_POLLING_CODE');
      case 'success':
        return json({ status: 'success', refresh_token: outcome.refreshToken }, 201);
      default:
        return json({ status: outcome.status });
    }
  },
});
