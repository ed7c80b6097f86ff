import { eq, sql } from 'drizzle-orm';
import { orders, refunds, sandboxPayments } from '@/lib/db/schema';
import { BACKLOG_KINDS } from '@/lib/metrics-endpoint/scrape';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { sandboxAnswersAtOnce } from '../../support/efactura-sandbox';
import { sampleValue, scrape } from '../../support/metrics';
import { paidVignetteOrder, placeVignetteOrder } from '../../support/purchases';

/*
 * `shop_job_backlog{kind}` and `shop_job_backlog_oldest_age_seconds{kind}` through GET /api/metrics, on PGlite and
 * PostgreSQL: each kind of work counts what its job has still to do, and how long the oldest of it has waited.
 */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

type Backlog = (kind: string) => { n: number; oldest: number };

/** `kind` has `added` more waiting than `before`, the oldest for `fromSeconds` up to a minute more. */
function expectWaiting(now: Backlog, before: Backlog, kind: string, added: number, fromSeconds: number) {
  expect(now(kind).n).toBe(before(kind).n + added);
  expect(now(kind).oldest).toBeGreaterThanOrEqual(fromSeconds);
  expect(now(kind).oldest).toBeLessThan(fromSeconds + 60);
}

describeOnProcessDrivers('job backlog metrics', (db) => {
  sandboxAnswersAtOnce();

  const backlog = async (): Promise<Backlog> => {
    const families = await scrape();
    return (kind: string) => ({
      n: sampleValue(families, 'shop_job_backlog', { kind }),
      oldest: sampleValue(families, 'shop_job_backlog_oldest_age_seconds', { kind }),
    });
  };

  it('report every kind, nothing waiting in a new shop', async () => {
    const now = await backlog();
    for (const kind of BACKLOG_KINDS) expect(now(kind)).toEqual({ n: 0, oldest: 0 });
  });

  it('follow a purchase: paid waits for fulfilment and e-Factura, delivered for the mail', async () => {
    const before = await backlog();
    const orderId = await paidVignetteOrder(db(), { plates: ['CJ01JOB', 'CJ02JOB'] });
    // Paid a while ago: the wait runs from the PAID event.
    await db().execute(
      sql`update order_events set created_at = ${minutesAgo(3).toISOString()}
          where order_id = ${orderId} and to_status = 'PAID'`,
    );
    const paid = await backlog();
    expectWaiting(paid, before, 'fulfilment', 2, 179);
    expect(paid('efactura').n).toBe(before('efactura').n + 1);
    expect(paid('mail').n).toBe(before('mail').n);

    await fulfilPaidOrders(db(), sandboxDeliverers);
    const delivered = await backlog();
    expect(delivered('fulfilment')).toEqual({ n: 0, oldest: 0 });
    expect(delivered('mail').n).toBe(before('mail').n + 1);
    expect(delivered('mail').oldest).toBeGreaterThanOrEqual(0);
  });

  it('count the payments and refunds the reconciler must ask about, once due, waiting since they became due', async () => {
    const before = await backlog();
    const pendingId = await placeVignetteOrder({ plates: ['CJ03JOB'] });
    expect((await backlog())('payments').n).toBe(before('payments').n);
    // Its form expired 10 minutes ago: due for the reconciler a minute later.
    await db()
      .update(orders)
      .set({ paymentExpiresAt: minutesAgo(10) })
      .where(eq(orders.id, pendingId));
    expectWaiting(await backlog(), before, 'payments', 1, 539);

    const asked = await paidVignetteOrder(db(), { plates: ['CJ04JOB'] });
    const justAsked = await paidVignetteOrder(db(), { plates: ['CJ06JOB'] });
    const refund = (orderId: string, minutes: number) => ({
      orderId,
      amountBani: 100,
      reason: 'test',
      origin: 'STAFF' as const,
      previousStatus: 'PAID' as const,
      requestedBy: 'admin',
      createdAt: minutesAgo(minutes),
    });
    // The provider has two minutes to answer before the reconciler asks: the refund of a minute ago is not due yet.
    await db()
      .insert(refunds)
      .values([refund(asked, 5), refund(justAsked, 1)]);
    expectWaiting(await backlog(), before, 'refunds', 1, 179);
  });

  it("count the sandbox provider's notifications not delivered, from their due time", async () => {
    const before = await backlog();
    const orderId = await paidVignetteOrder(db(), { plates: ['CJ05JOB'] });
    await db()
      .update(sandboxPayments)
      .set({ notifiedAt: null, notifyNextAt: new Date(Date.now() - 30_000) })
      .where(eq(sandboxPayments.orderId, orderId));
    expectWaiting(await backlog(), before, 'sandbox-notifications', 1, 29);
  });
});
