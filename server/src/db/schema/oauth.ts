/** Users' accounts at OAuth providers and the tokens those gave. */
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { projects } from './projects.js';
import { users } from './users.js';

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
    // The users list filtered by a provider few users have reads them from here, index only.
    index('oauth_accounts_project_provider_user_idx').on(t.projectId, t.providerId, t.userId),
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
