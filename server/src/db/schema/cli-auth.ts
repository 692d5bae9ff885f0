/** Command-line logins (wire.md §4.7, §6.10): a CLI waits while a signed-in browser confirms. */
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { projects } from './projects.js';

/**
 * One CLI login attempt. Both codes are stored only as hashes; the browser session's refresh token
 * is kept sealed from the confirmation until the one poll that hands it over, then dropped.
 */
export const cliAuthAttempts = pgTable(
  'cli_auth_attempts',
  {
    id: uuid('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    pollingCodeHash: text('polling_code_hash').notNull(),
    loginCodeHash: text('login_code_hash').notNull(),
    /** The confirming session's refresh token, sealed; null before confirmation and after the handover. */
    refreshTokenSealed: text('refresh_token_sealed'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** When the browser confirmed (`/auth/cli/complete`). */
    completedAt: at('completed_at'),
    /** When a poll received the refresh token; later polls answer `used`. */
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('cli_auth_attempts_polling_code_unique').on(t.pollingCodeHash),
    uniqueIndex('cli_auth_attempts_login_code_unique').on(t.loginCodeHash),
    // The retention sweep's key.
    index('cli_auth_attempts_expires_at_idx').on(t.expiresAt),
  ],
);
