/**
 * The one database schema of signet-server, shared by PGlite and PostgreSQL. The SQL migrations in
 * `server/migrations/` are generated from this file with drizzle-kit (`npm run db:generate` in
 * `server/`), so the two never drift apart.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

/** A user of a project. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    profileImageUrl: text('profile_image_url'),
    clientMetadata: jsonb('client_metadata'),
    clientReadOnlyMetadata: jsonb('client_read_only_metadata'),
    serverMetadata: jsonb('server_metadata'),
    selectedTeamId: uuid('selected_team_id'),
    otpAuthEnabled: boolean('otp_auth_enabled').notNull().default(false),
    /** The TOTP secret, sealed (crypto/secret-box.ts); null when the second factor is off. */
    totpSecret: text('totp_secret'),
    /** The last TOTP step a code was accepted for: a code works once (replays are refused). */
    totpLastStep: integer('totp_last_step'),
    createdAt: at('created_at').notNull(),
    lastActiveAt: at('last_active_at'),
  },
  (t) => [index('users_project_created_idx').on(t.projectId, t.createdAt)],
);

/**
 * The days a user was active (signed in or refreshed a session), one row per user and UTC day:
 * what the metrics' daily active users count, kept small by the primary key.
 */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index('user_activity_days_project_day_idx').on(t.projectId, t.day),
  ],
);

/**
 * A user's recovery codes for the second factor (beyond the reference): ten per set, each stored as
 * its SHA-256 only and spent once; a new set replaces the old.
 */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
);

/**
 * A user's passkeys (WebAuthn credentials). The wire keeps one per user; signet keeps several, each
 * with a name, and `passkey_auth_enabled` says whether there is any. The credential id is unique
 * in its project, so a sign-in finds the passkey (and its user) from the assertion alone.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the authenticator made it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen (a counter going back means a cloned authenticator). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').notNull().default([]),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_project_credential_unique').on(t.projectId, t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/** Emails of a user. At most one channel per (project, value) may be used for auth. */
export const contactChannels = pgTable(
  'contact_channels',
  {
    id: uuid('id').primaryKey(),
    projectId: text('project_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('email'),
    value: text('value').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    usedForAuth: boolean('used_for_auth').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    // Concurrent sign-ups of one email race on this index, so exactly one of them wins.
    uniqueIndex('contact_channels_auth_unique').on(t.projectId, t.type, t.value).where(sql`${t.usedForAuth}`),
    uniqueIndex('contact_channels_user_value_unique').on(t.userId, t.type, t.value),
    uniqueIndex('contact_channels_primary_unique').on(t.userId, t.type).where(sql`${t.isPrimary}`),
  ],
);

/** The argon2id password hash of a user who has one. */
export const passwordCredentials = pgTable('password_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** A session: the refresh token is stored only as its SHA-256 hash (hex). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    projectId: text('project_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at'),
    lastUsedAt: at('last_used_at'),
    isImpersonation: boolean('is_impersonation').notNull().default(false),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.userId),
    // The retention sweep finds long-expired sessions by this (services/retention).
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * One-time codes for email verification, password reset, magic links and so on (wire.md §7.1).
 * The code and its nonce (last 39 chars) are stored only as hashes.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    codeHash: text('code_hash').notNull(),
    nonceHash: text('nonce_hash').notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    redirectUrl: text('redirect_url'),
    method: jsonb('method').notNull().default({}),
    data: jsonb('data').notNull().default({}),
  },
  (t) => [
    uniqueIndex('verification_codes_code_unique').on(t.projectId, t.codeHash),
    index('verification_codes_nonce_idx').on(t.projectId, t.nonceHash),
    // When the code stopped working (LEAST skips a null used_at): the retention sweep's key.
    index('verification_codes_dead_at_idx').on(sql`least(${t.expiresAt}, ${t.usedAt})`),
  ],
);

/**
 * Every email sent or kept for a project: the development outbox and `/internal/emails` read these
 * rows, so several server processes on one database share one outbox.
 */
export const sentEmails = pgTable(
  'sent_emails',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order; the injectable clock may give two emails the same `sent_at`. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    from: text('from').notNull(),
    /** Recipient addresses (a JSON array of strings). */
    to: jsonb('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: at('sent_at').notNull(),
    /** The sender config without its password. */
    senderConfig: jsonb('sender_config').notNull(),
    /** Why delivery failed, or null. */
    error: jsonb('error'),
    /**
     * Decided when sent: true only for mail kept through the shared config by a project not in
     * production mode, the only mail the development outbox may ever serve.
     */
    inOutbox: boolean('in_outbox').notNull().default(false),
  },
  (t) => [
    index('sent_emails_project_seq_idx').on(t.projectId, t.seq),
    // The retention sweep drops old emails by this (services/retention).
    index('sent_emails_sent_at_idx').on(t.sentAt),
  ],
);

/** A project's customised email template (wire.md §5.11); a missing row means the default. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    content: jsonb('content').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.type] })],
);

/**
 * A user's account at an OAuth provider: a way to sign in, and a connected account whose tokens
 * server code can use (wire.md §4.5, §6.6). One account of a provider per user, and a provider's
 * account belongs to one user of the project.
 */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: uuid('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's id in the project config (`github`). */
    providerId: text('provider_id').notNull(),
    /** The user's id at the provider. */
    providerAccountId: text('provider_account_id').notNull(),
    /** The email the provider reported, if any. */
    email: text('email'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_account_unique').on(t.projectId, t.providerId, t.providerAccountId),
    uniqueIndex('oauth_accounts_user_provider_unique').on(t.userId, t.providerId),
  ],
);

/**
 * Tokens the provider gave for an OAuth account, sealed at rest (crypto/secret-box.ts), with the
 * scopes they cover: an access token is handed out while it lives, a refresh token makes new ones.
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => oauthAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'access' | 'refresh'>().notNull(),
    /** The token, sealed. */
    token: text('token').notNull(),
    /** The scopes it covers (a JSON array of strings). */
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    /** When an access token stops working; null when the provider did not say. */
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('oauth_tokens_account_idx').on(t.accountId)],
);

/** A team of a project (wire.md §5.3). */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    clientMetadata: jsonb('client_metadata'),
    clientReadOnlyMetadata: jsonb('client_read_only_metadata'),
    serverMetadata: jsonb('server_metadata'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('teams_project_created_idx').on(t.projectId, t.createdAt)],
);

/**
 * A user's membership of a team, with the member's profile in it (wire.md §5.4: null fields fall
 * back to the user's own name and image).
 */
export const teamMembers = pgTable(
  'team_members',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    profileImageUrl: text('profile_image_url'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

/**
 * A permission granted directly to a member of a team; what it contains follows from the
 * project's permission definitions (services/teams/permissions.ts).
 */
export const teamMemberPermissions = pgTable(
  'team_member_permissions',
  {
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
    permissionId: text('permission_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId, t.permissionId] }),
    foreignKey({
      columns: [t.teamId, t.userId],
      foreignColumns: [teamMembers.teamId, teamMembers.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * A project's own team permission definitions (wire.md §5.6); the five system permissions are
 * not stored. New projects get `admin` (every system permission) and `member`.
 */
export const permissionDefinitions = pgTable(
  'permission_definitions',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    description: text('description'),
    /** The ids this permission contains (a JSON array of strings). */
    containedPermissionIds: jsonb('contained_permission_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);
