import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { efacturaSubmissions, invoices, outbox, settings } from '@/lib/db/schema';
import { HELD_BACK_DIGEST_SETTING, queueEfacturaHeldBackDigest } from '@/lib/efactura/held-back-digest';
import { queueEfacturaSubmission } from '@/lib/efactura/submissions-queue';
import { EFACTURA_HELD_BACK } from '@/lib/mail/efactura-held-back';
import { describeOnProcessDrivers, insertCreditNote, insertOrder, vignette } from '../admin/admin-fixtures';
import { withEnv } from '../../support/process-database';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { sendDueMail } from '../../support/outbox';

const STAFF = 'staff@example.ro';
const off = { EFACTURA_PROVIDER: 'off', STAFF_ALERT_EMAIL: STAFF } as const;

// Tuesday 17 March 2026 in Bucharest (UTC+2): 10:00, the next morning, and 07:30, before the digest's hour.
const TUESDAY = new Date('2026-03-17T08:00:00Z');
const TUESDAY_EVENING = new Date('2026-03-17T19:00:00Z');
const WEDNESDAY = new Date('2026-03-18T08:00:00Z');
const WEDNESDAY_EARLY = new Date('2026-03-18T05:30:00Z');

let nextNumber = 700_000;

/** An invoiced order whose invoice's e-Factura submission is in `status`, issued at `issuedAt`. */
async function invoicedOrder(
  db: Db,
  issuedAt: Date,
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED' = 'PENDING',
) {
  const number = nextNumber++;
  const orderId = await insertOrder(db, {
    kind: 'VIGNETTE',
    status: 'FULFILLED',
    email: 'buyer@example.ro',
    createdAt: issuedAt.toISOString(),
    amountBani: 8976,
    items: [vignette('CAR', 'WEEK', 'B123HLD', 8976)],
    invoice: { series: 'RPV', year: 2026, number },
  });
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  await queueEfacturaSubmission(db, { orderId, invoiceId: invoice!.id, issuedAt });
  if (status !== 'PENDING')
    await db.update(efacturaSubmissions).set({ status }).where(eq(efacturaSubmissions.orderId, orderId));
  return { orderId, invoiceId: invoice!.id, number: `RPV-2026-${String(number).padStart(6, '0')}` };
}

/** A credit note of that order, issued at `issuedAt`, queued for e-Factura as a confirmed refund queues it. */
async function creditNote(db: Db, order: { orderId: string; invoiceId: number }, issuedAt: Date) {
  const number = nextNumber++;
  const note = await insertCreditNote(db, order, { number, amountBani: 8976, issuedAt });
  await queueEfacturaSubmission(db, { ...order, creditNoteId: note!.id, issuedAt });
  return `RPVS-2026-${String(number).padStart(6, '0')}`;
}

const digests = (db: Db) => db.select().from(outbox).where(eq(outbox.kind, EFACTURA_HELD_BACK));

