/** The `check-code` variant of the code endpoints (wire.md §7.1), one shape for every code type. */
import * as v from 'valibot';
import { CodeValidSchema } from '../../../wire/common.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { enforceRateLimit } from '../services/rate-limit/enforce.js';
import { attemptCode, type CodeType, codeField } from '../services/verification-codes.js';

/**
 * `POST path`: answers `{is_code_valid: true}` when a code of `type` would be accepted, or the
 * code's error. It counts as an attempt, so guessing through it is capped like using, and it
 * shares the per-IP limit of using a code.
 */
export function checkCodeRoute(path: string, type: CodeType): RouteSpec {
  return defineRoute({
    method: 'POST',
    path,
    summary: 'Says whether a code would be accepted (counts as an attempt)',
    response: CodeValidSchema,
    access: ['client', 'server', 'admin'],
    // An attempt counts on the code alone: nothing authentication keeps changes.
    writes: 'none',
    body: v.strictObject({ code: codeField }),
    async handler({ ctx, auth, body, json, clientIp }) {
      await enforceRateLimit(ctx, auth, 'useCode', { ip: clientIp });
      await attemptCode(ctx, auth.project.id, type, body.code);
      return json({ is_code_valid: true });
    },
  });
}
