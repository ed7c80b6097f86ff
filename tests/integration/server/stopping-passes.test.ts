import { and, eq, inArray, isNull } from 'drizzle-orm';
import { efacturaSubmissions, orders, outbox } from '@/lib/db/schema';
import { processEfacturaSubmissions } from '@/lib/efactura/submissions';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import type { MailMessage } from '@/lib/mail/mailer';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { sandboxAnswersAtOnce, sandboxApi } from '../../support/efactura-sandbox';
import { recordingMailer, sendDueMail } from '../../support/outbox';
import { paidVignetteOrder } from '../../support/purchases';

/*
 * A background pass works through its whole queue in batches: under a burst that can take longer than a stopping
 * server waits for its jobs (30 s), which then exited with the pass cut short (seen in a rolling restart under load,
 * on the mail pass). A stopping server's pass ends after the batch in hand and leaves the rest, unclaimed, to the
 * next pass, on this server or another (lib/startup/workers.ts passes `keepGoing`).
 */
describeOnProcessDrivers('a background pass while the server stops', (db) => {
  sandboxAnswersAtOnce();

  /** A `keepGoing` that says the server is stopping, and counts how often it was asked. */
  const stopping = () => {
    const asked = { times: 0 };
    return { asked, keepGoing: () => (asked.times++, false) };
  };

  const paidOrders = async (count: number, letters: string) => {
    const ids: string[] = [];
    for (let n = 0; n < count; n++)
      ids.push(await paidVignetteOrder(db(), { plates: [`B${100 + n}${letters}`] }));
    return ids;
  };

  it('delivery ends after its batch of twenty and leaves the other paid orders to the next pass', async () => {
    const ids = await paidOrders(25, 'STP');
    const stillPaid = async () =>
      (
        await db()
          .select({ id: orders.id })
          .from(orders)
          .where(and(inArray(orders.id, ids), eq(orders.status, 'PAID')))
      ).length;
    expect(await stillPaid()).toBe(25);

    const { asked, keepGoing } = stopping();
    expect(await fulfilPaidOrders(db(), sandboxDeliverers, { keepGoing })).toBe(20);
    expect(asked.times).toBe(1);
    expect(await stillPaid()).toBe(5);
    expect(await fulfilPaidOrders(db(), sandboxDeliverers)).toBe(5);
    expect(await stillPaid()).toBe(0);
  });

  it('the mail outbox ends after its batch of ten and leaves the rest queued, which the next pass sends', async () => {
    // The first test's 25 confirmations are sent first, by a pass that is not stopping.
    await sendDueMail(db(), recordingMailer([]));
    const ids = await paidOrders(12, 'MLX');
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const unsent = async () =>
      (
        await db()
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(inArray(outbox.orderId, ids), isNull(outbox.sentAt)))
      ).length;
    expect(await unsent()).toBe(12);

    const sent: MailMessage[] = [];
    const { asked, keepGoing } = stopping();
    expect(await sendDueMail(db(), recordingMailer(sent), { keepGoing })).toBe(10);
    expect(asked.times).toBe(1);
    expect(await unsent()).toBe(2);
    // Nothing claimed and left: the next pass finds the two at once.
    expect(await sendDueMail(db(), recordingMailer(sent))).toBe(2);
    expect(await unsent()).toBe(0);
    expect(new Set(sent.map((message) => message.messageId)).size).toBe(12);
  });

  it('e-Factura ends after its batch of ten and leaves the other documents due for the next pass', async () => {
    const pending = async () =>
      (
        await db()
          .select({ id: efacturaSubmissions.id })
          .from(efacturaSubmissions)
          .where(eq(efacturaSubmissions.status, 'PENDING'))
      ).length;
    // Every invoice of the tests above waits for its upload: 37 documents, four batches for a pass that goes on.
    const waiting = await pending();
    expect(waiting).toBe(37);

    const { asked, keepGoing } = stopping();
    expect(await processEfacturaSubmissions(db(), sandboxApi(db()), { keepGoing })).toBe(10);
    expect(asked.times).toBe(1);
    expect(await pending()).toBe(waiting - 10);
    expect(await processEfacturaSubmissions(db(), sandboxApi(db()))).toBe(waiting - 10);
    expect(await pending()).toBe(0);
  });
});
