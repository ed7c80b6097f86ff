import { eq, sql } from 'drizzle-orm';
import { outbox } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import type { MailMessage } from '@/lib/mail/mailer';
import { sendDueMail } from '@/lib/mail/outbox';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { registerOrderMail } from '@/lib/orders/order-mail';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { recordingMailer } from '../../support/outbox';
import { paidVignetteOrder } from '../../support/purchases';

/*
 * The outbox sends an order's e-mails through the senders lib/orders registers at start (lib/startup/workers.ts):
 * before that, and for a kind the shop never wrote, a row fails its attempt by name and waits for the next one,
 * instead of going out as some other e-mail.
 */
describeOnProcessDrivers('the senders of the order e-mails', (db) => {
  const sent: MailMessage[] = [];
  const mailer = recordingMailer(sent);
  const rowsOf = (orderId: string) => db().select().from(outbox).where(eq(outbox.orderId, orderId));
  const dueNow = (orderId: string) =>
    db()
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.orderId, orderId));

  // Each database's run starts as a server does before its start: the senders live on globalThis, as in the server.
  beforeEach(() => {
    delete (globalThis as { roadOrderMailSenders?: unknown }).roadOrderMailSenders;
    sent.length = 0;
  });

  it('are registered before an order confirmation is sent, and an unknown kind is never sent', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['B310KND'] });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    await db().insert(outbox).values({ kind: 'NO_SUCH_KIND', orderId });

    expect(await sendDueMail(db(), mailer)).toBe(0);
    expect(sent).toEqual([]);
    const unsent = await rowsOf(orderId);
    expect(unsent.map((row) => [row.kind, row.lastError]).sort()).toEqual([
      ['NO_SUCH_KIND', 'no sender for outbox kind NO_SUCH_KIND'],
      ['ORDER_CONFIRMATION', 'no sender for outbox kind ORDER_CONFIRMATION'],
    ]);

    registerOrderMail();
    await dueNow(orderId);
    expect(await sendDueMail(db(), mailer)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.attachments?.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
    const after = await rowsOf(orderId);
    expect(after.find((row) => row.kind === 'ORDER_CONFIRMATION')?.sentAt).not.toBeNull();
    expect(after.find((row) => row.kind === 'NO_SUCH_KIND')).toMatchObject({ sentAt: null, attempts: 2 });
  });
});
