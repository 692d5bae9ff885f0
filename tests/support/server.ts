/**
 * Test backends for the server: PGlite in memory always, and PostgreSQL at 127.0.0.1:5432 when
 * it answers. Each `create()` starts a fresh server on a fresh database and listens on a free port.
 */
import pg from 'pg';
import { createSignetServer, type SignetServer, type SignetServerOptions } from '../../server/src/index.js';

/** The admin connection of the local PostgreSQL used by the tests (trust auth). */
export const POSTGRES_ADMIN_URL =
  process.env.SIGNET_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A server started for a test. */
export interface RunningServer {
  server: SignetServer;
  /** Base URL of the listening server, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The PostgreSQL database's URL (undefined on PGlite), for tests that look at what is stored. */
  databaseUrl?: string;
  /** Stops the server and drops its database. */
  close(): Promise<void>;
}

/** Server options a test may set; the database is chosen by the backend. */
export type TestServerOptions = Partial<Omit<SignetServerOptions, 'database'>>;

/** One database backend. */
export interface Backend {
  name: 'pglite' | 'postgres';
  create(options?: TestServerOptions): Promise<RunningServer>;
}

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

// Decided once per test file, before `describe.each` needs the list.
const postgresReachable = process.env.SIGNET_TEST_SKIP_POSTGRES ? false : await probePostgres();

/** True when the PostgreSQL backend is part of this run. */
export function postgresAvailable(): boolean {
  return postgresReachable;
}

/** Runs `sql` on the admin database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database; `drop()` removes it (ending any connections left). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `signet_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function start(
  server: SignetServer,
  cleanup: () => Promise<void> = async () => {},
  databaseUrl?: string,
): Promise<RunningServer> {
  const listener = await server.listen(0);
  return {
    server,
    url: listener.url,
    databaseUrl,
    async close() {
      await server.close();
      await cleanup();
    },
  };
}

/**
 * Every test server checks its JSON answers against the routes' response schemas: an answer that
 * breaks the OpenAPI document's promise is a 500, and the test that got it fails.
 */
const CHECKED = { checkResponses: true } as const;

const pglite: Backend = {
  name: 'pglite',
  async create(options = {}) {
    return start(await createSignetServer({ ...CHECKED, ...options, database: { kind: 'pglite' } }));
  },
};

const postgres: Backend = {
  name: 'postgres',
  async create(options = {}) {
    const database = await createPostgresDatabase();
    try {
      const server = await createSignetServer({
        ...CHECKED,
        ...options,
        database: { kind: 'postgres', url: database.url },
      });
      return start(server, database.drop, database.url);
    } catch (error) {
      await database.drop().catch(() => {});
      throw error;
    }
  },
};

/** The backends of this run: PGlite always, PostgreSQL when 127.0.0.1:5432 answers. */
export function backends(): Backend[] {
  return postgresReachable ? [pglite, postgres] : [pglite];
}
