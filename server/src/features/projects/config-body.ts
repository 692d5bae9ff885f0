/**
 * The admin's project body (wire.md §5.10): what `PATCH /projects/current` changes and
 * `POST /internal/projects` starts from. Unknown properties are refused at every level.
 */
import * as v from 'valibot';
import { OAUTH_PROVIDER_IDS } from '../../../../wire/project.js';
import { emailConfigField } from '../email-config-field.js';
import { boundedString, INPUT_LIMITS } from '../fields.js';

const domainField = v.strictObject({
  domain: v.pipe(
    boundedString(INPUT_LIMITS.url),
    v.check((d) => /^https?:\/\//.test(d) && URL.canParse(d), 'must start with http:// or https://'),
  ),
  handler_path: v.pipe(boundedString(INPUT_LIMITS.url), v.startsWith('/', 'must start with /')),
});

const oauthProviderField = v.strictObject({
  // Any id passes the schema so an unknown one gets the wire's INVALID_*_OAUTH_PROVIDER_ID.
  id: boundedString(INPUT_LIMITS.name),
  enabled: v.boolean(),
  type: v.picklist(['shared', 'standard']),
  client_id: v.optional(boundedString(INPUT_LIMITS.text)),
  client_secret: v.optional(boundedString(INPUT_LIMITS.text)),
  facebook_config_id: v.optional(boundedString(INPUT_LIMITS.text)),
  microsoft_tenant_id: v.optional(boundedString(INPUT_LIMITS.text)),
});

/** A permission id: lowercase letters, digits, colon and underscore; `$` only for system ones. */
const permissionList = v.array(
  v.strictObject({
    id: v.pipe(
      boundedString(INPUT_LIMITS.name),
      v.regex(/^\$?[a-z0-9_:]+$/, 'must contain only lowercase letters, numbers, ":" and "_"'),
    ),
  }),
);

const configEntries = {
  email_config: v.optional(emailConfigField),
  sign_up_enabled: v.optional(v.boolean()),
  credential_enabled: v.optional(v.boolean()),
  magic_link_enabled: v.optional(v.boolean()),
  passkey_enabled: v.optional(v.boolean()),
  client_team_creation_enabled: v.optional(v.boolean()),
  client_user_deletion_enabled: v.optional(v.boolean()),
  allow_localhost: v.optional(v.boolean()),
  create_team_on_sign_up: v.optional(v.boolean()),
  oauth_account_merge_strategy: v.optional(v.picklist(['link_method', 'raise_error', 'allow_duplicates'])),
  domains: v.optional(v.array(domainField)),
  oauth_providers: v.optional(v.array(oauthProviderField)),
  team_creator_default_permissions: v.optional(permissionList),
  team_member_default_permissions: v.optional(permissionList),
};

const projectEntries = {
  display_name: v.optional(v.pipe(boundedString(INPUT_LIMITS.name), v.minLength(1, 'must not be empty'))),
  description: v.optional(v.nullable(boundedString(INPUT_LIMITS.text))),
  is_production_mode: v.optional(v.boolean()),
  config: v.optional(v.strictObject(configEntries)),
};

/** Body of the admin `PATCH /projects/current`. */
export const projectUpdateBody = v.strictObject(projectEntries);

/** Body of `POST /internal/projects`: the update body with a required display name. */
export const projectCreateBody = v.strictObject({
  ...projectEntries,
  display_name: v.pipe(boundedString(INPUT_LIMITS.name), v.minLength(1, 'must not be empty')),
});

/** A validated project update. */
export type ProjectUpdate = v.InferOutput<typeof projectUpdateBody>;

/** Every provider id a config may name. */
export const KNOWN_PROVIDER_IDS: readonly string[] = OAUTH_PROVIDER_IDS;
