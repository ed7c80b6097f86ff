import { and, eq } from 'drizzle-orm';
import { POST as resendRoute } from '@/app/api/admin/payment/efactura/route';
import type { Db } from '@/lib/db/client';
import { auditLog, efacturaSubmissions } from '@/lib/db/schema';
import type { EfacturaApi } from '@/lib/efactura/anaf/client';
import { sandboxUploadCount } from '@/lib/efactura/sandbox';
import { processEfacturaSubmissions } from '@/lib/efactura/submissions';
import { transactionDetails } from '@/lib/admin/transaction-details';
import { describeOnProcessDrivers, staff } from '../admin/admin-fixtures';
import {
  needsAttention,
  postAsStaff,
  refusingMailer,
  shopStatusAs,
  staffAlertsOf,
} from '../../support/dead-letters';
import { sandboxAnswersAtOnce, sandboxApi } from '../../support/efactura-sandbox';
import { sampleValue, scrape } from '../../support/metrics';
import { withEnv } from '../../support/process-database';
import { paidVignetteOrder } from '../../support/purchases';
import { sendDueMail } from '../../support/outbox';

/** Three tries of an upload instead of a day's: the whole schedule in three passes. */
const SHORT_SCHEDULE = {
  EFACTURA_MAX_ATTEMPTS: '3',
  STAFF_ALERT_EMAIL: 'staff@example.ro',
  MAIL_MAX_ATTEMPTS: '1',
};

/*
 * An e-Factura upload that failed every try is a dead letter: kept PENDING with its last error and tried no more,
 * its order needs attention (EFACTURA_UNSENT), staff alerted once, counted by the back-office banner and the metrics
 * even when the alert cannot be sent, and staff's "send again" uploads it once ANAF answers. An upload whose answer
 * was lost (UPLOADING) and that ANAF's message list could not settle is counted the same way.
 */
