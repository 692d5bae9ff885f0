/** One-time codes: email links, sign-in codes, MFA attempts, OAuth flows, invitations. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { projects } from './projects.js';

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
    // A team's unused invitations, by the team id in the code's data, oldest first: the team's
    // list of pending invitations and the team's deletion (services/teams/invitations.ts).
    index('verification_codes_team_invitation_idx')
      .on(t.projectId, sql`(${t.data}->>'team_id')`, t.createdAt)
      .where(sql`${t.type} = 'TEAM_INVITATION' AND ${t.usedAt} IS NULL`),
    // The unused invitations sent to an address, soonest expiry first: a user's received
    // invitations (services/teams/invitations.ts).
    index('verification_codes_team_invitation_recipient_idx')
      .on(t.projectId, sql`(${t.method}->>'email')`, t.expiresAt)
      .where(sql`${t.type} = 'TEAM_INVITATION' AND ${t.usedAt} IS NULL`),
  ],
);
