import { eq } from 'drizzle-orm';
import { GET as getInvoice } from '@/app/api/orders/[orderId]/invoice/route';
import { GET as paymentReturn } from '@/app/api/payments/return/route';
import { orderEvents, orders, paymentNotifications, sandboxPayments } from '@/lib/db/schema';
import { documentToken } from '@/lib/orders/document-access';
import { MAX_PAYMENT_ATTEMPTS } from '@/lib/orders/pay-again-rules';
import { deliverSandboxNotifications } from '@/lib/payment-provider/sandbox/sandbox';
import {
  CARDS,
  payOrder,
  placeVignetteOrder,
  toNotifyHandler,
  buyerOrderView,
  payOrderAgain,
} from '../../support/purchases';
import { jsonRequest, useProcessDatabase } from '../../support/process-database';

const params = (orderId: string) => ({ params: Promise.resolve({ orderId }) });

describe('paying a declined or expired order again', () => {
  let env: Awaited<ReturnType<typeof useProcessDatabase>>;
  beforeAll(async () => {
    env = await useProcessDatabase();
  });
  afterAll(async () => env.cleanup());
  const db = () => env.database.db;
  const orderRow = async (orderId: string) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const payAgain = payOrderAgain;
  const buyerView = buyerOrderView;

  it('keeps the reason of a decline, and pays the same order again under a new reference', async () => {
    const orderId = await placeVignetteOrder({ plates: ['CJ12ABC'] });
    const first = await orderRow(orderId);
    await payOrder(db(), orderId, CARDS.insufficientFunds);

    const declined = await orderRow(orderId);
    expect(declined.status).toBe('FAILED');
    expect(declined.paymentErrorCode).toBe('51');
    expect(await buyerView(orderId)).toMatchObject({
      status: 'FAILED',
      payment: { declineReason: 'insufficientFunds', canPayAgain: true },
    });

    const response = await payAgain(orderId);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ orderId, status: 'PENDING_PAYMENT' });
    expect(answer.paymentUrl).toMatch(/\/sandbox-pay\//);
    expect(answer.paymentUrl).not.toBe(first.paymentUrl);
    const reopened = await orderRow(orderId);
    expect(reopened).toMatchObject({ status: 'PENDING_PAYMENT', paymentAttempts: 2, paymentErrorCode: null });
    expect(reopened.paymentReference).toMatch(new RegExp(`^${orderId}\\.`));

    // A second press while the new form is open answers the same form: one order, one open payment.
    expect((await (await payAgain(orderId)).json()).paymentUrl).toBe(answer.paymentUrl);

    // The declined payment's notification, sent again by the provider, is old news.
    await db()
      .update(sandboxPayments)
      .set({ notifyNextAt: new Date(), notifiedAt: null })
      .where(eq(sandboxPayments.ntpId, first.providerPaymentId!));
    await deliverSandboxNotifications(db(), toNotifyHandler);
    expect((await orderRow(orderId)).status).toBe('PENDING_PAYMENT');
    const outcomes = await db()
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, orderId));
    expect(outcomes.map((row) => row.outcome)).toContain('no change: earlier payment attempt, status 12');

    await payOrder(db(), orderId, CARDS.accepted);
    expect((await orderRow(orderId)).status).toBe('PAID');
    const events = await db()
      .select({ code: orderEvents.code })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId));
    expect(events.map((event) => event.code)).toEqual([
      'order.created',
      'payment.failed',
      'payment.retried',
      'payment.paid',
    ]);

    // Paid: the buyer's invoice with the key of the order's e-mails, and the return leads to the success page.
    const key = await documentToken(db(), orderId);
    const invoice = await getInvoice(jsonRequest(`/api/orders/${orderId}/invoice?t=${key}`), params(orderId));
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await invoice.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const back = await paymentReturn(jsonRequest(`/api/payments/return?orderId=${orderId}`), params(orderId));
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/ro/payment/successful?orderId=${orderId}`);

    // And it cannot be paid again.
    const refused = await payAgain(orderId);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.issues[0].code).toBe('payAgain.PAID');
  });

  it('has no invoice for an order not paid, and sends a declined buyer back to the order page', async () => {
    const orderId = await placeVignetteOrder({ plates: ['B123XYZ'] });
    await payOrder(db(), orderId, CARDS.insufficientFunds);
    const key = await documentToken(db(), orderId);
    const invoice = await getInvoice(jsonRequest(`/api/orders/${orderId}/invoice?t=${key}`), params(orderId));
    expect(invoice.status).toBe(404);
    const back = await paymentReturn(jsonRequest(`/api/payments/return?orderId=${orderId}`), params(orderId));
    expect(back.headers.get('location')).toBe(`/ro/order/${orderId}`);
    const bad = await getInvoice(
      jsonRequest(`/api/orders/${orderId}/invoice?type=receipt&t=${key}`),
      params(orderId),
    );
    expect(bad.status).toBe(422);
  });

  it('refuses to pay again after the hour, and after too many attempts, saying why', async () => {
    const late = await placeVignetteOrder({ plates: ['MS01ABC'] });
    await payOrder(db(), late, CARDS.insufficientFunds);
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(orders.id, late));
    const tooLate = await payAgain(late);
    expect(tooLate.status).toBe(409);
    expect((await tooLate.json()).error.issues[0].code).toBe('payAgain.TOO_LATE');
    expect((await buyerView(late)).payment).toMatchObject({ canPayAgain: false });

    const tried = await placeVignetteOrder({ plates: ['MS02ABC'] });
    await payOrder(db(), tried, CARDS.insufficientFunds);
    await db().update(orders).set({ paymentAttempts: MAX_PAYMENT_ATTEMPTS }).where(eq(orders.id, tried));
    const tooMany = await payAgain(tried);
    expect(tooMany.status).toBe(409);
    expect((await tooMany.json()).error.issues[0].code).toBe('payAgain.TOO_MANY_ATTEMPTS');
    expect((await orderRow(tried)).status).toBe('FAILED');

    expect((await payAgain('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});
