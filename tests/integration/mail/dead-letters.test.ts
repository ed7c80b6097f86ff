import { eq } from 'drizzle-orm';
import { POST as retryAllRoute } from '@/app/api/admin/mail/retry/route';
import { POST as resendRoute } from '@/app/api/admin/payment/resend/route';
import { GET as detailsRoute } from '@/app/api/nmps/utils/transaction/details/route';
import { defaultFromAddress } from '@/lib/mail/mailer';
import { auditLog, outbox } from '@/lib/db/schema';
import { COMPANY } from '@/lib/company';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { EFACTURA_HELD_BACK, heldBackDetails } from '@/lib/mail/efactura-held-back';
import { outboxMessageId } from '@/lib/mail/outbox';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { describeOnProcessDrivers, get, staff } from '../admin/admin-fixtures';
import {
  needsAttention as orderNeedsAttention,
  outboxOf,
  postAsStaff,
  refusingMailer as refusing,
  shopStatusAs,
} from '../../support/dead-letters';
import { noParams, withEnv } from '../../support/process-database';
import { paidVignetteOrder } from '../../support/purchases';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { sendDueMail } from '../../support/outbox';

/** Three attempts, no wait between them: the whole schedule in three passes. */
const SHORT_SCHEDULE = {
  MAIL_MAX_ATTEMPTS: '3',
  MAIL_RETRY_BASE_SECONDS: '0',
  STAFF_ALERT_EMAIL: 'staff@example.ro',
  MAIL_FROM: undefined,
};

