/**
 * The PGlite client as Drizzle's driver is handed it.
 *
 * Drizzle's PGlite driver sends its own type parsers with every query: timestamps, dates,
 * intervals and their arrays come back as the text PostgreSQL wrote, which Drizzle then parses
 * itself. PGlite merges per-query parsers into its table of every type's parser (about 300
 * entries) on each query, and that copy cost about 90 µs per statement on a 2-core VM: a third of
 * a small query's cost, several times per sign-in. The same parsers are installed once on the
 * client here, and Drizzle's queries go through without their copy: the same rows, without the
 * merge. Raw queries on the client (migrations, the tests' own reads) ask for PGlite's own
 * parsers of those types, so they read `Date`s as before and as on PostgreSQL.
 *
 * A query whose options hold anything else (a parser for another type, a blob) goes through as
 * Drizzle sent it, so a Drizzle release that parses more types still gets its own parsers.
 */
import type { ParserOptions, PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { preparedStatementsOf, type RunPrepared } from './pglite-prepared.js';

const asText = (value: string) => value;

/**
 * The type ids Drizzle's PGlite driver reads as text: timestamp, timestamptz, interval and date,
 * and the arrays of numeric, timestamp, timestamptz, interval and date.
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const TEXT_TYPE_SET = new Set(TEXT_TYPES.map(String));

/** The options a query keeps once its parsers are known to be installed (one object per mode). */
const ROW_MODE_ONLY = {
  array: { rowMode: 'array' },
  object: { rowMode: 'object' },
} as const satisfies Record<string, QueryOptions>;

/** True when `options` asks for nothing the client does not already do, besides its row mode. */
function onlyInstalledParsers(options: QueryOptions): boolean {
  for (const key in options) {
    if (key !== 'rowMode' && key !== 'parsers') return false;
  }
  for (const type in options.parsers) {
    if (!TEXT_TYPE_SET.has(type)) return false;
  }
  return true;
}

type Query = PGlite['query'];

/**
 * `query` of `target`, leaving out per-query parsers the client already has: such a query runs as
 * a prepared statement (see pglite-prepared.ts).
 */
function queryWithoutCopies(target: Pick<PGlite, 'query'>, run: RunPrepared, inTransaction: boolean): Query {
  return ((sql: string, params?: unknown[], options?: QueryOptions) => {
    if (options?.parsers && onlyInstalledParsers(options)) {
      return run(sql, params, ROW_MODE_ONLY[options.rowMode ?? 'object'], inTransaction);
    }
    return target.query(sql, params, options);
  }) as Query;
}

/** What {@link drizzleClientOf} gives. */
export interface DrizzleClient {
  /** What Drizzle's driver is given in place of the client: `query` and `transaction`. */
  client: PGlite;
  /**
   * PGlite's own parsers of the types now read as text: a raw query on the client passes them
   * to read timestamps as `Date`s, as node-postgres does on PostgreSQL.
   */
  ownParsers: ParserOptions;
}

/**
 * Installs Drizzle's text parsers on `client` and returns what Drizzle's driver is given in its
 * place, with PGlite's own parsers of those types for raw queries.
 */
export function drizzleClientOf(client: PGlite): DrizzleClient {
  // Once per client: a second install would take the text parsers for PGlite's own.
  const made = madeFor.get(client);
  if (made) return made;
  const ownParsers: ParserOptions = {};
  for (const type of TEXT_TYPES) {
    const own = client.parsers[type];
    if (own) ownParsers[type] = own;
    client.parsers[type] = asText;
  }
  const run = preparedStatementsOf(client);
  const view = {
    query: queryWithoutCopies(client, run, false),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      // The transaction object is plain (its getters, such as `closed`, stay live through the prototype).
      client.transaction((tx) =>
        callback(Object.create(tx, { query: { value: queryWithoutCopies(tx, run, true) } }) as Transaction),
      ),
  };
  const result = { client: view as unknown as PGlite, ownParsers };
  madeFor.set(client, result);
  return result;
}

const madeFor = new WeakMap<PGlite, DrizzleClient>();
