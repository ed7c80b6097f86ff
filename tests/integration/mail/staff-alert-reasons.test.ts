import { outbox } from '@/lib/db/schema';
import { staffAlertMessage } from '@/lib/orders/order-mail';
import ro from '@/messages/ro.json';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { paidVignetteOrder } from '../../support/purchases';

// An alert waits in the outbox with its reason as it was named when it was queued: one queued before a reason was
// renamed is still sent, under the reason's present name.

describeOnProcessDrivers('a staff alert queued under a former reason name', (db) => {
  it('is sent with the account of the reason as it is named now', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['CJ01ALR'] });
    const [row] = await db()
      .insert(outbox)
      .values({
        kind: 'STAFF_ALERT',
        orderId,
        recipient: 'staff@example.ro',
        details: { reason: 'EFACTURA_OVERDUE' },
      })
      .returning();
    const message = await staffAlertMessage(db(), row!);
    expect(message?.to).toBe('staff@example.ro');
    expect(message?.subject).toContain(ro.StaffAlertEmail.reasons.EFACTURA_DEADLINE_NEAR.title);
  });

  it('is not sent for a reason the shop never had', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['CJ02ALR'] });
    const [row] = await db()
      .insert(outbox)
      .values({ kind: 'STAFF_ALERT', orderId, recipient: 'staff@example.ro', details: { reason: 'NO_SUCH' } })
      .returning();
    expect(await staffAlertMessage(db(), row!)).toBeNull();
  });
});
