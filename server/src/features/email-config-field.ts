/**
 * The `email_config` object of the admin API (wire.md §5.10): `{type: 'shared'}` or a standard SMTP
 * config with every field. Both `PATCH /projects/current` and `POST /internal/send-test-email`
 * read it.
 */
import * as v from 'valibot';
import type { EmailConfig } from '../email/mail-store.js';
import { schemaError } from '../http/validate.js';
import { boundedString, emailField, INPUT_LIMITS } from './fields.js';

/**
 * The fields of a standard config, each optional in the schema: the handler names every missing
 * one at once (`email_config.port must be defined`) instead of valibot stopping at the type.
 */
const standardEntries = {
  host: v.optional(v.pipe(boundedString(INPUT_LIMITS.name), v.minLength(1, 'must not be empty'))),
  port: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(65535))),
  username: v.optional(boundedString(INPUT_LIMITS.name)),
  password: v.optional(boundedString(INPUT_LIMITS.text)),
  sender_name: v.optional(boundedString(INPUT_LIMITS.name)),
  sender_email: v.optional(emailField),
};
const STANDARD_FIELDS = ['host', 'port', 'username', 'password', 'sender_name', 'sender_email'] as const;
const TYPES = ['shared', 'standard'] as const;

/** A project's email config: `type` is required. */
export const emailConfigField = v.strictObject({ type: v.picklist(TYPES), ...standardEntries });

/** An email config where `type` may be left out and means standard, as Stack's SDK sends it. */
export const standardByDefaultEmailConfigField = v.strictObject({
  type: v.optional(v.picklist(TYPES), 'standard'),
  ...standardEntries,
});

/**
 * The config to use, or SCHEMA_ERROR naming the standard fields that are missing under `path`
 * (the field's place in the body, e.g. `body.config.email_config`).
 */
export function readEmailConfig(
  request: Request,
  path: string,
  input: v.InferOutput<typeof emailConfigField>,
): EmailConfig {
  if (input.type === 'shared') return { type: 'shared' };
  const missing = STANDARD_FIELDS.filter((key) => input[key] === undefined);
  if (missing.length > 0)
    throw schemaError(
      request,
      missing.map((key) => `${path}.${key} must be defined`),
    );
  const { host, port, username, password, sender_name, sender_email } = input;
  return {
    type: 'standard',
    host: host!,
    port: port!,
    username: username!,
    password: password!,
    sender_name: sender_name!,
    sender_email: sender_email!,
  };
}