describeOnProcessDrivers('an e-Factura upload that keeps failing', (db) => {
  sandboxAnswersAtOnce();
  let admin: string;
  beforeAll(async () => {
    ({ token: admin } = await staff(db(), `efactura-dead-${Date.now()}`, 'ADMIN'));
  });

  let uploads = 0;
  /** ANAF's service down: every upload answered as a 503 is. */
  const anafDown: EfacturaApi = {
    async upload() {
      uploads++;
      return { kind: 'TEMPORARY', message: 'HTTP 503 Service Unavailable' };
    },
    messageState: async () => ({ kind: 'TEMPORARY', message: 'HTTP 503' }),
    download: async () => ({ kind: 'FAILED', message: 'HTTP 503' }),
    messages: async () => ({ kind: 'TEMPORARY', message: 'HTTP 503' }),
  };
  const pass = (seconds: number, api: EfacturaApi) =>
    processEfacturaSubmissions(db(), api, { now: () => new Date(Date.now() + seconds * 1000) });
  const submissionOf = async (database: Db, orderId: string) =>
    (await database.select().from(efacturaSubmissions).where(eq(efacturaSubmissions.orderId, orderId)))[0]!;
  const efacturaStuck = async () => (await shopStatusAs(admin)).efacturaStuck;
  const deadUploads = async () => sampleValue(await scrape(), 'shop_dead_letters', { kind: 'efactura' });

  it('is kept, flags its order, alerts staff once, is counted, and is uploaded once staff send it again', async () => {
    await withEnv(SHORT_SCHEDULE, async () => {
      const before = { banner: await efacturaStuck(), metric: await deadUploads() };
      const orderId = await paidVignetteOrder(db(), { plates: ['B321EFD'] });

      // The schedule's pauses (10 s, 30 s) stepped through on the job's clock: three tries, all refused for now.
      uploads = 0;
      await pass(0, anafDown);
      await pass(11, anafDown);
      expect(await submissionOf(db(), orderId)).toMatchObject({ status: 'PENDING', attempts: 2 });
      expect(await needsAttention(db(), orderId)).toBe(false);
      await pass(45, anafDown);
      const given = await submissionOf(db(), orderId);
      expect(given).toMatchObject({
        status: 'PENDING',
        attempts: 3,
        lastError: 'HTTP 503 Service Unavailable',
      });
      expect(uploads).toBe(3);

      // Tried no more, however long it waits.
      await pass(7200, anafDown);
      expect(uploads).toBe(3);
      const details = await transactionDetails(db(), orderId, 'VIGNETTE');
      expect(details!.invoice!.efactura).toMatchObject({
        status: 'PENDING',
        attention: 'EFACTURA_UNSENT',
        canResend: true,
      });
      expect(details!.attentionReasons).toEqual(['EFACTURA_UNSENT']);
      expect(await needsAttention(db(), orderId)).toBe(true);

      // Staff are alerted once, with ANAF's last answer.
      const alerts = await staffAlertsOf(db(), orderId);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.details).toEqual({
        reason: 'EFACTURA_UNSENT',
        detail: 'HTTP 503 Service Unavailable',
      });

      // The alert cannot be sent either: the banner and the metrics count the document all the same.
      await sendDueMail(db(), refusingMailer);
      expect((await staffAlertsOf(db(), orderId))[0]).toMatchObject({ attempts: 1, sentAt: null });
      expect(await efacturaStuck()).toBe(before.banner + 1);
      expect(await deadUploads()).toBe(before.metric + 1);

      // ANAF answers again: staff send it again from the order, and it is uploaded once and accepted.
      const sandboxUploads = await sandboxUploadCount(db());
      const resent = await postAsStaff(resendRoute, '/api/admin/payment/efactura', admin, { id: orderId });
      expect(resent.status).toBe(200);
      expect(await resent.json()).toMatchObject({ efactura: { status: 'PENDING', attention: null } });
      expect(await efacturaStuck()).toBe(before.banner);
      await pass(0, sandboxApi(db()));
      await pass(11, sandboxApi(db()));
      expect(await submissionOf(db(), orderId)).toMatchObject({ status: 'ACCEPTED', lastError: null });
      expect((await sandboxUploadCount(db())) - sandboxUploads).toBe(1);
      expect(await deadUploads()).toBe(before.metric);
      expect(await staffAlertsOf(db(), orderId)).toHaveLength(1);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment.efacturaResend'), eq(auditLog.target, orderId)));
      expect(entry!.details).toMatchObject({ previousStatus: 'PENDING' });
    });
  });

  it('counts an upload whose answer was lost as a dead letter once ANAF’s message list stayed away', async () => {
    await withEnv(SHORT_SCHEDULE, async () => {
      const before = { banner: await efacturaStuck(), metric: await deadUploads() };
      const orderId = await paidVignetteOrder(db(), { plates: ['B654EFD'] });
      const lost: EfacturaApi = {
        ...anafDown,
        upload: async () => ({ kind: 'UNCERTAIN', message: 'timeout' }),
      };
      await pass(0, lost);
      // The list is asked after 10 s and 30 s, then once more: EFACTURA_MAX_ATTEMPTS (3) questions unanswered.
      await pass(11, lost);
      await pass(22, lost);
      expect(await submissionOf(db(), orderId)).toMatchObject({ status: 'UPLOADING', attempts: 2 });
      expect(await efacturaStuck()).toBe(before.banner);
      await pass(53, lost);
      expect(await submissionOf(db(), orderId)).toMatchObject({ status: 'UPLOADING', attempts: 3 });
      expect(await efacturaStuck()).toBe(before.banner + 1);
      expect(await deadUploads()).toBe(before.metric + 1);
      expect((await staffAlertsOf(db(), orderId)).map((row) => row.details)).toEqual([
        { reason: 'EFACTURA_UNCONFIRMED', detail: 'message list: HTTP 503' },
      ]);
    });
  });
});
