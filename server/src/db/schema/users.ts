/** Users and what they sign in with day to day: emails, passwords, sessions, activity. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { projects } from './projects.js';

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
  (t) => [
    // The users list walks this in sign-up order, the id breaking ties (services/user-list.ts).
    index('users_project_created_id_idx').on(t.projectId, t.createdAt, t.id),
    // Search matches any part of a display name, case-insensitively: trigrams serve `ILIKE '%x%'`.
    index('users_display_name_trgm_idx').using('gin', t.displayName.op('gin_trgm_ops')),
  ],
);

/**
 * The days a user was active (an access token was made for them), one row per user and UTC day:
 * what the metrics' daily active users count, kept small by the primary key. A day outlives its
 * user (no foreign key to users), as the reference's activity events do: a user active today and
 * deleted since still counts in today's activity. Only the project's deletion removes it.
 */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    day: text('day').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index('user_activity_days_project_day_idx').on(t.projectId, t.day),
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
    // The users list's search matches any part of an email: trigrams serve `ILIKE '%x%'`.
    index('contact_channels_value_trgm_idx').using('gin', t.value.op('gin_trgm_ops')),
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
