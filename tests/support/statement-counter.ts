import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type Method = (this: unknown, ...args: unknown[]) => Promise<unknown>;
type Methods = Record<string, Method>;

const textOf = (query: unknown) =>
  typeof query === 'string' ? query : String((query as { text?: string } | null)?.text ?? query);

/**
 * Counts the SQL statements the process sends to its database while `run` runs, with their text: every
 * `pg.Client#query` on PostgreSQL (BEGIN and COMMIT included), every query and exec on PGlite and the BEGIN and COMMIT
 * its transactions send themselves. What one request costs the database in round trips, whichever driver serves it.
 */
export async function countStatements<T>(
  run: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const restore: (() => void)[] = [];
  const wrap = (target: Methods, method: string, wrapper: (original: Method) => Method) => {
    const original = target[method]!;
    target[method] = wrapper(original);
    restore.push(() => {
      target[method] = original;
    });
  };
  const counting = (original: Method): Method =>
    function (this: unknown, ...args) {
      statements.push(textOf(args[0]));
      return original.apply(this, args);
    };
  const pglite = PGlite.prototype as unknown as Methods;
  wrap(pg.Client.prototype as unknown as Methods, 'query', counting);
  wrap(pglite, 'query', counting);
  wrap(pglite, 'exec', counting);
  wrap(
    pglite,
    'transaction',
    (original) =>
      async function (this: unknown, ...args) {
        const body = args[0] as (tx: Methods) => Promise<unknown>;
        statements.push('BEGIN');
        const result = await original.call(this, (tx: Methods) =>
          body(
            new Proxy(tx, {
              get: (target, key, receiver) =>
                key === 'query' || key === 'exec'
                  ? counting(target[key]!.bind(target))
                  : Reflect.get(target, key, receiver),
            }),
          ),
        );
        statements.push('COMMIT');
        return result;
      },
  );
  try {
    return { result: await run(), statements };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}
