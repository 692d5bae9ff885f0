/**
 * Opens the database: PGlite (embedded, in a data folder or in memory) or PostgreSQL through
 * node-postgres. Both are driven through the same Drizzle API and the same schema.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { openPglite } from './open-pglite.js';
import { drizzleClientOf } from './pglite-drizzle-client.js';
import * as schema from './schema.js';

/** Where the data lives. */
export type DatabaseOptions = { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string };

/** The Drizzle database, whichever backend is under it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A single connection for work that needs a session of its own (migrations under an advisory lock). */
export interface SqlSession {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs several statements separated by semicolons, no parameters. */
  exec(sql: string): Promise<void>;
  release(): Promise<void>;
}

/** An open database. */
export interface DatabaseHandle {
  kind: DatabaseOptions['kind'];
  db: Database;
  /** Takes a dedicated session (PGlite has only one; Postgres gets a fresh client). */
  session(): Promise<SqlSession>;
  /**
   * Listens to NOTIFY on `channel`: `onMessage` gets each payload; `onConnected` says when the
   * listener is (re)connected or lost, since notifications sent while it was lost are gone.
   * Resolves with a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onConnected: (connected: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Opens the database described by `options`; `log` receives pool errors instead of a crash. */
export async function openDatabase(
  options: DatabaseOptions,
  log: (line: string) => void,
): Promise<DatabaseHandle> {
  // Each backend's driver is loaded only when used: a PGlite server never needs node-postgres
  // (~20 MB and ~0.3 s at start), nor a PostgreSQL one PGlite.
  if (options.kind === 'pglite') {
    const [client, { drizzle: drizzlePglite }] = await Promise.all([
      openPglite(options.dataDir, log),
      import('drizzle-orm/pglite'),
    ]);
    const forDrizzle = drizzleClientOf(client);
    const db = drizzlePglite({ client: forDrizzle.client, schema }) as unknown as Database;
    const rawOptions = { parsers: forDrizzle.ownParsers };
    return {
      kind: 'pglite',
      db,
      async session() {
        return {
          query: async <Row>(sql: string, params?: unknown[]) =>
            (await client.query<Row>(sql, params, rawOptions)).rows,
          exec: async (sql) => {
            await client.exec(sql);
          },
          release: async () => {},
        };
      },
      async listen(channel, onMessage, onConnected) {
        const unsubscribe = await client.listen(channel, onMessage);
        onConnected(true);
        return async () => {
          onConnected(false);
          await unsubscribe();
        };
      },
      close: () => client.close(),
    };
  }
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: options.url, max: 10 });
  // A client losing its connection emits 'error': on an idle client the pool hears it; on one
  // checked out (a transaction in flight) only the client does, and an unheard 'error' event ends
  // the process. Every client gets a listener; the query in flight fails on its own (the request
  // answers 503) and the pool drops the broken client and connects anew for the next one.
  pool.on('error', (error) => log(`postgres pool error: ${error.message}`));
  pool.on('connect', (client) => {
    client.on('error', (error) => log(`postgres connection error: ${error.message}`));
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    async session() {
      const client = await pool.connect();
      return {
        query: async <Row>(sql: string, params?: unknown[]) =>
          (await client.query(sql, params as unknown[] | undefined)).rows as Row[],
        exec: async (sql) => {
          await client.query(sql);
        },
        release: async () => client.release(),
      };
    },
    listen: (channel, onMessage, onConnected) =>
      listenPostgres(pg, options.url, channel, onMessage, onConnected, log),
    close: () => pool.end(),
  };
}

/**
 * A connection of its own that LISTENs on `channel`, and connects again (after 0.1 s, then up to
 * 5 s apart) whenever it is lost: a server must hear about changes for as long as it runs.
 */
async function listenPostgres(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onConnected: (connected: boolean) => void,
  log: (line: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = 100;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    const lost = (reason: string) => {
      if (client !== next) return;
      client = undefined;
      onConnected(false);
      next.end().catch(() => {});
      if (stopped) return;
      log(`change feed: ${reason}; listening again in ${delay} ms`);
      retry = setTimeout(connect, delay);
      retry.unref?.();
      delay = Math.min(delay * 2, 5000);
    };
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('connection ended'));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client !== next) return;
      delay = 100;
      onConnected(true);
    } catch (error) {
      lost((error as Error).message);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = undefined;
    onConnected(false);
    await current?.end().catch(() => {});
  };
}
