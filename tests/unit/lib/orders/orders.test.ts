import fc from 'fast-check';
import { findOrder, isOrderId, newOrderId } from '@/lib/orders/orders';
import type { Executor } from '@/lib/db/client';

const SEED = 2222;

describe('order ids', () => {
  it('every id the shop makes has the shape isOrderId accepts', () => {
    for (let index = 0; index < 200; index++) expect(isOrderId(newOrderId())).toBe(true);
  });

  it('refuses any other length or character, so that no such text ever reaches a query', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (id) => {
        expect(isOrderId(id)).toBe(/^[A-Za-z0-9_-]{22}$/.test(id));
      }),
      { seed: SEED, numRuns: 1000 },
    );
    for (const id of [
      '\u0000'.repeat(22),
      `${'A'.repeat(21)}\u0000`,
      `${'A'.repeat(21)}%`,
      'A'.repeat(23),
      '../../etc/passwd',
    ])
      expect(isOrderId(id)).toBe(false);
  });

  it('findOrder answers "no such order" for an id that cannot be one without asking the database', async () => {
    const database = new Proxy({} as Executor, {
      get() {
        throw new Error('the database was asked');
      },
    });
    for (const id of ['\u0000', '%ZZ', '\uD800', 'A'.repeat(10_000), ''])
      await expect(findOrder(database, id)).resolves.toBeUndefined();
  });
});
