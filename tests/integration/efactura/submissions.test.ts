import { and, eq } from 'drizzle-orm';
import { POST as resendRoute } from '@/app/api/admin/payment/efactura/route';
import type { Db } from '@/lib/db/client';
import { auditLog, efacturaSubmissions, invoices, orders } from '@/lib/db/schema';
import { anafTimestamp } from '@/lib/efactura/anaf/answers';
import type { EfacturaApi } from '@/lib/efactura/anaf/client';
import { readZip } from '@/lib/efactura/anaf/zip';
import { sandboxUploadCount } from '@/lib/efactura/sandbox';
import { processEfacturaSubmissions } from '@/lib/efactura/submissions';
import { queueEfacturaSubmission } from '@/lib/efactura/submissions-queue';
import { transactionDetails } from '@/lib/admin/transaction-details';
import { describeOnProcessDrivers, insertOrder, staff, vignette } from '../admin/admin-fixtures';
import { sandboxAnswersAtOnce, sandboxApi } from '../../support/efactura-sandbox';
import { jsonRequest, noParams } from '../../support/process-database';
import { paidVignetteOrder } from '../../support/purchases';

const submissionOf = async (db: Db, orderId: string) =>
  (await db.select().from(efacturaSubmissions).where(eq(efacturaSubmissions.orderId, orderId)))[0]!;

let invoiceNumber = 900_000;

/** A delivered vignette order with its invoice to a company of that name, queued for e-Factura as issuing does. */
async function invoicedOrder(db: Db, buyerName: string): Promise<string> {
  const orderId = await insertOrder(db, {
    kind: 'VIGNETTE',
    status: 'FULFILLED',
    email: 'buyer@example.ro',
    createdAt: new Date().toISOString(),
    amountBani: 8976,
    items: [vignette('CAR', 'WEEK', 'B123EFA', 8976)],
    invoice: { series: 'RPV', year: 2026, number: invoiceNumber++, buyerName },
  });
  // The invoice names the buyer the order gave (lib/invoices/order-invoice.ts): the sandbox's triggers read it there.
  await db
    .update(orders)
    .set({
      invoiceData: {
        kind: 'COMPANY',
        name: buyerName,
        taxId: 'RO18547290',
        address: 'Str. Exemplu 1, Cluj-Napoca',
      },
    })
    .where(eq(orders.id, orderId));
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  await queueEfacturaSubmission(db, { orderId, invoiceId: invoice!.id, issuedAt: invoice!.issuedAt });
  return orderId;
}

