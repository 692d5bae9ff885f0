/** signet-server: a self-hostable server that speaks the Stack Auth API v1. */
export {
  createSignetServer,
  type Listener,
  type SignetServer,
  type SignetServerOptions,
} from './create-server.js';
export type { DatabaseOptions } from './db/database.js';
export type { SentEmail } from './email/mail-store.js';
export type { SvixOptions } from './services/context.js';
export type { RetentionOptions, SweepCounts } from './services/retention/sweep.js';
export { type ProjectKeys, type SeedOptions, seedFromEnv } from './services/seed.js';
