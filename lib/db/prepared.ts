import 'server-only';

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
