/**
 * better-auth 1.7 with email and password, on the same kind of database as signet's run, for the
 * side-by-side figure: prints its URL and the session cookie of one signed-up user. Defaults
 * otherwise (no cookie cache, so get-session reads the database as signet's users/me does).
 */
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { databaseArg, ready } from './child.js';

const database = databaseArg();
const server = http.createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
const baseURL = `http://127.0.0.1:${port}`;
const auth = betterAuth({
  database:
    database.kind === 'postgres'
      ? new pg.Pool({ connectionString: database.url })
      : { dialect: new PGliteDialect(new PGlite()), type: 'postgres' },
  emailAndPassword: { enabled: true },
  secret: 'bench-secret-bench-secret-bench-secret-0123',
  baseURL,
  telemetry: { enabled: false },
  logger: { disabled: true },
});
const { runMigrations } = await getMigrations(auth.options);
await runMigrations();
server.on('request', toNodeHandler(auth));
const response = await auth.api.signUpEmail({
  body: { email: 'bench@example.com', password: 'bench-password', name: 'Bench' },
  asResponse: true,
});
const cookie = response.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const check = await fetch(`${baseURL}/api/auth/get-session`, { headers: { cookie } });
if (!(await check.text()).includes('bench@example.com')) throw new Error('better-auth: no session');
ready({ url: baseURL, cookie });
