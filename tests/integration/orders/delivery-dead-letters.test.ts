import { eq } from 'drizzle-orm';
import { POST as retryRoute } from '@/app/api/admin/payment/retry/route';
import { auditLog, orderItems, orders } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { IssueError } from '@/lib/issuers/vignette-issuer';
import { fulfilPaidOrders, MAX_ISSUE_ATTEMPTS } from '@/lib/orders/fulfilment';
import type { Deliverers } from '@/lib/issuers/deliverers';
import { describeOnProcessDrivers, staff } from '../admin/admin-fixtures';
import {
  needsAttention,
  outboxOf,
  postAsStaff,
  refusingMailer,
  shopStatusAs,
  staffAlertsOf,
} from '../../support/dead-letters';
import { sampleValue, scrape } from '../../support/metrics';
import { withEnv } from '../../support/process-database';
import { paidVignetteOrder } from '../../support/purchases';
import { sendDueMail } from '../../support/outbox';

/** The vignette issuer down: every ask fails as a timeout does, to be retried. */
const issuerDown: Deliverers = {
  ...sandboxDeliverers,
  vignettes: {
    ...sandboxDeliverers.vignettes,
    issue: () => Promise.reject(new IssueError('issuer answered 503', true)),
  },
};

/*
 * A delivery that exhausted its retries is a dead letter like an e-mail: kept (the order FULFILLMENT_FAILED with the
 * provider's reason), its order needs attention, staff alerted once, the back-office banner and the metrics count
 * it even when the alert cannot be sent, and staff's retry delivers it once the provider is back.
 */
describeOnProcessDrivers('a delivery that keeps failing', (db) => {
  let admin: string;
  beforeAll(async () => {
    ({ token: admin } = await staff(db(), `deliveries-${Date.now()}`, 'ADMIN'));
  });

  const failedDeliveries = async () => (await shopStatusAs(admin)).failedDeliveries;

  it('is kept, flags its order, alerts staff once, is counted, and is delivered by staff’s retry', async () => {
    await withEnv({ STAFF_ALERT_EMAIL: 'staff@example.ro', MAIL_MAX_ATTEMPTS: '1' }, async () => {
      const before = { banner: await failedDeliveries(), metrics: await scrape() };
      const orderId = await paidVignetteOrder(db(), { plates: ['B789DED'], country: 'DE' });

      // Every attempt of the schedule fails; one pass is one attempt.
      for (let pass = 1; pass < MAX_ISSUE_ATTEMPTS; pass++) {
        await fulfilPaidOrders(db(), issuerDown);
        const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
        expect(order!.status).toBe('PAID');
      }
      expect(await needsAttention(db(), orderId)).toBe(false);
      await fulfilPaidOrders(db(), issuerDown);
      const [failed] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(failed!.status).toBe('FULFILLMENT_FAILED');
      const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(item).toMatchObject({ issueAttempts: MAX_ISSUE_ATTEMPTS, issuedId: null });
      expect(item!.issueError).toMatch(/503/);
      expect(await needsAttention(db(), orderId)).toBe(true);

      // Staff are alerted once; more passes change nothing (the order is no longer PAID).
      await fulfilPaidOrders(db(), issuerDown);
      const alerts = await staffAlertsOf(db(), orderId);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.details).toEqual({ reason: 'FULFILLMENT_FAILED', detail: 'issuer answered 503' });

      // The alert cannot go either: the banner and the metrics count the order all the same.
      await sendDueMail(db(), refusingMailer);
      const deadAlert = (await staffAlertsOf(db(), orderId)).find(
        (row) => (row.details as { reason: string }).reason === 'FULFILLMENT_FAILED',
      );
      expect(deadAlert).toMatchObject({ attempts: 1, sentAt: null });
      expect(await failedDeliveries()).toBe(before.banner + 1);
      const counted = await scrape();
      expect(sampleValue(counted, 'shop_dead_letters', { kind: 'delivery' })).toBe(
        sampleValue(before.metrics, 'shop_dead_letters', { kind: 'delivery' }) + 1,
      );

      // The issuer is back: staff's retry delivers it at once, and it is no dead letter any more.
      const retried = await postAsStaff(retryRoute, '/api/admin/payment/retry', admin, { id: orderId });
      expect(retried.status).toBe(200);
      expect(await retried.json()).toEqual({ status: 'FULFILLED' });
      const [delivered] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(delivered!.issuedId).toBeTruthy();
      expect(await failedDeliveries()).toBe(before.banner);
      expect(sampleValue(await scrape(), 'shop_dead_letters', { kind: 'delivery' })).toBe(
        sampleValue(before.metrics, 'shop_dead_letters', { kind: 'delivery' }),
      );
      const confirmations = (await outboxOf(db(), orderId)).filter(
        (row) => row.kind === 'ORDER_CONFIRMATION',
      );
      expect(confirmations).toHaveLength(1);
      const audit = await db().select().from(auditLog).where(eq(auditLog.target, orderId));
      expect(audit.map((entry) => entry.action)).toEqual(['payment.retryDelivery']);
      // The dead e-mails (the alert, the buyer's notice) are left for staff to re-send from the same order.
      expect(await needsAttention(db(), orderId)).toBe(true);
    });
  });
});
