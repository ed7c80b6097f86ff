import 'server-only';

import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './client';

/**
 * The statements every purchase sends, built once per process and database instead of once per request: drizzle
 * builds a query's SQL by walking its parts (tens of microseconds for a row of the orders, more than the round trip
 * to a local server costs the process), and a named statement is parsed and planned by PostgreSQL once per
 * connection. The values are `sql.placeholder(...)`s, given at each execution.
 *
 * In a transaction the statement is built for that transaction (it runs on the transaction's connection), as an
 * ordinary query would be: the cache holds only what runs on the database itself.
 */
const byDatabase = new WeakMap<object, Map<string, unknown>>();

/**
 * The statement `name` as `build` makes it on `executor`, built (and prepared, `.prepare(name)`) once per database;
 * `name` is the statement's name on the server too, one per distinct SQL text.
 */
export function preparedStatement<T>(executor: Executor, name: string, build: (executor: Executor) => T): T {
  if (is(executor, PgTransaction)) return build(executor);
  let statements = byDatabase.get(executor);
  if (!statements) {
    statements = new Map();
    byDatabase.set(executor, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(executor as Db);
    statements.set(name, statement);
  }
  return statement;
}
