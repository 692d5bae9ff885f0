/**
 * The PGlite client Drizzle is handed: it reads the same rows as Drizzle's own per-query parsers
 * gave (timestamps, dates, intervals and their arrays as Drizzle parses them), in and out of
 * transactions, while PGlite no longer receives a parser table with each of Drizzle's queries
 * (they run as prepared statements); raw queries still read `Date`s, as on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's own PGlite and Drizzle (the workspace root has an older PGlite of its own).
import { PGlite, type QueryOptions } from '../../server/node_modules/@electric-sql/pglite/dist/index.js';
import { sql } from '../../server/node_modules/drizzle-orm/index.js';
import {
  date,
  interval,
  pgTable,
  timestamp,
  uuid,
} from '../../server/node_modules/drizzle-orm/pg-core/index.js';
import { drizzle } from '../../server/node_modules/drizzle-orm/pglite/index.js';
import { openDatabase } from '../../server/src/db/database.js';
import { drizzleClientOf } from '../../server/src/db/pglite-drizzle-client.js';

const moments = pgTable('moments', {
  id: uuid('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }).notNull(),
  plain: timestamp('plain', { mode: 'date' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  span: interval('span').notNull(),
  days: date('days', { mode: 'string' }).array().notNull(),
});

const ROW = {
  id: '0b5c2e64-9a0f-4f8e-8d1c-6a2b3c4d5e6f',
  at: new Date('2026-11-26T12:34:56.789Z'),
  atText: '2026-01-02 03:04:05.678+00',
  plain: new Date('2026-03-04T05:06:07.000Z'),
  day: '2026-02-28',
  span: '1 day 02:03:04',
  days: ['2026-01-01', '2026-12-31'],
};

let client: PGlite;
/** Every options object PGlite's `query` received, for the assertions on what Drizzle sends. */
const received: Array<QueryOptions | undefined> = [];

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`CREATE TABLE moments (
    id uuid PRIMARY KEY, at timestamptz NOT NULL, at_text timestamptz NOT NULL,
    plain timestamp NOT NULL, day date NOT NULL, span interval NOT NULL, days date[] NOT NULL)`);
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    received.push(options);
    return query(text, params, options);
  }) as PGlite['query'];
});

afterAll(async () => {
  await client.close();
});

describe("the PGlite client Drizzle's driver is given", () => {
  it('reads timestamps, dates, intervals and date arrays as Drizzle does with its own parsers', async () => {
    const plainDb = drizzle({ client });
    await plainDb.insert(moments).values(ROW);
    const expected = await plainDb.select().from(moments);
    expect(expected).toEqual([ROW]);

    const db = drizzle({ client: drizzleClientOf(client).client });
    received.length = 0;
    expect(await db.select().from(moments)).toEqual(expected);
    const [raw] = (await db.execute(sql`SELECT at, day, span, days FROM moments`)).rows;
    expect(raw).toEqual({
      at: '2026-11-26 12:34:56.789+00',
      day: ROW.day,
      span: ROW.span,
      days: '{2026-01-01,2026-12-31}',
    });
    // Neither query reached PGlite's `query` with a parser table to merge: both ran as prepared
    // statements (db/pglite-prepared.ts), with the parsers installed on the client.
    expect(received).toEqual([]);
  });

  it('does the same inside a transaction, and a rolled-back one leaves nothing', async () => {
    const db = drizzle({ client: drizzleClientOf(client).client });
    const second = { ...ROW, id: '1c6d3f75-ab10-4a9f-9e2d-7b3c4d5e6f70', at: new Date(0) };
    await db.transaction(async (tx) => {
      await tx.insert(moments).values(second);
      expect(
        await tx.select({ at: moments.at }).from(moments).where(sql`${moments.id} = ${second.id}`),
      ).toEqual([{ at: new Date(0) }]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(moments).values({ ...second, id: '2d7e4086-bc21-4ba0-8f3e-8c4d5e6f7081' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = (await db.select({ id: moments.id }).from(moments)).map((row) => row.id).sort();
    expect(ids).toEqual([ROW.id, second.id].sort());
  });

  it('passes a query with parsers for other types through untouched', async () => {
    const view = drizzleClientOf(client).client;
    const upper = { 25: (value: string) => value.toUpperCase() };
    received.length = 0;
    const { rows } = await view.query<{ word: string }>("SELECT 'quiet'::text AS word", [], {
      rowMode: 'object',
      parsers: upper,
    });
    expect(rows).toEqual([{ word: 'QUIET' }]);
    expect(received).toEqual([{ rowMode: 'object', parsers: upper }]);
  });

  it('leaves raw queries reading Dates, as node-postgres does, and a second install changes nothing', async () => {
    const own = drizzleClientOf(client).ownParsers;
    expect(drizzleClientOf(client).ownParsers).toBe(own);
    const { rows } = await client.query<{ at: unknown }>('SELECT at FROM moments WHERE id = $1', [ROW.id], {
      parsers: own,
    });
    expect(rows).toEqual([{ at: ROW.at }]);

    const database = await openDatabase({ kind: 'pglite' }, () => {});
    try {
      const session = await database.session();
      const [row] = await session.query<{ at: unknown; day: unknown }>(
        "SELECT '2026-11-26T12:34:56.789Z'::timestamptz AS at, '2026-02-28'::date AS day",
      );
      expect(row?.at).toEqual(ROW.at);
      expect(row?.day).toBeInstanceOf(Date);
      await session.release();
    } finally {
      await database.close();
    }
  });
});
