/** Wire shape of a project as client and server access see it (wire.md §5.10). */
import * as v from 'valibot';

/** The switches of a project's config that client and admin views both show. */
const SWITCHES = {
  sign_up_enabled: v.boolean(),
  credential_enabled: v.boolean(),
  magic_link_enabled: v.boolean(),
  passkey_enabled: v.boolean(),
  client_team_creation_enabled: v.boolean(),
  client_user_deletion_enabled: v.boolean(),
};

/** `GET /projects/current` with client or server access. */
export const ClientProjectSchema = v.object({
  id: v.string(),
  display_name: v.string(),
  config: v.object({
    ...SWITCHES,
    enabled_oauth_providers: v.array(v.object({ id: v.string() })),
  }),
});
/** The client view of a project, in wire form. */
export type ClientProjectJson = v.InferOutput<typeof ClientProjectSchema>;

/** The OAuth provider ids a project can configure (product-spec §3). */
export const OAUTH_PROVIDER_IDS = [
  'google',
  'github',
  'microsoft',
  'spotify',
  'facebook',
  'discord',
  'gitlab',
  'bitbucket',
  'linkedin',
  'apple',
  'x',
] as const;
/** Providers that may use shared (development) keys. */
export const SHARED_OAUTH_PROVIDER_IDS = ['google', 'github', 'microsoft', 'spotify'] as const;

/** One OAuth provider of a project's config, as admins see it. */
export const OAuthProviderConfigSchema = v.object({
  id: v.string(),
  enabled: v.boolean(),
  type: v.picklist(['shared', 'standard']),
  client_id: v.optional(v.string()),
  client_secret: v.optional(v.string()),
  facebook_config_id: v.optional(v.string()),
  microsoft_tenant_id: v.optional(v.string()),
});

/** A trusted domain and the path of the kit's handler on it. */
export const DomainSchema = v.object({ domain: v.string(), handler_path: v.string() });

/** A project's email config as admins see it (the SMTP password included, as on the wire). */
export const EmailConfigSchema = v.union([
  v.object({ type: v.literal('shared') }),
  v.object({
    type: v.literal('standard'),
    host: v.string(),
    port: v.number(),
    username: v.string(),
    password: v.string(),
    sender_name: v.string(),
    sender_email: v.string(),
  }),
]);

/** `GET /projects/current` with admin access, and the items of `/internal/projects`. */
export const AdminProjectSchema = v.object({
  id: v.string(),
  display_name: v.string(),
  description: v.string(),
  created_at_millis: v.number(),
  user_count: v.number(),
  is_production_mode: v.boolean(),
  config: v.object({
    id: v.string(),
    allow_localhost: v.boolean(),
    ...SWITCHES,
    create_team_on_sign_up: v.boolean(),
    oauth_account_merge_strategy: v.picklist(['link_method', 'raise_error', 'allow_duplicates']),
    domains: v.array(DomainSchema),
    oauth_providers: v.array(OAuthProviderConfigSchema),
    enabled_oauth_providers: v.array(v.object({ id: v.string() })),
    email_config: EmailConfigSchema,
    team_creator_default_permissions: v.array(v.object({ id: v.string() })),
    team_member_default_permissions: v.array(v.object({ id: v.string() })),
  }),
});
/** The admin view of a project, in wire form. */
export type AdminProjectJson = v.InferOutput<typeof AdminProjectSchema>;

/** The config fields an admin may change (wire.md §5.10), every one optional. */
export type AdminProjectConfigUpdateJson = Partial<
  Omit<AdminProjectJson['config'], 'id' | 'enabled_oauth_providers' | 'oauth_providers' | 'email_config'>
> & {
  oauth_providers?: v.InferOutput<typeof OAuthProviderConfigSchema>[];
  email_config?: v.InferOutput<typeof EmailConfigSchema>;
};

/** Body of the admin `PATCH /projects/current`; `POST /internal/projects` needs `display_name`. */
export interface AdminProjectUpdateJson {
  display_name?: string;
  description?: string | null;
  is_production_mode?: boolean;
  config?: AdminProjectConfigUpdateJson;
}
