/** A user's second factor and passkeys (the TOTP secret itself is a column of `users`). */
import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { projects } from './projects.js';
import { users } from './users.js';

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
