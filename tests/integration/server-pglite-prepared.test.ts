/**
 * Drizzle's statements on PGlite run as prepared statements, one exchange with the database each
 * once prepared (db/pglite-prepared.ts). They must read and write exactly what PGlite's own
 * `query` does, for every kind of value signet stores; report the same errors and go on working
 * after them; never run inside another caller's open transaction; keep at most their capacity of
 * statements in the session; and recover when a statement was dropped under them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '../../server/node_modules/@electric-sql/pglite/dist/index.js';
import { eq, sql } from '../../server/node_modules/drizzle-orm/index.js';
import {
  bigint,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from '../../server/node_modules/drizzle-orm/pg-core/index.js';
import { drizzle } from '../../server/node_modules/drizzle-orm/pglite/index.js';
import { drizzleClientOf } from '../../server/src/db/pglite-drizzle-client.js';
import { preparedStatementsOf } from '../../server/src/db/pglite-prepared.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const things = pgTable('things', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique(),
  flag: boolean('flag').notNull(),
  count: integer('count'),
  big: bigint('big', { mode: 'number' }),
  data: jsonb('data'),
  tags: text('tags').array(),
  secret: bytea('secret'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
});

const ROWS = [
  {
    id: '0b5c2e64-9a0f-4f8e-8d1c-6a2b3c4d5e6f',
    name: 'plain',
    flag: true,
    count: 7,
    big: 9_007_199_254_740_000,
    data: { nested: { list: [1, 'two', null] }, quote: 'it\'s "quoted"' },
    tags: ['a', 'b c', 'd,e', 'f"g', 'h\\i'],
    secret: Buffer.from([0, 1, 2, 254, 255]),
    at: new Date('2026-11-26T12:34:56.789Z'),
  },
  {
    id: '1c6d3f75-ab10-4a9f-9e2d-7b3c4d5e6f70',
    name: 'nulls',
    flag: false,
    count: null,
    big: null,
    data: null,
    tags: null,
    secret: null,
    at: null,
  },
  {
    id: '2d7e4086-bc21-4ba0-8f3e-8c4d5e6f7081',
    name: `long ${'x'.repeat(70_000)} émoji 🙂 and a string that looks like JSON: {"a":1}`,
    flag: true,
    count: -1,
    big: 0,
    data: 'a bare JSON string',
    tags: [],
    secret: Buffer.alloc(0),
    at: new Date(0),
  },
];

const CREATE = `CREATE TABLE things (
  id uuid PRIMARY KEY, name text NOT NULL UNIQUE, flag boolean NOT NULL, count integer, big bigint,
  data jsonb, tags text[], secret bytea, at timestamptz)`;

/** The SQLSTATE `query` failed with (Drizzle wraps the database's error), or undefined. */
const codeOf = (query: PromiseLike<unknown>) =>
  Promise.resolve(query).then(
    () => undefined,
    (error: { cause?: { code?: string } }) => error.cause?.code,
  );

let own: PGlite;
let fast: PGlite;
/** How many exchanges `fast` had with its database since the last reset. */
let exchanges = 0;

beforeAll(async () => {
  [own, fast] = await Promise.all([PGlite.create(), PGlite.create()]);
  await Promise.all([own.exec(CREATE), fast.exec(CREATE)]);
  const stream = fast.execProtocolStream.bind(fast);
  fast.execProtocolStream = ((...args: Parameters<PGlite['execProtocolStream']>) => {
    exchanges++;
    return stream(...args);
  }) as PGlite['execProtocolStream'];
});

afterAll(async () => {
  await Promise.all([own?.close(), fast?.close()]);
});

