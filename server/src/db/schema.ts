/**
 * The one database schema of signet-server, shared by PGlite and PostgreSQL: one file per concept
 * in `schema/`, all exported here (drizzle-kit reads this file). The SQL migrations in
 * `server/migrations/` are generated from these tables with drizzle-kit (`npm run db:generate` in
 * `server/`), so the two never drift apart.
 */

export * from './schema/cli-auth.js';
export * from './schema/codes.js';
export * from './schema/email.js';
export * from './schema/oauth.js';
export * from './schema/projects.js';
export * from './schema/second-factor.js';
export * from './schema/teams.js';
export * from './schema/users.js';
export * from './schema/webhooks.js';
