import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orderItems, orders } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import type { CorrectionRequest } from '@/lib/issuers/vignette-issuer';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { correctItem } from '@/lib/orders/staff-actions';
import { describeOnProcessDrivers, staff } from '../admin/admin-fixtures';
import { paidVignetteOrder } from '../../support/purchases';

/** Whether the order's row can be locked right now by another transaction, within `ms`. */
async function orderIsFree(db: Db, orderId: string, ms = 3_000): Promise<boolean> {
  const locked = db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    return true;
  });
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref());
  return Promise.race([locked, timeout]);
}

/*
 * A correction of an issued vignette asks the issuer over the network: never while the order's transaction (its row
 * lock, or PGlite's one connection) is held, and the outcome is recorded after, only if the item is still as it was.
 */
describeOnProcessDrivers('a correction of an issued vignette', (db) => {
  it('asks the issuer with no transaction open, then records what the issuer did', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['MCO1234'], country: 'DE' });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const asked: { request: CorrectionRequest; free: boolean }[] = [];
    const deliverers = {
      ...sandboxDeliverers,
      vignettes: {
        ...sandboxDeliverers.vignettes,
        correct: async (request: CorrectionRequest) => {
          asked.push({ request, free: await orderIsFree(db(), orderId) });
          return sandboxDeliverers.vignettes.correct(request);
        },
      },
    };
    const { user } = await staff(db(), `corrector-${Date.now()}`, 'ADMIN');
    const corrected = await correctItem(
      db(),
      user,
      { orderId, itemId: item!.id, plate: 'MCO1235', country: 'DE' },
      deliverers,
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]!.free).toBe(true);
    expect(asked[0]!.request).toMatchObject({ issuedId: item!.issuedId, to: { plate: 'MCO1235' } });
    expect(corrected.item).toMatchObject({ plate: 'MCO1235', revision: item!.revision + 1 });
  });
});
