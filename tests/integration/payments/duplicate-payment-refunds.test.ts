import { eq } from 'drizzle-orm';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import type { Db } from '@/lib/db/client';
import { creditNotes, orders, paymentNotifications, refunds } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { transactionDetails } from '@/lib/admin/transaction-details';
import { getPaymentGateway, type PaymentGateway } from '@/lib/payment-provider/gateway';
import { buildNotificationBody, signNotification } from '@/lib/payment-provider/netopia/notification';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { SANDBOX_POS_SIGNATURE } from '@/lib/payment-provider/sandbox/sandbox';
import { getSandboxKeys } from '@/lib/db/generated-secrets';
import { applyProviderRefund, refundOrder } from '@/lib/payments/refunds';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { noParams } from '../../support/process-database';
import { paidVignetteOrder } from '../../support/purchases';

/*
 * An order paid twice (an earlier attempt paid after all) holds two payments: the invoiced one and a duplicate the
 * provider's signed notification reported. A refund names its payment: the duplicate is given back without a credit
 * note and leaves the order as it is; the invoiced one with a credit note. The provider's credit notifications are
 * booked on the payment they name.
 */
describeOnProcessDrivers('an order paid twice', (db) => {
  const staffMember = { id: null as unknown as string, username: 'refunder' };
  let plate = 0;

  /** A delivered order, and the second payment of it as the notification handler records it. */
  async function paidTwice(duplicate: string) {
    const orderId = await paidVignetteOrder(db(), { plates: [`B${300 + plate++}DUP`] });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    await db().insert(paymentNotifications).values({
      orderId,
      providerPaymentId: duplicate,
      providerStatus: NETOPIA_STATUS.PAID,
      bodySha512: 'second payment',
      outcome: 'no change: PAID',
    });
    await db().update(orders).set({ needsReview: true }).where(eq(orders.id, orderId));
    return (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
  }
  const creditNotesOf = (orderId: string) =>
    db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  const refundsOfOrder = (database: Db, orderId: string) =>
    database.select().from(refunds).where(eq(refunds.orderId, orderId));

  /** The provider credits whatever it is asked to, and says which payment it was asked about. */
  const asked: string[] = [];
  const crediting: PaymentGateway = {
    ...getPaymentGateway(),
    transport: async (_path, body) => {
      asked.push(String((body as { ntpID?: unknown }).ntpID));
      return {
        status: 200,
        json: { error: { code: '00', message: '' }, payment: { status: NETOPIA_STATUS.CREDIT } },
      };
    },
  };

  it('refunds the duplicate without a credit note, then the invoiced payment with one', async () => {
    const order = await paidTwice('DUP-STAFF-1');
    asked.length = 0;
    // Staff's details say it was paid twice, and what of the second payment may go back.
    const duplicatesShown = async () =>
      (await transactionDetails(db(), order.id, 'VIGNETTE'))!.duplicatePayments;
    expect(await duplicatesShown()).toEqual([
      {
        paymentId: 'DUP-STAFF-1',
        amountRon: order.amountBani,
        refundedRon: 0,
        refundableRon: order.amountBani,
      },
    ]);

    const duplicate = await refundOrder(
      db(),
      staffMember,
      { orderId: order.id, reason: 'paid twice', payment: 'DUPLICATE' },
      crediting,
    );
    expect(asked).toEqual(['DUP-STAFF-1']);
    expect(duplicate.status).toBe('FULFILLED');
    expect(duplicate.refund).toMatchObject({
      status: 'CONFIRMED',
      amountRon: order.amountBani,
      creditNote: null,
    });
    expect(await creditNotesOf(order.id)).toEqual([]);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: 'FULFILLED',
      needsReview: false,
    });
    expect(await duplicatesShown()).toEqual([
      expect.objectContaining({ refundedRon: order.amountBani, refundableRon: 0 }),
    ]);
    // The duplicate is all given back: nothing of it is left.
    await expect(
      refundOrder(db(), staffMember, { orderId: order.id, reason: 'again', payment: 'DUPLICATE' }, crediting),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    // The invoiced payment is still whole: its refund credits it, with a credit note.
    const invoiced = await refundOrder(
      db(),
      staffMember,
      { orderId: order.id, reason: 'cancelled' },
      crediting,
    );
    expect(asked).toEqual(['DUP-STAFF-1', order.providerPaymentId]);
    expect(invoiced.status).toBe('REFUNDED');
    expect(invoiced.refund.creditNote).toMatchObject({ number: expect.any(String) });
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect((await refundsOfOrder(db(), order.id)).map((refund) => refund.providerPaymentId)).toEqual([
      'DUP-STAFF-1',
      null,
    ]);
  });

  it('books the provider’s credit of the duplicate on it, without a credit note, and of the invoiced one with one', async () => {
    const order = await paidTwice('DUP-PROVIDER-1');
    const credit = (paymentId: string) =>
      applyProviderRefund(db(), order.id, {
        status: NETOPIA_STATUS.CREDIT,
        creditedBani: order.amountBani,
        actor: 'provider',
        paymentId,
      });

    expect(await credit('DUP-PROVIDER-1')).toBe(true);
    expect(await creditNotesOf(order.id)).toEqual([]);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: 'FULFILLED',
      needsReview: false,
    });
    // The same notification again changes nothing.
    expect(await credit('DUP-PROVIDER-1')).toBe(false);

    expect(await credit(order.providerPaymentId!)).toBe(true);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('REFUNDED');
    expect(
      (await refundsOfOrder(db(), order.id)).map(({ origin, providerPaymentId, amountBani }) => ({
        origin,
        providerPaymentId,
        amountBani,
      })),
    ).toEqual([
      { origin: 'PROVIDER', providerPaymentId: 'DUP-PROVIDER-1', amountBani: order.amountBani },
      { origin: 'PROVIDER', providerPaymentId: null, amountBani: order.amountBani },
    ]);
  });

  it('refuses a duplicate refund on an order paid once (409)', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['B399DUP'] });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    await expect(
      refundOrder(db(), staffMember, { orderId, reason: 'x', payment: 'DUPLICATE' }, crediting),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await refundsOfOrder(db(), orderId)).toEqual([]);
  });

  it('books the provider’s signed notifications the same way: the second payment, then its credit, then the invoiced one’s', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['B398DUP'] });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const order = (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
    const { privateKeyPem } = await getSandboxKeys(db());
    /** A signed notification, as the provider sends it to the shop's notify route. */
    const deliver = async (fields: { orderId: string; ntpId: string; status: number }) => {
      const body = buildNotificationBody({ ...fields, amountBani: order.amountBani, currency: 'RON' });
      const response = await notify(
        new Request('http://localhost/api/payments/netopia/notify', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'verification-token': await signNotification({
              body,
              privateKeyPem,
              posSignature: SANDBOX_POS_SIGNATURE,
            }),
          },
          body,
        }),
        noParams,
      );
      expect(response.status).toBe(200);
    };
    // An attempt the buyer left for a new one paid after all: a second payment, flagged for staff.
    const earlier = `${order.id}.earlier1`;
    await deliver({ orderId: earlier, ntpId: 'DUP-SIGNED-1', status: NETOPIA_STATUS.PAID });
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({
      status: 'FULFILLED',
      needsReview: true,
    });

    // The provider gives the second payment back (its back-office): booked on it, no credit note.
    await deliver({ orderId: earlier, ntpId: 'DUP-SIGNED-1', status: NETOPIA_STATUS.CREDIT });
    expect(await creditNotesOf(orderId)).toEqual([]);
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({
      status: 'FULFILLED',
      needsReview: false,
    });
    // Sent again, even under the order's own reference: nothing changes.
    await deliver({ orderId: order.id, ntpId: 'DUP-SIGNED-1', status: NETOPIA_STATUS.CREDIT });
    expect(await refundsOfOrder(db(), orderId)).toHaveLength(1);

    // The invoiced payment's credit: its credit note, the order refunded.
    await deliver({ orderId: order.id, ntpId: order.providerPaymentId!, status: NETOPIA_STATUS.CREDIT });
    expect(await creditNotesOf(orderId)).toHaveLength(1);
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('REFUNDED');
    expect((await refundsOfOrder(db(), orderId)).map((refund) => refund.providerPaymentId)).toEqual([
      'DUP-SIGNED-1',
      null,
    ]);
  });
});