describeOnProcessDrivers('the daily e-mail to staff while e-Factura is off', (db) => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(() => capture.close());

  beforeEach(async () => {
    await db().delete(efacturaSubmissions);
    await db().delete(outbox);
    await db().delete(settings).where(eq(settings.key, HELD_BACK_DIGEST_SETTING));
    capture.received.length = 0;
  });

  const send = () =>
    withEnv({ EFACTURA_PROVIDER: 'off', SITE_URL: 'https://shop.example' }, () =>
      sendDueMail(db(), capture.mailer),
    );

  it('tells staff in Romanian how many documents wait, how many are late, the oldest and what to set', async () => {
    // Issued Monday 9 March: its deadline was the end of Monday 16 March, so it is late on the 17th.
    const first = await invoicedOrder(db(), new Date('2026-03-09T10:00:00Z'));
    // Its credit note, issued earlier that morning (in Bucharest): the oldest document, and late too.
    const oldest = await creditNote(db(), first, new Date('2026-03-09T07:00:00Z'));
    // Thursday 12 March: due by the end of Thursday 19 March.
    await invoicedOrder(db(), new Date('2026-03-12T10:00:00Z'));
    // Settled by ANAF (before e-Factura was turned off): not waiting.
    await invoicedOrder(db(), new Date('2026-03-02T10:00:00Z'), 'ACCEPTED');
    await invoicedOrder(db(), new Date('2026-03-03T10:00:00Z'), 'REJECTED');

    expect(await queueEfacturaHeldBackDigest(db(), off, TUESDAY)).toBe(true);
    const [row] = await digests(db());
    expect(row).toMatchObject({ orderId: null, recipient: STAFF, sentAt: null });
    expect(row!.details).toEqual({
      day: '2026-03-17',
      waiting: '3',
      late: '2',
      oldestNumber: oldest,
      oldestIssuedAt: '2026-03-09T07:00:00.000Z',
      countedAt: TUESDAY.toISOString(),
    });

    expect(await send()).toBe(1);
    expect(capture.received).toHaveLength(1);
    const [mail] = capture.received;
    expect(JSON.stringify(mail!.to)).toContain(STAFF);
    expect(mail!.subject).toBe('[Road Partners] Transmiterea în e-Factura este oprită: 3 documente așteaptă');
    const text = mail!.text!;
    for (const line of [
      'Documente care așteaptă: 3',
      'Cu termenul legal depășit: 2',
      `Cel mai vechi: ${oldest}, emis pe 9 martie 2026`,
      'Setați EFACTURA_PROVIDER=anaf',
      '„Going live”',
      'https://shop.example/admin/invoices',
    ])
      expect(text).toContain(line);
    expect(mail!.html).toContain('href="https://shop.example/admin/invoices"');
    expect((await digests(db()))[0]!.sentAt).not.toBeNull();
  });

  it('sends one a day: not again the same day, not before 08:00, again the next morning', async () => {
    await invoicedOrder(db(), new Date('2026-03-12T10:00:00Z'));
    expect(await queueEfacturaHeldBackDigest(db(), off, TUESDAY)).toBe(true);
    expect(await queueEfacturaHeldBackDigest(db(), off, TUESDAY)).toBe(false);
    expect(await queueEfacturaHeldBackDigest(db(), off, TUESDAY_EVENING)).toBe(false);
    expect(await queueEfacturaHeldBackDigest(db(), off, WEDNESDAY_EARLY)).toBe(false);
    expect(await digests(db())).toHaveLength(1);

    expect(await queueEfacturaHeldBackDigest(db(), off, WEDNESDAY)).toBe(true);
    // A server whose clock lags a day behind does not send the day before again.
    expect(await queueEfacturaHeldBackDigest(db(), off, TUESDAY_EVENING)).toBe(false);
    const rows = await digests(db());
    expect(rows.map((row) => row.details!.day).sort()).toEqual(['2026-03-17', '2026-03-18']);
    expect(await send()).toBe(2);
  });

  it('sends nothing with e-Factura on (anaf or the sandbox), or without STAFF_ALERT_EMAIL', async () => {
    await invoicedOrder(db(), new Date('2026-03-09T10:00:00Z'));
    for (const config of [
      { EFACTURA_PROVIDER: 'anaf', STAFF_ALERT_EMAIL: STAFF },
      { EFACTURA_PROVIDER: 'sandbox', STAFF_ALERT_EMAIL: STAFF },
      { EFACTURA_PROVIDER: 'off', STAFF_ALERT_EMAIL: undefined },
    ] as const)
      expect(await queueEfacturaHeldBackDigest(db(), config, TUESDAY)).toBe(false);
    expect(await digests(db())).toHaveLength(0);
    // Nothing was claimed: the day's digest still goes once they are set.
    expect(await queueEfacturaHeldBackDigest(db(), off, TUESDAY)).toBe(true);
  });

  it('sends nothing while no document waits, and the day’s digest once one does', async () => {
    await invoicedOrder(db(), new Date('2026-03-09T10:00:00Z'), 'ACCEPTED');
    await invoicedOrder(db(), new Date('2026-03-10T10:00:00Z'), 'REJECTED');
    expect(await queueEfacturaHeldBackDigest(db(), off, TUESDAY)).toBe(false);
    expect(await digests(db())).toHaveLength(0);

    await invoicedOrder(db(), new Date('2026-03-17T07:00:00Z'));
    expect(await queueEfacturaHeldBackDigest(db(), off, TUESDAY_EVENING)).toBe(true);
    expect((await digests(db()))[0]!.details).toMatchObject({ waiting: '1', late: '0' });
  });

  it('queues one digest when several servers run the job at once', async () => {
    await invoicedOrder(db(), new Date('2026-03-12T10:00:00Z'));
    const results = await Promise.all(
      Array.from({ length: 6 }, () => queueEfacturaHeldBackDigest(db(), off, TUESDAY)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await digests(db())).toHaveLength(1);
  });

  it('does not send a queued digest once e-Factura was turned on: the documents are on their way', async () => {
    await invoicedOrder(db(), new Date('2026-03-12T10:00:00Z'));
    expect(await queueEfacturaHeldBackDigest(db(), off, TUESDAY)).toBe(true);
    expect(await withEnv({ EFACTURA_PROVIDER: 'sandbox' }, () => sendDueMail(db(), capture.mailer))).toBe(0);
    expect(capture.received).toHaveLength(0);
    const [row] = await digests(db());
    expect(row!.sentAt).not.toBeNull();
    expect(row!.lastError).toBe('not sent: e-Factura was turned on first');
  });
});
