import { inArray, isNull, and } from 'drizzle-orm';
import { outbox } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import type { MailMessage } from '@/lib/mail/mailer';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { paidVignetteOrder } from '../../support/purchases';
import { recordingMailer, sendDueMail } from '../../support/outbox';

/*
 * A pass of the outbox sends a whole queue, in batches of ten: under a burst that can take longer than a stopping
 * server waits for its jobs (30 s), which then exited with the pass cut short (seen in a rolling restart under load).
 * A stopping server's pass ends after the batch in hand and leaves the rest queued, unclaimed, for the next pass.
 */
describeOnProcessDrivers('a pass of the mail outbox while the server stops', (db) => {
  it('ends after the batch in hand and leaves the rest queued, which the next pass sends', async () => {
    const orders: string[] = [];
    for (let n = 0; n < 12; n++) orders.push(await paidVignetteOrder(db(), { plates: [`B${100 + n}STP`] }));
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const unsent = async () =>
      (
        await db()
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(inArray(outbox.orderId, orders), isNull(outbox.sentAt)))
      ).length;
    expect(await unsent()).toBe(12);

    const sent: MailMessage[] = [];
    let asked = 0;
    const stopping = () => {
      asked++;
      return false;
    };
    expect(await sendDueMail(db(), recordingMailer(sent), { keepGoing: stopping })).toBe(10);
    expect(asked).toBe(1);
    expect(await unsent()).toBe(2);
    // Nothing claimed and left: the next pass finds the two at once.
    expect(await sendDueMail(db(), recordingMailer(sent))).toBe(2);
    expect(await unsent()).toBe(0);
    expect(new Set(sent.map((message) => message.messageId)).size).toBe(12);
  });
});