describeOnProcessDrivers('sending invoices to RO e-Factura through the sandbox', (db) => {
  sandboxAnswersAtOnce();

  /** One job pass, `seconds` from now (the job's clock; the sandbox's is the real one). */
  const pass = (seconds = 0, api = sandboxApi(db())) =>
    processEfacturaSubmissions(db(), api, { now: () => new Date(Date.now() + seconds * 1000) });

  it('uploads a paid order’s invoice, asks again after 10 s, and keeps ANAF’s signed answer: ACCEPTED', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['B100EFA'] });
    expect(await submissionOf(db(), orderId)).toMatchObject({ kind: 'INVOICE', status: 'PENDING' });

    await pass();
    const uploaded = await submissionOf(db(), orderId);
    expect(uploaded).toMatchObject({ status: 'UPLOADED', attempts: 0 });
    expect(uploaded.uploadId).toMatch(/^\d+$/);
    // Not asked before its 10 s.
    await pass(5);
    expect((await submissionOf(db(), orderId)).status).toBe('UPLOADED');

    await pass(11);
    const accepted = await submissionOf(db(), orderId);
    expect(accepted).toMatchObject({ status: 'ACCEPTED', messages: [] });
    const files = readZip(accepted.answerZip!);
    expect([...files.keys()]).toEqual([`${accepted.uploadId}.xml`, `semnatura_${accepted.uploadId}.xml`]);
    expect(files.get(`semnatura_${accepted.uploadId}.xml`)!.toString()).toContain('<ds:SignatureValue>');

    const details = await transactionDetails(db(), orderId, 'VIGNETTE');
    expect(details!.invoice!.efactura).toMatchObject({
      status: 'ACCEPTED',
      uploadId: accepted.uploadId,
      messages: [],
      attention: null,
    });
    expect(details!.needsAttention).toBe(false);
  });

  it('turns a nok answer into REJECTED with ANAF’s error for staff, and sends it again on request', async () => {
    const orderId = await invoicedOrder(db(), 'ANAF-NOK Transport SRL');
    await pass();
    await pass(11);
    const rejected = await submissionOf(db(), orderId);
    expect(rejected.status).toBe('REJECTED');
    expect(rejected.messages.join('\n')).toMatch(/ANAF-NOK/);

    const details = await transactionDetails(db(), orderId, 'VIGNETTE');
    expect(details!.needsAttention).toBe(true);
    expect(details!.attentionReasons).toContain('EFACTURA_REJECTED');
    expect(details!.invoice!.efactura).toMatchObject({ status: 'REJECTED', canResend: true });
    expect(details!.invoice!.efactura!.messages[0]).toMatch(/ANAF-NOK/);

    const { token } = await staff(db(), `efactura-${Date.now()}`, 'ADMIN');
    const resend = (body: unknown) =>
      resendRoute(
        jsonRequest('/api/admin/payment/efactura', { body, headers: { authorization: `Bearer ${token}` } }),
        noParams,
      );
    const response = await resend({ id: orderId });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { efactura: { status: string } }).efactura.status).toBe('PENDING');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.efacturaResend'), eq(auditLog.target, orderId)));
    expect(entry!.details).toMatchObject({ previousStatus: 'REJECTED', uploadId: rejected.uploadId });
    // Only a rejected (or unconfirmed) document goes again.
    expect((await resend({ id: orderId })).status).toBe(409);
    expect((await resend({ id: 'no-such-order' })).status).toBe(404);
  });

  it('retries an upload ANAF answered with 503, and uploads it once', async () => {
    // Earlier tests' documents are settled first: only this one is counted.
    await pass(3600);
    const before = await sandboxUploadCount(db());
    const orderId = await invoicedOrder(db(), 'ANAF-503 Logistic SRL');
    await pass();
    const waiting = await submissionOf(db(), orderId);
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(waiting.lastError).toMatch(/HTTP 503/);

    await pass(11);
    expect((await submissionOf(db(), orderId)).status).toBe('UPLOADED');
    await pass(30);
    expect(await submissionOf(db(), orderId)).toMatchObject({ status: 'ACCEPTED', lastError: null });
    expect((await sandboxUploadCount(db())) - before).toBe(1);
  });

  it('never uploads again by itself when ANAF’s message list cannot tell whether it has the upload: staff check', async () => {
    const orderId = await invoicedOrder(db(), 'Lost Answer SRL');
    let uploads = 0;
    // ANAF lists an error answer to an upload the shop does not know: it may be this document's, or not.
    const unidentified = {
      id: '3000000099',
      id_solicitare: '4000000099',
      tip: 'ERORI FACTURA',
      data_creare: anafTimestamp(new Date()),
      detalii: 'Erori de validare identificate la factura primita cu id_incarcare=4000000099',
      cif: '18547290',
    };
    const lost: EfacturaApi = {
      async upload() {
        uploads++;
        return { kind: 'UNCERTAIN', message: 'timeout' };
      },
      messageState: async () => ({ kind: 'in prelucrare' }),
      download: async () => ({ kind: 'FAILED', message: 'none' }),
      messages: async () => ({ kind: 'MESSAGES', messages: [unidentified] }),
    };
    await pass(0, lost);
    // Looked for, not known yet: nobody is asked while ANAF may still be processing it.
    await pass(3600, lost);
    expect((await transactionDetails(db(), orderId, 'VIGNETTE'))!.invoice!.efactura!.attention).toBeNull();
    await pass(13 * 3600, lost);
    expect(uploads).toBe(1);
    const details = await transactionDetails(db(), orderId, 'VIGNETTE');
    expect(details!.invoice!.efactura).toMatchObject({
      status: 'UPLOADING',
      attention: 'EFACTURA_UNCONFIRMED',
      canResend: true,
    });
    expect(details!.attentionReasons).toContain('EFACTURA_UNCONFIRMED');
  });
});
