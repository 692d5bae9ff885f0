/**
 * Statements built once per database, with placeholders (`sql.placeholder`) for their values,
 * and run with each call's values. Drizzle's query building is a large share of a short
 * request's work on the main thread; a statement a request makes every time (a sign-in's) pays it
 * once. On PostgreSQL the statement is also prepared once per connection, under its name.
 */
import type { Database } from './database.js';

/** What Drizzle's `prepare(name)` gives. */
interface PreparedStatement<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** What a prebuilt statement is built on: the database or a transaction. */
type Executor = Pick<Database, 'select'>;

/**
 * A statement named `name` (at most 63 characters, unique in the server), built by `build` the
 * first time it runs on each database or transaction; run it with the values of its placeholders.
 */
export function prebuilt<Values extends Record<string, unknown>, Result, On extends Executor = Database>(
  name: string,
  build: (db: On) => { prepare(name: string): PreparedStatement<Result> },
): (db: On, values: Values) => Promise<Result> {
  const built = new WeakMap<On, PreparedStatement<Result>>();
  return (db, values) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db).prepare(name);
      built.set(db, statement);
    }
    return statement.execute(values);
  };
}
