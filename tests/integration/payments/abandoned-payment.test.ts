import { and, eq, sql } from 'drizzle-orm';
import { orderEvents, orders, vignettePrices } from '@/lib/db/schema';
import { invalidateProcessCache } from '@/lib/catalog/process-cache';
import { loadOrder } from '@/lib/orders/order-read';
import { startAgainCart } from '@/lib/orders/start-again';
import { toBuyerOrder } from '@/lib/orders/buyer-order';
import { sandboxPay } from '@/lib/payment-provider/sandbox/sandbox';
import { processDrivers } from '../admin/admin-fixtures';
import { describeForDriver } from '../../support/databases';
import {
  CARDS,
  hungarianDay,
  payOrder,
  placeVignetteOrder,
  buyerOrderView,
  payOrderAgain,
} from '../../support/purchases';

describe.each(processDrivers)(
  'an order whose payment was left, opened by its link, on $name',
  ({ open, available }) => {
    describeForDriver(available)('', () => {
      let env: Awaited<ReturnType<typeof open>>;
      beforeAll(async () => {
        env = await open();
      }, 120_000);
      afterAll(async () => env.cleanup());
      const db = () => env.database.db;
      const orderRow = async (orderId: string) =>
        (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
      /** The buyer closed the card form and its time ran out, before any word from the provider. */
      const leaveTheForm = (orderId: string) =>
        db()
          .update(orders)
          .set({ paymentExpiresAt: new Date(Date.now() - 60_000) })
          .where(eq(orders.id, orderId));
      const eventCodes = async (orderId: string) =>
        (
          await db()
            .select({ code: orderEvents.code })
            .from(orderEvents)
            .where(eq(orderEvents.orderId, orderId))
        ).map((event) => event.code);

      it('waits while the form is open, then offers to pay now, and pays the same order', async () => {
        const orderId = await placeVignetteOrder({ plates: ['CJ12LFT'] });
        expect((await buyerOrderView(orderId)).payment).toBeUndefined();

        await leaveTheForm(orderId);
        expect(await buyerOrderView(orderId)).toMatchObject({
          status: 'PENDING_PAYMENT',
          payment: { declineReason: 'notFinished', canPayAgain: true },
        });

        const first = await orderRow(orderId);
        const response = await payOrderAgain(orderId);
        expect(response.status).toBe(200);
        const answer = await response.json();
        expect(answer).toMatchObject({ orderId, status: 'PENDING_PAYMENT' });
        expect(answer.paymentUrl).not.toBe(first.paymentUrl);
        expect(await orderRow(orderId)).toMatchObject({ status: 'PENDING_PAYMENT', paymentAttempts: 2 });

        await payOrder(db(), orderId, CARDS.accepted);
        expect((await orderRow(orderId)).status).toBe('PAID');
        expect(await eventCodes(orderId)).toEqual([
          'order.created',
          'payment.expired',
          'payment.retried',
          'payment.paid',
        ]);
      });

      it('asks the provider first: a payment made on the left form is applied, never taken twice', async () => {
        const orderId = await placeVignetteOrder({ plates: ['CJ13LFT'] });
        const order = await orderRow(orderId);
        // Paid at the provider; its notification has not come.
        await sandboxPay(db(), {
          ntpId: order.providerPaymentId!,
          cardNumber: CARDS.accepted,
          cvv: '111',
          expiry: '12/30',
        });
        await leaveTheForm(orderId);

        const refused = await payOrderAgain(orderId);
        expect(refused.status).toBe(409);
        expect((await refused.json()).error.issues[0].code).toBe('payAgain.PAID');
        expect(await orderRow(orderId)).toMatchObject({ status: 'PAID', paymentAttempts: 1 });
      });

      it('does not pay an order again at old prices: the buyer starts again with the same vignettes', async () => {
        const orderId = await placeVignetteOrder({ plates: ['CJ14LFT'] });
        await leaveTheForm(orderId);
        const year = Number(hungarianDay(1).slice(0, 4));
        const price = and(
          eq(vignettePrices.categoryCode, 'CAR'),
          eq(vignettePrices.type, 'WEEK'),
          eq(vignettePrices.year, year),
        );
        await db()
          .update(vignettePrices)
          .set({ priceHuf: sql`${vignettePrices.priceHuf} + 1000` })
          .where(price);
        invalidateProcessCache(db());
        try {
          const refused = await payOrderAgain(orderId);
          expect(refused.status).toBe(409);
          expect((await refused.json()).error.issues[0].code).toBe('payAgain.PRICES_CHANGED');
          expect((await orderRow(orderId)).status).toBe('PENDING_PAYMENT');

          // The same vignette, for the same vehicle and days, at today's price.
          const loaded = toBuyerOrder((await loadOrder(db(), orderId))!);
          const [vignette] = loaded.items;
          const cart = await startAgainCart(
            loaded.items.flatMap((item) => (item.kind === 'VIGNETTE' ? [item] : [])),
            new Date(),
          );
          expect(cart).toEqual([
            expect.objectContaining({
              categoryCode: 'CAR',
              type: 'WEEK',
              plate: 'CJ14LFT',
              country: 'RO',
              startDate: hungarianDay(1),
              firstDay: hungarianDay(1),
            }),
          ]);
          expect(vignette?.kind === 'VIGNETTE' && cart[0]!.priceRon).toBeGreaterThan(vignette!.priceBani);
        } finally {
          await db()
            .update(vignettePrices)
            .set({ priceHuf: sql`${vignettePrices.priceHuf} - 1000` })
            .where(price);
          invalidateProcessCache(db());
        }
      });

      it('starts again from today a vignette whose first day has passed', async () => {
        const orderId = await placeVignetteOrder({ plates: ['CJ15LFT'] });
        const loaded = toBuyerOrder((await loadOrder(db(), orderId))!);
        const vignettes = loaded.items.flatMap((item) => (item.kind === 'VIGNETTE' ? [item] : []));
        const cart = await startAgainCart(
          vignettes.map((vignette) => ({ ...vignette, firstDay: hungarianDay(-3) })),
          new Date(),
        );
        expect(cart).toEqual([
          expect.objectContaining({ startDate: hungarianDay(0), firstDay: hungarianDay(0) }),
        ]);
      });
    });
  },
);
