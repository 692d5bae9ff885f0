/** Wire shapes of the command-line login (wire.md §4.7, §6.10). */
import * as v from 'valibot';

// Every schema is marked pure: a bundle that takes only this file's constants (the CLI login
// plugin's message) leaves the schemas, and valibot with them, out.

/** Longest `expires_in_millis` a CLI login may ask for: 24 hours. */
export const CLI_AUTH_MAX_EXPIRES_IN_MS = 24 * 60 * 60 * 1000;
/** How long a CLI login waits when it does not say: 2 hours. */
export const CLI_AUTH_DEFAULT_EXPIRES_IN_MS = 2 * 60 * 60 * 1000;

/** `POST /auth/cli`: the two codes of a new attempt and when it ends (an ISO-8601 string). */
export const CliAuthAttemptSchema = /* @__PURE__ */ v.object({
  polling_code: /* @__PURE__ */ v.string(),
  login_code: /* @__PURE__ */ v.string(),
  expires_at: /* @__PURE__ */ v.string(),
});
/** A new CLI login attempt, in wire form. */
export type CliAuthAttemptJson = v.InferOutput<typeof CliAuthAttemptSchema>;

/** What a poll can answer: still waiting, gone, already collected, or (201) the refresh token. */
export const CliAuthPollSchema = /* @__PURE__ */ v.object({
  status: /* @__PURE__ */ v.picklist(['waiting', 'expired', 'used', 'success']),
  refresh_token: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
});
/** A poll's answer, in wire form. */
export type CliAuthPollJson = v.InferOutput<typeof CliAuthPollSchema>;

/** `POST /auth/cli/complete` with an unknown, expired or already confirmed login code: a 400 in words. */
export const CLI_AUTH_INVALID_LOGIN_CODE_MESSAGE = 'Invalid login code or the code has expired';
