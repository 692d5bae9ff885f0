/** `POST /auth/cli` (wire.md §4.7): a command-line tool starts a login. */
import * as v from 'valibot';
import {
  CLI_AUTH_DEFAULT_EXPIRES_IN_MS,
  CLI_AUTH_MAX_EXPIRES_IN_MS,
  CliAuthAttemptSchema,
} from '../../../../../wire/cli-auth.js';
import { defineRoute } from '../../../http/route.js';
import { createCliAttempt } from '../../../services/cli-auth.js';

/** Creates an attempt: a polling code for the tool, a login code for the browser, its end. */
const CENTURY_MS = 100 * 365 * 24 * 3600 * 1000;

export const createCliAttemptRoute = defineRoute({
  method: 'POST',
  path: '/auth/cli',
  summary: 'Starts a command-line login: a polling code, a login code and when they expire',
  response: CliAuthAttemptSchema,
  access: ['client', 'server', 'admin'],
  // Writes only the login attempt, which authentication never reads.
  writes: 'none',
  // The reference takes no body at all as `{}`.
  body: v.optional(
    v.strictObject({
      expires_in_millis: v.optional(
        v.pipe(
          v.number(),
          // The reference takes any number up to a day, so 0 or less starts an attempt already
          // expired; the floor only keeps the expiry a date (a century back).
          v.minValue(-CENTURY_MS, `must be greater than or equal to ${-CENTURY_MS}`),
          v.maxValue(
            CLI_AUTH_MAX_EXPIRES_IN_MS,
            `must be less than or equal to ${CLI_AUTH_MAX_EXPIRES_IN_MS}`,
          ),
        ),
      ),
    }),
  ),
  async handler({ ctx, auth, body, json }) {
    const attempt = await createCliAttempt(
      ctx,
      auth.project.id,
      body?.expires_in_millis ?? CLI_AUTH_DEFAULT_EXPIRES_IN_MS,
    );
    return json({
      polling_code: attempt.pollingCode,
      login_code: attempt.loginCode,
      expires_at: attempt.expiresAt.toISOString(),
    });
  },
});
