/** The installation's facts, projects and their key sets. */
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.js';

/** Key/value facts about this installation (the shared server secret, the seeded dev project id). */
export const serverMeta = pgTable('server_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** A project and its configuration (wire.md §5.10), one column per setting. */
export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: at('created_at').notNull(),
  isProductionMode: boolean('is_production_mode').notNull().default(false),
  configId: uuid('config_id').notNull(),
  allowLocalhost: boolean('allow_localhost').notNull().default(true),
  signUpEnabled: boolean('sign_up_enabled').notNull().default(true),
  credentialEnabled: boolean('credential_enabled').notNull().default(true),
  magicLinkEnabled: boolean('magic_link_enabled').notNull().default(false),
  passkeyEnabled: boolean('passkey_enabled').notNull().default(false),
  clientTeamCreationEnabled: boolean('client_team_creation_enabled').notNull().default(false),
  clientUserDeletionEnabled: boolean('client_user_deletion_enabled').notNull().default(false),
  createTeamOnSignUp: boolean('create_team_on_sign_up').notNull().default(false),
  oauthAccountMergeStrategy: text('oauth_account_merge_strategy').notNull().default('link_method'),
  /** `{type:'shared'}` or the standard SMTP settings. */
  emailConfig: jsonb('email_config').notNull().default({ type: 'shared' }),
  /** `[{domain, handler_path}]`: trusted domains for redirects. */
  domains: jsonb('domains').notNull().default([]),
  /** `[{id, enabled, type, client_id?, client_secret?, ...}]`. */
  oauthProviders: jsonb('oauth_providers').notNull().default([]),
  /** `[{id}]`: the team permissions a team's creator gets. */
  teamCreatorDefaultPermissions: jsonb('team_creator_default_permissions')
    .notNull()
    .default([{ id: 'admin' }]),
  /** `[{id}]`: the team permissions every member gets. */
  teamMemberDefaultPermissions: jsonb('team_member_default_permissions')
    .notNull()
    .default([{ id: 'member' }]),
});

/** A project row. */
export type ProjectRow = typeof projects.$inferSelect;

/** A set of project keys (wire.md §5.9); each key is looked up by its value. */
export const apiKeySets = pgTable(
  'api_key_sets',
  {
    id: uuid('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    publishableClientKey: text('publishable_client_key').unique(),
    secretServerKey: text('secret_server_key').unique(),
    superSecretAdminKey: text('super_secret_admin_key').unique(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    manuallyRevokedAt: at('manually_revoked_at'),
  },
  (t) => [index('api_key_sets_project_idx').on(t.projectId)],
);