describeOnProcessDrivers('an e-mail that keeps failing', (db) => {
  let admin: string;
  let capture: SmtpCapture;
  beforeAll(async () => {
    ({ token: admin } = await staff(db(), `postmaster-${Date.now()}`, 'ADMIN'));
    capture = await startSmtpCapture();
  });
  afterAll(() => capture.close());

  const rowsOf = (orderId: string) => outboxOf(db(), orderId);
  const detailsOf = async (orderId: string) =>
    (await (
      await detailsRoute(get(`/api/nmps/utils/transaction/details?id=${orderId}`, admin), noParams)
    ).json()) as { attentionReasons: string[]; events: { code?: string; params?: unknown }[] };
  const reasonsOf = async (orderId: string) => (await detailsOf(orderId)).attentionReasons;
  const needsAttention = (orderId: string) => orderNeedsAttention(db(), orderId);
  const deadLetters = async () => (await shopStatusAs(admin)).deadLetters;

  it('is kept, flags its order, alerts staff once, and is sent once when staff retry it', async () => {
    await withEnv(SHORT_SCHEDULE, async () => {
      const orderId = await paidVignetteOrder(db(), { plates: ['B123DED'], country: 'DE' });
      await fulfilPaidOrders(db(), sandboxDeliverers);
      const [confirmation] = await rowsOf(orderId);
      expect(confirmation).toMatchObject({ kind: 'ORDER_CONFIRMATION', sentAt: null });
      expect(await deadLetters()).toBe(0);

      // The mail server refuses through the whole schedule: the row is given up, not dropped.
      for (let pass = 0; pass < 3; pass++) await sendDueMail(db(), refusing);
      const [dead] = (await rowsOf(orderId)).filter((row) => row.kind === 'ORDER_CONFIRMATION');
      expect(dead).toMatchObject({ attempts: 3, sentAt: null, lastError: '421 4.3.2 Service not available' });
      expect(await needsAttention(orderId)).toBe(true);
      expect(await reasonsOf(orderId)).toEqual(['MAIL_UNDELIVERED']);

      // Staff are alerted, once, with what failed and why.
      const alerts = (await rowsOf(orderId)).filter((row) => row.kind === 'STAFF_ALERT');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.details).toEqual({
        reason: 'MAIL_UNDELIVERED',
        detail: 'ORDER_CONFIRMATION: 421 4.3.2 Service not available',
      });
      expect(await deadLetters()).toBe(1);

      // The alert cannot be sent either: it dies without alerting again, and the back-office counts both.
      for (let pass = 0; pass < 3; pass++) await sendDueMail(db(), refusing);
      const rows = await rowsOf(orderId);
      expect(rows.filter((row) => row.kind === 'STAFF_ALERT')).toHaveLength(1);
      expect(rows.every((row) => row.attempts === 3 && row.sentAt === null)).toBe(true);
      expect(await deadLetters()).toBe(2);

      // The mail server is back; staff retry from the order: both are requeued and each is sent once.
      const retried = await postAsStaff(resendRoute, '/api/admin/payment/resend', admin, { id: orderId });
      expect(retried.status).toBe(202);
      expect(await retried.json()).toMatchObject({ queued: true, requeued: 2 });
      const requeued = await rowsOf(orderId);
      expect(requeued.every((row) => row.attempts === 0 && row.lastError !== null)).toBe(true);
      expect(await needsAttention(orderId)).toBe(false);

      expect(await sendDueMail(db(), capture.mailer)).toBe(2);
      expect(await sendDueMail(db(), capture.mailer)).toBe(0);
      const mine = capture.received.filter((mail) => mail.text?.includes(orderId));
      expect(mine).toHaveLength(2);
      const toBuyer = mine.filter((mail) => !JSON.stringify(mail.to).includes('staff@example.ro'));
      expect(toBuyer).toHaveLength(1);
      expect(toBuyer[0]!.messageId).toBe(
        outboxMessageId(dead!, defaultFromAddress(COMPANY.email, COMPANY.brand)),
      );
      expect((await rowsOf(orderId)).every((row) => row.sentAt !== null && row.lastError === null)).toBe(
        true,
      );
      expect(await reasonsOf(orderId)).toEqual([]);
      expect(await deadLetters()).toBe(0);
      const audit = await db().select().from(auditLog).where(eq(auditLog.target, orderId));
      expect(audit.map((entry) => entry.action)).toEqual(['payment.mailRetry']);
      const { events } = await detailsOf(orderId);
      // The order's history says that staff sent them again.
      expect(events.find((event) => event.code === 'mail.requeued')).toMatchObject({ params: { count: 2 } });
    });
  });

  it('is not one while a server holds the claim of its last attempt, and is one once that claim ran out', async () => {
    await withEnv(SHORT_SCHEDULE, async () => {
      const orderId = await paidVignetteOrder(db(), { plates: ['B456DED'], country: 'DE' });
      await fulfilPaidOrders(db(), sandboxDeliverers);
      const [row] = await rowsOf(orderId);
      // Claimed for its third and last attempt, by a server that may be sending it right now.
      await db()
        .update(outbox)
        .set({ attempts: 3, nextAttemptAt: new Date(Date.now() + 5 * 60_000) })
        .where(eq(outbox.id, row!.id));
      expect(await needsAttention(orderId)).toBe(false);
      expect(await deadLetters()).toBe(0);
      // That server died: its claim ran out, the row unsent.
      await db()
        .update(outbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(outbox.id, row!.id));
      expect(await needsAttention(orderId)).toBe(true);
      expect(await deadLetters()).toBe(1);
      expect(await sendDueMail(db(), capture.mailer)).toBe(0);
    });
  });

  it('are all sent again from the banner, those of no order too, once the mail server is back', async () => {
    // With e-Factura off, as when the digest is written.
    await withEnv({ ...SHORT_SCHEDULE, EFACTURA_PROVIDER: 'off' }, async () => {
      const orderId = await paidVignetteOrder(db(), { plates: ['B789DEL'], country: 'DE' });
      await fulfilPaidOrders(db(), sandboxDeliverers);
      // The morning's e-Factura digest belongs to no order: the banner is the only place to send it again from.
      const [digest] = await db()
        .insert(outbox)
        .values({
          kind: EFACTURA_HELD_BACK,
          orderId: null,
          recipient: 'staff@example.ro',
          details: heldBackDetails('2026-11-26', {
            waiting: 3,
            late: 1,
            oldest: { number: 'RPV-2026-000001', issuedAt: '2026-11-20T10:00:00.000Z' },
            countedAt: '2026-11-26T06:00:00.000Z',
          }),
        })
        .returning();
      for (let pass = 0; pass < 6; pass++) await sendDueMail(db(), refusing);
      const dead = await deadLetters();
      // The confirmation, its MAIL_UNDELIVERED alert and the digest at least (earlier tests may have left more).
      expect(dead).toBeGreaterThanOrEqual(3);

      const { token: reader } = await staff(db(), `reader-${Date.now()}`, 'OPERATOR');
      expect((await postAsStaff(retryAllRoute, '/api/admin/mail/retry', reader, {})).status).toBe(403);
      const retried = await postAsStaff(retryAllRoute, '/api/admin/mail/retry', admin, {});
      expect(retried.status).toBe(202);
      expect(await retried.json()).toEqual({ requeued: dead });
      expect(await deadLetters()).toBe(0);

      const before = capture.received.length;
      await sendDueMail(db(), capture.mailer);
      expect(await sendDueMail(db(), capture.mailer)).toBe(0);
      const sent = capture.received.slice(before);
      expect(sent).toHaveLength(dead);
      expect(sent.filter((mail) => mail.text?.includes(orderId))).toHaveLength(2);
      const [digestRow] = await db().select().from(outbox).where(eq(outbox.id, digest!.id));
      expect(digestRow!.sentAt).not.toBeNull();
      expect(await needsAttention(orderId)).toBe(false);
      const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'mail.retryAll'));
      expect((entry!.details as { messages: string }).messages).toContain(
        `EFACTURA_HELD_BACK #${digest!.id}`,
      );
    });
  });
});
