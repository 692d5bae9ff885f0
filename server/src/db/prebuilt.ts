/**
 * Statements built once per database, with placeholders (`sql.placeholder`) for their values,
 * and run with each call's values. Drizzle's query building is a large share of a short
 * request's work on the main thread; a statement a request makes every time (a sign-in's) pays it
 * once. On PGlite it is also prepared once in the database (db/pglite-prepared.ts); on PostgreSQL
 * it stays unnamed, since a pooler in transaction mode (PgBouncer before 1.21) cannot keep named
 * statements.
 */
import type { Database } from './database.js';

/** What Drizzle's `prepare(name)` gives. */
interface PreparedStatement<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** What a prebuilt statement is built on: the database or a transaction. */
type Executor = Pick<Database, 'select'>;

/**
 * A statement built by `build` the first time it runs on each database or transaction; run it
 * with the values of its placeholders.
 */
export function prebuilt<Values extends Record<string, unknown>, Result, On extends Executor = Database>(
  build: (db: On) => { prepare(name: string): PreparedStatement<Result> },
): (db: On, values: Values) => Promise<Result> {
  const built = new WeakMap<On, PreparedStatement<Result>>();
  return (db, values) => {
    let statement = built.get(db);
    if (!statement) {
      // No name: node-postgres then sends it unnamed (see above).
      statement = build(db).prepare('');
      built.set(db, statement);
    }
    return statement.execute(values);
  };
}
