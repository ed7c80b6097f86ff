import { DateTime } from 'luxon';
import { count, eq } from 'drizzle-orm';
import { POST as postOrder } from '@/app/api/nmps/orders/order/route';
import { orders, outbox } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { getPaymentGateway } from '@/lib/payment-provider/gateway';
import { startPaymentBody } from '@/lib/payment-provider/netopia/client';
import { reconcilePendingOrders } from '@/lib/payments/reconciler';
import {
  SANDBOX_POS_SIGNATURE,
  sandboxPay,
  sandboxSite,
  sandboxStart,
} from '@/lib/payment-provider/sandbox/sandbox';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';

const day = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;

describe("the sandbox provider's contract and the reconciler", () => {
  let env: Awaited<ReturnType<typeof useProcessDatabase>>;
  beforeAll(async () => {
    env = await useProcessDatabase();
  });
  afterAll(async () => env.cleanup());
  const db = () => env.database.db;

  const start = (orderId: string, amountBani: number) =>
    sandboxStart(
      db(),
      startPaymentBody({
        posSignature: SANDBOX_POS_SIGNATURE,
        orderId,
        amountBani,
        description: 'test',
        email: 'a@b.ro',
        language: 'ro',
        // The shop's own addresses, whatever SITE_URL and PORT the suite runs with: the sandbox refuses others.
        notifyUrl: getPaymentGateway().notifyUrl,
        redirectUrl: getPaymentGateway().returnUrl(orderId),
        createdAt: new Date(),
      }),
      sandboxSite(),
    );

  it('answers a reused order id with error 56, and the same id with another amount with 99, as Netopia does', async () => {
    const first = await start('sandbox-contract-1', 1000);
    expect(first.json).toMatchObject({
      error: { code: '101' },
      payment: { status: 1, paymentURL: expect.stringContaining('/sandbox-pay/') },
    });
    expect((await start('sandbox-contract-1', 1000)).json).toMatchObject({ error: { code: '56' } });
    expect((await start('sandbox-contract-1', 2000)).json).toMatchObject({ error: { code: '99' } });
  });

  it('refuses a start with another POS signature', async () => {
    const answer = await sandboxStart(db(), { config: {}, order: { posSignature: 'x' } }, sandboxSite());
    expect(answer.status).toBeGreaterThanOrEqual(400);
  });

  it('settles a paid order whose notification never arrived, by asking the provider after the form expired', async () => {
    const response = await postOrder(
      jsonRequest('/api/nmps/orders/order', {
        body: {
          items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate: 'HD45XYZ', country: 'RO' }],
          email: 'late@example.ro',
          locale: 'en',
          acceptTerms: true,
        },
      }),
      noParams,
    );
    const { orderId } = await response.json();
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    await sandboxPay(db(), {
      ntpId: order!.providerPaymentId!,
      cardNumber: '9900004810225098',
      cvv: '111',
      expiry: '12/30',
    });
    // No notification is delivered. Before the form's expiry (plus a grace minute) nothing is asked.
    expect(await reconcilePendingOrders(db(), getPaymentGateway(), new Date())).toBe(0);
    const later = new Date(order!.paymentExpiresAt!.getTime() + 2 * 60_000);
    expect(await reconcilePendingOrders(db(), getPaymentGateway(), later)).toBe(1);
    const [settled] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(settled!.status).toBe('PAID');

    // Issuing twice still gives one confirmation e-mail in the outbox.
    await fulfilPaidOrders(db(), sandboxDeliverers);
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const [mail] = await db().select({ n: count() }).from(outbox).where(eq(outbox.orderId, orderId));
    expect(Number(mail!.n)).toBe(1);
  });
});
