/**
 * Drizzle's statements on PGlite in one exchange each, from statements prepared once.
 *
 * PGlite's own `query` sends a statement's protocol messages one call into the database at a time
 * (parse, describe, bind, describe, execute, sync: six), and parses and analyses the text again
 * each time. Every call into the database has a fixed cost on the main thread, the thread that
 * also answers requests, so a password sign-in's two statements cost about as much as the rest of
 * the request together. Here each distinct statement text is parsed once into a named prepared
 * statement (one exchange: parse, describe, sync), and each run of it is one exchange: bind,
 * describe, execute, sync. Values are serialized for the parameter types the database reported,
 * with the client's own serializers, and results parsed with its own parsers, as `query` does.
 *
 * The same locks as `query`: a statement outside a transaction waits for any transaction to end,
 * and every exchange holds the query lock. Prepared statements belong to the one PGlite session,
 * which lives as long as the client; past a capacity the least recently used are closed.
 */
import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/** How many prepared statements are kept by default (signet's statement texts number in the hundreds). */
const CAPACITY = 512;

/** A prepared statement: its name and the types of its parameters. */
interface Prepared {
  name: string;
  parameterTypes: number[];
}

/** Runs one statement with its parameters, returning what PGlite's `query` would. */
export type RunPrepared = (
  sql: string,
  params: readonly unknown[] | undefined,
  options: QueryOptions,
  inTransaction: boolean,
) => Promise<Results>;

/**
 * The statement runner of `client`, with its cache of prepared statements; past `capacity` of
 * them, the least recently used are closed.
 */
export function preparedStatementsOf(client: PGlite, { capacity = CAPACITY } = {}): RunPrepared {
  const prepared = new Map<string, Prepared>();
  /** Names evicted from the cache, closed with the next exchange outside a transaction. */
  let toClose: string[] = [];
  let counter = 0;

  const exchange = (parts: Uint8Array[]) => client.execProtocolStream(concat(parts), { syncToFs: false });

  async function prepare(sql: string, inTransaction: boolean): Promise<Prepared> {
    const name = `signet_${(counter++).toString(36)}`;
    const parts: Uint8Array[] = [];
    // Closed first: after an error the database skips the rest of an exchange.
    if (!inTransaction && toClose.length > 0) {
      for (const old of toClose) parts.push(protocol.serialize.close({ type: 'S', name: old }));
      toClose = [];
    }
    parts.push(
      protocol.serialize.parse({ name, text: sql }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    const messages = await exchange(parts);
    const made = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(sql, made);
    if (prepared.size > capacity) {
      const [oldest] = prepared;
      if (oldest) {
        prepared.delete(oldest[0]);
        toClose.push(oldest[1].name);
      }
    }
    return made;
  }

  async function run(
    sql: string,
    params: readonly unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<Results> {
    try {
      return await runOnce(sql, params, options, inTransaction);
    } catch (error) {
      // A statement gone from the session (DEALLOCATE) or made stale by a schema change is
      // prepared afresh once, as PGlite's own `query` would have parsed it anew; not inside a
      // transaction, which the error has aborted.
      if (inTransaction || !isStale(error) || !prepared.delete(sql)) throw error;
      return runOnce(sql, params, options, inTransaction);
    }
  }

  async function runOnce(
    sql: string,
    params: readonly unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ) {
    let statement = prepared.get(sql);
    if (statement) {
      // Most recently used last: the map's order is the eviction order.
      prepared.delete(sql);
      prepared.set(sql, statement);
    } else {
      statement = await prepare(sql, inTransaction);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = client.serializers[statement.parameterTypes[i] ?? 0];
      return serialize ? serialize(param) : String(param);
    });
    const messages = await exchange([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results;
  }

  return (sql, params, options, inTransaction) => {
    const exclusive = () => client._runExclusiveQuery(() => run(sql, params ?? [], options, inTransaction));
    // Outside a transaction, wait for any transaction to end, as `query` does.
    return inTransaction ? exclusive() : client._runExclusiveTransaction(exclusive);
  };
}

/** True for the errors of a prepared statement that no longer exists or no longer fits the schema. */
function isStale(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '26000' || (code === '0A000' && /cached plan/.test(String((error as Error).message)));
}

/** The protocol messages of one exchange, in one buffer. */
function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const buffer = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    buffer.set(part, offset);
    offset += part.length;
  }
  return buffer;
}
