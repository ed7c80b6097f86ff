import { and, eq } from 'drizzle-orm';
import { PATCH as correctItem } from '@/app/api/admin/payment/item/route';
import { POST as retry } from '@/app/api/admin/payment/retry/route';
import { auditLog, orderEvents, orderItems, orders } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { describeOnProcessDrivers, staff } from '../admin/admin-fixtures';
import { jsonRequest, noParams } from '../../support/process-database';
import { paidTopUpOrder, paidVignetteOrder } from '../../support/purchases';

/*
 * A buyer mistyped the number of a top-up, so its delivery failed: the call centre corrects the number as a plate is
 * corrected, and staff's retry tops up the right number, under a new key.
 */

describeOnProcessDrivers('correcting the number of a failed top-up', (db) => {
  let operator: string;
  let reader: string;

  beforeAll(async () => {
    operator = (await staff(db(), 'phone-operator', 'OPERATOR')).token;
    reader = (await staff(db(), 'phone-reader', 'PHONE_READER', ['PAYMENT_READ'])).token;
  });

  const patch = (token: string, body: object) =>
    correctItem(
      jsonRequest('/api/admin/payment/item', {
        method: 'PATCH',
        body,
        headers: { authorization: `Bearer ${token}` },
      }),
      noParams,
    );
  const itemOf = async (orderId: string) =>
    (await db().select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!;

  /** A top-up to a number the sandbox refuses as invalid: FULFILLMENT_FAILED at once. */
  async function failedTopUp() {
    const orderId = await paidTopUpOrder(db(), {
      operatorId: 'orange',
      productId: 'orange-10',
      phone: '0799 980 001',
    });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('FULFILLMENT_FAILED');
    return orderId;
  }

  it('lets an operator correct the number, then the retry tops up the new one', async () => {
    const orderId = await failedTopUp();
    const before = await itemOf(orderId);
    const response = await patch(operator, { orderId, itemId: before.id, phone: '0722 123 456' });
    expect(response.status).toBe(200);
    expect((await response.json()).item).toMatchObject({
      phone: '+40722123456',
      revision: before.revision + 1,
    });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.phone).toBe('+40722123456');
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.find((event) => event.code === 'item.phoneCorrected')?.params).toEqual({
      position: 0,
      from: '+40799980001',
      to: '+40722123456',
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, orderId), eq(auditLog.action, 'payment.correctPhone')));
    expect(audit).toBeDefined();

    const retried = await retry(
      jsonRequest('/api/admin/payment/retry', {
        body: { id: orderId },
        headers: { authorization: `Bearer ${operator}` },
      }),
      noParams,
    );
    expect(retried.status).toBe(200);
    expect((await retried.json()).status).toBe('FULFILLED');
    const delivered = await itemOf(orderId);
    expect(delivered.phone).toBe('+40722123456');
    expect(delivered.issuedId).not.toBeNull();

    // Delivered now: its credit is on that number, which cannot be moved any more.
    const late = await patch(operator, { orderId, itemId: delivered.id, phone: '0733 000 111' });
    expect(late.status).toBe(409);
  });

  it('refuses the same number, a landline, a vignette, and a role without the call centre’s authority', async () => {
    const orderId = await failedTopUp();
    const item = await itemOf(orderId);
    const same = await patch(operator, { orderId, itemId: item.id, phone: '0799 980 001' });
    expect(same.status).toBe(422);
    expect((await same.json()).error.issues).toEqual([
      expect.objectContaining({ path: 'phone', code: 'phoneUnchanged' }),
    ]);
    const landline = await patch(operator, { orderId, itemId: item.id, phone: '021 123 4567' });
    expect(landline.status).toBe(422);
    expect((await landline.json()).error.issues[0]).toMatchObject({ path: 'phone', code: 'phoneNotMobile' });
    const mixed = await patch(operator, {
      orderId,
      itemId: item.id,
      phone: '0722 123 456',
      plate: 'B123ABC',
    });
    expect(mixed.status).toBe(422);
    expect((await patch(reader, { orderId, itemId: item.id, phone: '0722 123 456' })).status).toBe(403);

    const vignetteId = await paidVignetteOrder(db(), { plates: ['B77PHN'] });
    const vignetteItem = await itemOf(vignetteId);
    expect(
      (await patch(operator, { orderId: vignetteId, itemId: vignetteItem.id, phone: '0722 123 456' })).status,
    ).toBe(409);
    expect((await itemOf(orderId)).phone).toBe('+40799980001');
  });
});
