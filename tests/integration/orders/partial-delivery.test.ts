import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orderItems, orders } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import type { Mailer, MailMessage } from '@/lib/mail/mailer';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { correctItem, retryDelivery } from '@/lib/orders/staff-actions';
import { describeOnProcessDrivers, staff } from '../admin/admin-fixtures';
import { outboxOf } from '../../support/dead-letters';
import { paidVignetteOrder } from '../../support/purchases';
import { sendDueMail } from '../../support/outbox';

/** A mail server that accepts everything and keeps it for the test to read. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    send: (message) => {
      sent.push(message);
      return Promise.resolve({ messageId: message.messageId ?? `<${sent.length}@test>` });
    },
    close: () => Promise.resolve(),
  };
  return { mailer, sentFor: (orderId: string) => sent.filter((message) => message.text.includes(orderId)) };
}

const stateOf = async (db: Db, orderId: string) => {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return { status: order!.status, amountBani: order!.amountBani, items };
};

/** The kinds of the e-mails queued for the buyer, in order of name. */
const buyerMailOf = async (db: Db, orderId: string) =>
  (await outboxOf(db, orderId))
    .map((row) => row.kind)
    .filter((kind) => kind !== 'STAFF_ALERT')
    .sort();

const lei = (bani: number) => (bani / 100).toFixed(2).replace('.', ',');

/*
 * Two vignettes, one refused by the issuer: the other is issued all the same and confirmed at once as valid; the
 * failure e-mail names only the refused one and promises back only its price; the whole order's confirmation follows
 * when staff deliver the rest, and the partial one is never sent again.
 */
describeOnProcessDrivers('an order partly delivered', (db) => {
  let clerk: { id: string; username: string };
  beforeAll(async () => {
    const { user } = await staff(db(), `partial-clerk-${Date.now()}`, 'ADMIN');
    clerk = { id: user.id, username: user.username };
  });

  it('confirms what was issued at once, and tells of only what failed', async () => {
    // The refused plate first: the valid one after it is still asked for.
    const orderId = await paidVignetteOrder(db(), { plates: ['REFUSE1', 'B789DED'], country: 'DE' });
    await fulfilPaidOrders(db(), sandboxDeliverers);

    const failed = await stateOf(db(), orderId);
    expect(failed.status).toBe('FULFILLMENT_FAILED');
    const [refused, issued] = failed.items;
    expect(refused!.issuedId).toBeNull();
    expect(issued!.issuedId).toBeTruthy();
    expect(await buyerMailOf(db(), orderId)).toEqual(['DELIVERY_FAILED', 'ORDER_CONFIRMATION']);

    const { mailer, sentFor } = recordingMailer();
    await sendDueMail(db(), mailer);
    const mails = sentFor(orderId);
    const confirmation = mails.find((mail) => mail.subject.startsWith('Confirmarea comenzii'));
    const failure = mails.find((mail) => mail.subject.includes('livrarea a întârziat'));
    expect(confirmation?.text).toContain(issued!.issuedId);
    expect(confirmation?.text).toMatch(/Vinieta de mai jos este emisă și valabilă: puteți circula cu ea/);
    expect(confirmation?.text).toContain('Pentru REFUSE1 nu am putut emite încă vinieta');
    expect(confirmation?.text).toContain(`Totalul vinietelor emise: ${lei(issued!.priceBani)} lei`);

    expect(failure?.text).toContain('REFUSE1');
    expect(failure?.text).not.toContain('B789DED');
    expect(failure?.text).toContain(`vă rambursăm contravaloarea ei, ${lei(refused!.priceBani)} lei,`);
    expect(failure?.text).not.toMatch(/rambursăm integral/);

    // Staff correct the plate and deliver the rest: the whole order is confirmed, the partial e-mail not again.
    await correctItem(db(), clerk, { orderId, itemId: refused!.id, plate: 'B790DED' }, sandboxDeliverers);
    expect(await retryDelivery(db(), clerk, orderId, sandboxDeliverers)).toEqual({ status: 'FULFILLED' });
    await sendDueMail(db(), mailer);
    // The corrected plate is on the invoice: it is replaced (a storno and a new invoice, e-mailed), and the whole
    // order confirmed once.
    const after = sentFor(orderId).slice(mails.length);
    expect(after).toHaveLength(2);
    expect(after.filter((mail) => /a fost înlocuită cu factura/.test(mail.subject))).toHaveLength(1);
    const whole = after.find((mail) => mail.subject.startsWith('Confirmarea comenzii'));
    expect(whole!.text).toContain(issued!.issuedId);
    expect(whole!.text).toContain('B790DED');
    expect(whole!.text).not.toContain('nu am putut emite');
  });

  it('drops the partial confirmation still unsent once the whole order is delivered', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['B791DED', 'REFUSE2'], country: 'DE' });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const [, refused] = (await stateOf(db(), orderId)).items;
    await correctItem(db(), clerk, { orderId, itemId: refused!.id, plate: 'B792DED' }, sandboxDeliverers);
    await retryDelivery(db(), clerk, orderId, sandboxDeliverers);

    const { mailer, sentFor } = recordingMailer();
    await sendDueMail(db(), mailer);
    const confirmations = sentFor(orderId).filter((mail) => mail.subject.startsWith('Confirmarea comenzii'));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain('B792DED');
    const partialRow = (await outboxOf(db(), orderId)).find((row) => row.details?.partial === 'true');
    expect(partialRow).toMatchObject({ lastError: 'not sent: its order was settled first' });
  });

  it('fails an order with nothing delivered as before, promising the whole amount back', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['REFUSE3'], country: 'DE' });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    expect(await buyerMailOf(db(), orderId)).toEqual(['DELIVERY_FAILED']);
    const { mailer, sentFor } = recordingMailer();
    await sendDueMail(db(), mailer);
    const { amountBani } = await stateOf(db(), orderId);
    expect(sentFor(orderId).find((mail) => mail.subject.includes('livrarea'))?.text).toContain(
      `vă rambursăm integral suma de ${lei(amountBani)} lei`,
    );
  });
});
