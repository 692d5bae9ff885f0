/**
 * The admin view of a project (`GET /projects/current` with admin access) as the console's DOM
 * tests' fake APIs answer it: one fixture, each test changing only what it is about.
 */
import type { AdminProjectJson } from '../../wire/index.js';

/** The admin view of a fresh project: localhost allowed, no domain, no provider. */
export function adminProjectJson(
  config: Partial<AdminProjectJson['config']> = {},
  top: Partial<Omit<AdminProjectJson, 'config'>> = {},
): AdminProjectJson {
  return {
    id: 'proj-1',
    display_name: 'Acme app',
    description: 'The shop',
    created_at_millis: 0,
    user_count: 0,
    is_production_mode: false,
    ...top,
    config: {
      id: 'config-1',
      allow_localhost: true,
      sign_up_enabled: true,
      credential_enabled: true,
      magic_link_enabled: false,
      passkey_enabled: false,
      client_team_creation_enabled: false,
      client_user_deletion_enabled: false,
      create_team_on_sign_up: false,
      oauth_account_merge_strategy: 'link_method',
      domains: [],
      oauth_providers: [],
      enabled_oauth_providers: [],
      email_config: { type: 'shared' },
      team_creator_default_permissions: [{ id: 'admin' }],
      team_member_default_permissions: [{ id: 'member' }],
      ...config,
    },
  };
}