describe('Drizzle on PGlite through prepared statements', () => {
  it("writes and reads every kind of value exactly as PGlite's own query does", async () => {
    const reference = drizzle({ client: own });
    const db = drizzle({ client: drizzleClientOf(fast).client });
    for (const row of ROWS) {
      await reference.insert(things).values(row);
      await db.insert(things).values(row);
    }
    const expected = await reference.select().from(things).orderBy(things.name);
    expect(expected.map((row) => row.name)).toEqual(ROWS.map((row) => row.name).sort());
    // What the prepared path wrote, read back by PGlite's own query, and by the prepared path.
    expect(await drizzle({ client: fast }).select().from(things).orderBy(things.name)).toEqual(expected);
    expect(await db.select().from(things).orderBy(things.name)).toEqual(expected);
    const bare = sql`select ${'text'} as word, ${42} as n, ${true} as yes, ${null} as nothing`;
    expect((await db.execute(bare)).rows).toEqual((await reference.execute(bare)).rows);
  });

  it('takes one exchange per statement once prepared, two the first time', async () => {
    const db = drizzle({ client: drizzleClientOf(fast).client });
    const byName = (name: string) => db.select({ id: things.id }).from(things).where(eq(things.name, name));
    exchanges = 0;
    await byName('nobody at all');
    expect(exchanges).toBe(2);
    exchanges = 0;
    expect(await byName('plain')).toEqual([{ id: ROWS[0]!.id }]);
    expect(await byName('nulls')).toEqual([{ id: ROWS[1]!.id }]);
    expect(exchanges).toBe(2);
  });

  it('reports errors with their codes, and the next statement works', async () => {
    const db = drizzle({ client: drizzleClientOf(fast).client });
    expect(
      await codeOf(db.insert(things).values({ ...ROWS[1]!, id: '3e8f5197-cd32-4cb1-9f4f-9d5e6f708192' })),
    ).toBe('23505');
    expect(await codeOf(db.select().from(things).where(eq(things.id, 'not-a-uuid')))).toBe('22P02');
    expect(await codeOf(db.select().from(things).where(eq(things.name, 'a\u0000b')))).toBe('22021');
    expect(await db.select({ id: things.id }).from(things).where(eq(things.name, 'nulls'))).toEqual([
      { id: ROWS[1]!.id },
    ]);
    // A lone surrogate is sent as PGlite's own query sends it.
    const lone = sql`select ${'\ud800'}::text as word`;
    expect((await db.execute(lone)).rows).toEqual((await drizzle({ client: own }).execute(lone)).rows);
  });

  it("never runs inside another caller's open transaction", async () => {
    const db = drizzle({ client: drizzleClientOf(fast).client });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertedInside = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const rolledBack = db
      .transaction(async (tx) => {
        await tx
          .insert(things)
          .values({ ...ROWS[1]!, id: '4f906208-de43-4dc2-8a50-ae6f708192a3', name: 'inside' });
        inserted();
        await gate;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await insertedInside;
    // Issued while the transaction is open: it must wait for it, and outlive its rollback.
    const outside = db
      .insert(things)
      .values({ ...ROWS[1]!, id: '5fa17319-ef54-4ed3-9b61-bf708192a3b4', name: 'outside' })
      .execute();
    let outsideDone = false;
    void outside.then(() => {
      outsideDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    release();
    expect(await rolledBack).toBe('roll back');
    await outside;
    const names = (await db.select({ name: things.name }).from(things)).map((row) => row.name);
    expect(names).toContain('outside');
    expect(names).not.toContain('inside');
  });

  it('keeps at most its capacity of statements in the session, and re-prepares evicted ones', async () => {
    const client = await PGlite.create();
    try {
      const run = preparedStatementsOf(client, { capacity: 4 });
      const open = async () =>
        Number(
          (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
            .rows[0]!.n,
        );
      for (let i = 0; i < 12; i++) {
        const { rows } = await run(`select $1::int + ${i} as n`, [1], { rowMode: 'object' }, false);
        expect(rows).toEqual([{ n: 1 + i }]);
      }
      // The evicted are closed with the next preparation: at most one beyond the capacity.
      expect(await open()).toBeLessThanOrEqual(5);
      expect((await run('select $1::int + 0 as n', [5], { rowMode: 'object' }, false)).rows).toEqual([
        { n: 5 },
      ]);
      // Dropped under it: prepared afresh, not an error.
      await client.exec('DEALLOCATE ALL');
      expect((await run('select $1::int + 0 as n', [6], { rowMode: 'object' }, false)).rows).toEqual([
        { n: 6 },
      ]);
    } finally {
      await client.close();
    }
  });
});
