import 'server-only';

import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * The statements every purchase sends, built once per process instead of once per request: drizzle builds a query's
 * SQL by walking its parts (tens of microseconds for a row of the orders, more than the round trip to a local server
 * costs the process), and a named statement is parsed and planned by PostgreSQL once per connection. The values are
 * `sql.placeholder(...)`s, given at each execution (docs/decisions/0030-purchase-statements-prepared.md).
 *
 * A built statement is bound to the connection it was built on (drizzle's prepared query holds its driver client):
 * run on another executor (a transaction, whose connection is its own, or another database of the same driver), it
 * is the same statement with that executor's client. One cache per driver: a node-postgres statement never runs
 * on PGlite.
 */
interface BoundStatement {
  client: unknown;
}

const byDriver = new WeakMap<object, Map<string, BoundStatement>>();

/** The driver session under a database or a transaction (drizzle's `PgDatabase#session`). */
const sessionOf = (executor: Executor) => (executor as unknown as { session: { client: unknown } }).session;

/**
 * The statement `name` as `build` makes it (ending in `.prepare(name)`), built once per process and driver, run on
 * `executor`'s connection; `name` is the statement's name on the server too, one per distinct SQL text.
 */
export function preparedStatement<T extends object>(
  executor: Executor,
  name: string,
  build: (executor: Executor) => T,
): T {
  const session = sessionOf(executor);
  const driver = Object.getPrototypeOf(session) as object;
  let statements = byDriver.get(driver);
  if (!statements) {
    statements = new Map();
    byDriver.set(driver, statements);
  }
  let statement = statements.get(name) as (T & BoundStatement) | undefined;
  if (!statement) {
    statement = build(executor) as T & BoundStatement;
    statements.set(name, statement);
  }
  if (statement.client === session.client) return statement;
  return Object.assign(Object.create(Object.getPrototypeOf(statement) as object) as T, statement, {
    client: session.client,
  });
}

/** A statement drizzle cannot build (a data-modifying `with` of raw SQL): its rows as the driver answers them. */
export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
}

interface RawPreparing {
  dialect: { sqlToQuery(query: SQL): unknown };
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): object };
}

/**
 * The raw SQL `build` makes, with `sql.placeholder(...)` values, prepared once per process and driver as the
 * statement `name` (as {@link preparedStatement}): what `executor.execute(sql)` runs, without building its text and
 * parsing it again on every call.
 */
export function preparedSql<Row>(executor: Executor, name: string, build: () => SQL): PreparedSql<Row> {
  return preparedStatement(executor, name, (on) => {
    const { dialect, session } = on as unknown as RawPreparing;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
  }) as unknown as PreparedSql<Row>;
}
