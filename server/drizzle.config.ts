import { defineConfig } from 'drizzle-kit';

/** drizzle-kit only generates SQL from the schema; `src/db/migrate.ts` applies it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
});
