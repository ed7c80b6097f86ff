import { eq } from 'drizzle-orm';
import { orders } from '@/lib/db/schema';
import type { PaymentGateway } from '@/lib/payment-provider/gateway';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { reconcilePendingOrders } from '@/lib/payments/reconciler';
import { describeOnProcessDrivers, insertOrder, vignette } from '../admin/admin-fixtures';

/*
 * The reconciler asks the provider about an order whose notification never came: like the
 * notification, a "paid" of another amount or currency pays nothing and is flagged for review.
 */
const gatewayAnswering = (payment: {
  status: number;
  amount?: number;
  currency?: string;
}): PaymentGateway => ({
  kind: 'netopia',
  posSignature: 'TEST-POS',
  transport: async () => ({ status: 200, json: { payment, error: { code: '00', message: '' } } }),
  publicKeyPem: async () => '',
  notifyUrl: 'https://shop.example/api/payments/netopia/notify',
  returnUrl: (orderId) => `https://shop.example/api/payments/return?orderId=${orderId}`,
  formLifetimeSeconds: 900,
});

describeOnProcessDrivers('the reconciler', (db) => {
  async function staleOrder() {
    const id = await insertOrder(db(), {
      kind: 'VIGNETTE',
      status: 'PENDING_PAYMENT',
      email: 'late@example.ro',
      createdAt: new Date(Date.now() - 3600_000).toISOString(),
      amountBani: 8850,
      items: [vignette('CAR', 'WEEK', 'B123ABC', 8850)],
    });
    await db()
      .update(orders)
      .set({
        providerPaymentId: `ntp-${id}`,
        paymentUrl: `https://secure.example/pay/ntp-${id}`,
        paymentExpiresAt: new Date(Date.now() - 10 * 60_000),
      })
      .where(eq(orders.id, id));
    return id;
  }
  const read = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  it.each([
    ['another amount', { amount: 1, currency: 'RON' }],
    ['another currency', { amount: 88.5, currency: 'EUR' }],
    ['no amount at all', {}],
  ])('does not pay an order the provider reports paid with %s', async (_case, money) => {
    const id = await staleOrder();
    await reconcilePendingOrders(db(), gatewayAnswering({ status: NETOPIA_STATUS.PAID, ...money }));
    const order = await read(id);
    expect(order.status).toBe('PENDING_PAYMENT');
    expect(order.needsReview).toBe(true);
  });

  it('pays an order the provider reports paid with its own amount and currency', async () => {
    const id = await staleOrder();
    expect(
      await reconcilePendingOrders(
        db(),
        gatewayAnswering({ status: NETOPIA_STATUS.PAID, amount: 88.5, currency: 'RON' }),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect((await read(id)).status).toBe('PAID');
  });
});
