import { eq } from 'drizzle-orm';
import { orders } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { formatVersionDate, LEGAL_VERSIONS } from '@/lib/legal/versions';
import type { Mailer, MailMessage } from '@/lib/mail/mailer';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { paidVignetteOrder } from '../../support/purchases';
import { sendDueMail } from '../../support/outbox';

/*
 * The confirmation names the terms in force on the day the order was placed, in Romania (lib/legal/versions.ts), with
 * the address that keeps showing that version: an order placed late on 26 November 2026 was placed under 1.0, one
 * placed just after midnight under 1.1, whenever its e-mail goes.
 */
describeOnProcessDrivers('the terms an order confirmation names', (db) => {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    send: (message) => {
      sent.push(message);
      return Promise.resolve({ messageId: message.messageId ?? '<terms-version@test>' });
    },
    close: () => Promise.resolve(),
  };

  it.each([
    { placedAt: '2026-11-26T23:59:00+02:00', version: '1.0', plate: 'B210TRM' },
    { placedAt: '2026-11-27T00:01:00+02:00', version: '1.1', plate: 'B211TRM' },
  ])('are version $version for an order placed at $placedAt', async ({ placedAt, version, plate }) => {
    const terms = LEGAL_VERSIONS.TermsPage.find((entry) => entry.version === version)!;
    const orderId = await paidVignetteOrder(db(), { plates: [plate] });
    // The order's clock: the time its creation stored, which is all the e-mail reads of it.
    await db()
      .update(orders)
      .set({ createdAt: new Date(placedAt) })
      .where(eq(orders.id, orderId));
    await fulfilPaidOrders(db(), sandboxDeliverers);
    await sendDueMail(db(), mailer);

    // The subject names the order's short reference; its text carries the id in the order page's link.
    const mail = sent.find((message) => message.text.includes(orderId));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(formatVersionDate(terms.date, 'ro'));
    expect(mail!.text).toContain(`/ro/terms-conditions/${terms.date}`);
    for (const other of LEGAL_VERSIONS.TermsPage.filter((entry) => entry !== terms)) {
      expect(mail!.text).not.toContain(`/ro/terms-conditions/${other.date}`);
    }
  });
});
