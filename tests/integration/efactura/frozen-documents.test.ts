import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { PATCH as billingRoute } from '@/app/api/admin/payment/billing/route';
import { PATCH as emailRoute } from '@/app/api/admin/payment/email/route';
import { PATCH as itemRoute } from '@/app/api/admin/payment/item/route';
import { POST as retryRoute } from '@/app/api/admin/payment/retry/route';
import { GET as invoiceRoute } from '@/app/api/invoice/route';
import { GET as buyerInvoiceRoute } from '@/app/api/orders/[orderId]/invoice/route';
import {
  creditNotes,
  efacturaSandboxUploads,
  efacturaSubmissions,
  invoices,
  orderEvents,
  orders,
  outbox,
} from '@/lib/db/schema';
import { UPLOAD_BASE } from '@/lib/efactura/sandbox';
import { issueInvoice } from '@/lib/invoices/issue';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders, MAX_ISSUE_ATTEMPTS } from '@/lib/orders/fulfilment';
import { invoicedOrderOf } from '@/lib/orders/order-document';
import { transactionDetails } from '@/lib/admin/transaction-details';
import { describeOnProcessDrivers, staff } from '../admin/admin-fixtures';
import {
  ciusRoMissing,
  compileCiusRoWhenPresent,
  describeWithCiusRo,
  expectValidCiusRo,
} from '../../support/cius-ro';
import { efacturaSettler, sandboxAnswersAtOnce } from '../../support/efactura-sandbox';
import { pageTexts } from '../../support/pdf-text';
import { jsonRequest, noParams } from '../../support/process-database';
import { paidVignetteOrder, placeVignetteOrder } from '../../support/purchases';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { documentToken } from '@/lib/orders/document-access';
import { sendDueMail } from '../../support/outbox';

// An issued document never changes (docs/decisions/0023-frozen-documents.md): the walk of the buyer whose FAIL plate
// staff corrected after ANAF had accepted the invoice. The invoice ANAF holds stays what every download gives, byte
// for byte; the correction is a storno of it and a new invoice with a new number, both accepted by the e-Factura
// sandbox, both valid under the official CIUS-RO rules, both e-mailed to the buyer and shown to staff.

type Route = (request: Request, context: typeof noParams) => Promise<Response>;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let sef: string;
beforeAll(() => {
  // Compiles the validator once (half a minute), or finds it compiled under node_modules/.cache/cius-ro.
  sef = compileCiusRoWhenPresent();
}, 180_000);

const expectValid = (xml: string) => expectValidCiusRo(xml, sef);

// The walk validates its documents as it goes: without the official validation it is skipped whole, and says why.
const describeWalk: typeof describeOnProcessDrivers = ciusRoMissing
  ? (title, body) =>
      describeWithCiusRo(title, () =>
        body(() => {
          throw new Error(ciusRoMissing);
        }),
      )
  : describeOnProcessDrivers;

describeWalk('an issued invoice never changes', (db) => {
  sandboxAnswersAtOnce();
  let admin: string;
  let capture: SmtpCapture;
  beforeAll(async () => {
    ({ token: admin } = await staff(db(), `frozen-${Date.now()}`, 'ADMIN'));
    capture = await startSmtpCapture();
  });
  afterAll(() => capture.close());

  const call = (route: Route, method: string, url: string, body?: unknown) =>
    route(jsonRequest(url, { method, body, headers: { authorization: `Bearer ${admin}` } }), noParams);
  /** What staff download: `/api/invoice?...` as text (XML) or bytes (PDF). */
  const download = async (query: Record<string, string | number>) => {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await call(invoiceRoute, 'GET', `/api/invoice?${search}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const settle = efacturaSettler(db);
  /** What the sandbox ("ANAF") received under an upload index (its row id above the sandbox's base). */
  const heldByAnaf = async (uploadId: string) =>
    (
      await db()
        .select()
        .from(efacturaSandboxUploads)
        .where(eq(efacturaSandboxUploads.id, Number(uploadId) - UPLOAD_BASE))
    )[0]!;

  it('keeps the accepted XML byte for byte, and corrects a plate by a storno and a new invoice', async () => {
    // Two vignettes, one with a plate the sandbox issuer never issues: one delivered, one failed for good.
    const orderId = await paidVignetteOrder(db(), { plates: ['FAIL123', 'HH AB 123'], country: 'DE' });
    for (let attempt = 0; attempt < MAX_ISSUE_ATTEMPTS; attempt++)
      await fulfilPaidOrders(db(), sandboxDeliverers);

    // The invoice is uploaded and accepted; what was uploaded is kept with its hash, and is what ANAF holds.
    const [accepted] = await settle(orderId);
    expect(accepted).toMatchObject({ kind: 'INVOICE', status: 'ACCEPTED' });
    expect(accepted!.xml).toContain('FAIL123');
    expect(accepted!.xmlSha256).toBe(sha256(accepted!.xml!));
    expect((await heldByAnaf(accepted!.uploadId!)).xml).toBe(accepted!.xml);
    const [original] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(original!.snapshot).toMatchObject({ series: 'RPV', number: original!.number });
    const originalPdf = await download({ orderId, invoiceId: original!.id });
    expect((await download({ orderId, format: 'xml' })).toString('utf8')).toBe(accepted!.xml);

    // The buyer's contact e-mail changes: no invoice states it as a correction, so no document changes.
    const emailed = await call(emailRoute, 'PATCH', '/api/admin/payment/email', {
      id: orderId,
      email: 'new-address@example.ro',
    });
    expect(emailed.status).toBe(200);
    expect(await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).toHaveLength(0);

    // Staff correct the failed plate after ANAF accepted the invoice.
    const details = await transactionDetails(db(), orderId, 'VIGNETTE');
    const failed = details!.items.find((item) => 'plate' in item && item.plate === 'FAIL123')!;
    const corrected = await call(itemRoute, 'PATCH', '/api/admin/payment/item', {
      orderId,
      itemId: failed.id,
      plate: 'M AB 1234',
    });
    expect(corrected.status).toBe(200);
    const { documents } = (await corrected.json()) as {
      documents: { replaced: { id: number }; creditNote: { id: number }; invoice: { id: number } };
    };
    expect(documents.replaced.id).toBe(original!.id);

    // The invoice ANAF accepted is unchanged: its XML is still the uploaded one, its PDF the same file.
    const originalXml = (await download({ orderId, invoiceId: original!.id, format: 'xml' })).toString(
      'utf8',
    );
    expect(originalXml).toBe(accepted!.xml);
    expect(sha256(originalXml)).toBe(accepted!.xmlSha256);
    expect((await download({ orderId, invoiceId: original!.id })).equals(originalPdf)).toBe(true);
    const [kept] = await db().select().from(invoices).where(eq(invoices.id, original!.id));
    expect(kept).toMatchObject({
      orderId: null,
      replacedOrderId: orderId,
      replacedById: documents.invoice.id,
      snapshot: original!.snapshot,
    });

    // A new invoice with the next number states the corrected plate; the storno reverses the old one whole.
    const [replacement] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(replacement!.id).toBe(documents.invoice.id);
    expect(replacement!.number).toBeGreaterThan(original!.number);
    expect(replacement!.totalBani).toBe(original!.totalBani);
    const newPdf = pageTexts(await download({ orderId })).join('\n');
    expect(newPdf).toContain('MAB1234');
    expect(newPdf).not.toContain('FAIL123');
    expect(pageTexts(originalPdf).join('\n')).toContain('FAIL123');
    const [storno] = await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(storno).toMatchObject({
      refundId: null,
      invoiceId: original!.id,
      replacementInvoiceId: replacement!.id,
      totalBani: original!.totalBani,
    });
    const stornoPdf = pageTexts(
      await download({ orderId, type: 'credit-note', creditNoteId: storno!.id }),
    ).join('\n');
    expect(stornoPdf).toContain('FAIL123');
    // The buyer's own download of the current invoice is the new one too.
    const key = await documentToken(db(), orderId);
    const buyerResponse = await buyerInvoiceRoute(jsonRequest(`/api/orders/${orderId}/invoice?t=${key}`), {
      params: Promise.resolve({ orderId }),
    });
    expect(buyerResponse.status).toBe(200);
    expect(pageTexts(Buffer.from(await buyerResponse.arrayBuffer())).join('\n')).toContain('MAB1234');

    // Delivery is retried with the corrected plate; nothing of the issued documents moves.
    const retried = await call(retryRoute, 'POST', '/api/admin/payment/retry', { id: orderId });
    expect(((await retried.json()) as { status: string }).status).toBe('FULFILLED');

    // Both new documents go to ANAF, storno first, and are accepted; each download is what was uploaded.
    const settled = await settle(orderId);
    expect(settled.map((row) => row.status)).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    const [stornoSubmission] = settled.filter((row) => row.creditNoteId === storno!.id);
    const [newSubmission] = await db()
      .select()
      .from(efacturaSubmissions)
      .where(
        and(eq(efacturaSubmissions.invoiceId, replacement!.id), isNull(efacturaSubmissions.creditNoteId)),
      );
    expect(stornoSubmission!.id).toBeLessThan(newSubmission!.id);
    for (const submission of [stornoSubmission!, newSubmission!]) {
      expect((await heldByAnaf(submission.uploadId!)).xml).toBe(submission.xml);
      expectValid(submission.xml!);
    }
    expect(stornoSubmission!.xml).toMatch(/<CreditNote[\s>]/);
    expect(stornoSubmission!.xml).toContain(
      `<cbc:ID>RPV-${original!.year}-${String(original!.number).padStart(6, '0')}</cbc:ID>`,
    );
    expect(newSubmission!.xml).toContain('MAB1234');
    expect((await download({ orderId, format: 'xml' })).toString('utf8')).toBe(newSubmission!.xml);
    expect(
      (await download({ orderId, type: 'credit-note', creditNoteId: storno!.id, format: 'xml' })).toString(
        'utf8',
      ),
    ).toBe(stornoSubmission!.xml);
    // Still the first upload, after everything.
    expect((await download({ orderId, invoiceId: original!.id, format: 'xml' })).toString('utf8')).toBe(
      accepted!.xml,
    );

    // The buyer gets one e-mail with both documents, at the address the order has now.
    const [reissuedRow] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, 'INVOICE_REISSUED')));
    expect(reissuedRow).toBeDefined();
    await sendDueMail(db(), capture.mailer);
    const mail = capture.received.find(
      (message) => message.text?.includes(orderId) && message.attachments.length === 2,
    );
    expect(JSON.stringify(mail?.to)).toContain('new-address@example.ro');
    expect(mail!.attachments.map((attachment) => attachment.filename).sort()).toEqual(
      [
        `factura-RPV-${replacement!.year}-${String(replacement!.number).padStart(6, '0')}.pdf`,
        `factura-stornare-${storno!.series}-${storno!.year}-${String(storno!.number).padStart(6, '0')}.pdf`,
      ].sort(),
    );

    // The order's history and staff's details show the correction and where each document is at ANAF.
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.find((event) => event.code === 'invoice.reissued')?.params).toMatchObject({
      replaced: expect.stringMatching(/^RPV-/),
      creditNote: expect.stringMatching(/^RPVS-/),
      invoice: expect.stringMatching(/^RPV-/),
    });
    const after = await transactionDetails(db(), orderId, 'VIGNETTE');
    expect(after!.invoice).toMatchObject({ id: replacement!.id, efactura: { status: 'ACCEPTED' } });
    expect(after!.corrections).toEqual([
      expect.objectContaining({
        replaced: expect.objectContaining({
          id: original!.id,
          efactura: expect.objectContaining({ status: 'ACCEPTED' }),
        }),
        creditNote: expect.objectContaining({
          id: storno!.id,
          efactura: expect.objectContaining({ status: 'ACCEPTED' }),
        }),
        invoice: expect.objectContaining({ id: replacement!.id }),
      }),
    ]);
    expect(after!.needsAttention).toBe(false);
  }, 180_000);

  it('numbers an invoice issued at 00:30 on 1 January in Bucharest in the new year, dated 1 January', async () => {
    const orderId = await placeVignetteOrder({ plates: ['B 01 NYE'] });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    // 23:30 on 31 December in Budapest, where the old numbering year still ran.
    const newYearsEve = new Date('2026-12-31T22:30:00Z');
    const issued = await db().transaction(async (tx) =>
      issueInvoice(
        tx,
        { order: await invoicedOrderOf(tx, orderId), kind: order!.kind, totalBani: order!.amountBani },
        { now: newYearsEve },
      ),
    );
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, issued.id));
    expect(invoice).toMatchObject({ year: 2027, issuedAt: newYearsEve });
    expect(invoice!.snapshot).toMatchObject({ year: 2027, issuedAt: newYearsEve.toISOString() });
    const xml = (await download({ orderId, format: 'xml' })).toString('utf8');
    expect(xml).toContain(`<cbc:ID>RPV-2027-${String(invoice!.number).padStart(6, '0')}</cbc:ID>`);
    expect(xml).toContain('<cbc:IssueDate>2027-01-01</cbc:IssueDate>');
    expect(pageTexts(await download({ orderId })).join('\n')).toContain('01.01.2027');
  });

  it('corrects the billing data of an invoiced order by a storno and a new invoice naming the company', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['B 22 BIL'] });
    await settle(orderId);
    const [original] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    const before = (await download({ orderId, invoiceId: original!.id, format: 'xml' })).toString('utf8');

    const correct = (body: unknown) => call(billingRoute, 'PATCH', '/api/admin/payment/billing', body);
    const company = {
      kind: 'COMPANY',
      name: 'Dante International SA',
      taxId: 'ro 14399840',
      street: 'Șos. Virtuții 148',
      city: 'Sector 6',
      county: 'ro-b',
      postalCode: '060787',
      country: 'RO',
    };
    expect((await correct({ id: orderId, invoice: { ...company, taxId: 'RO14399841' } })).status).toBe(422);
    const corrected = await correct({ id: orderId, invoice: company });
    expect(corrected.status).toBe(200);
    expect(((await corrected.json()) as { documents: unknown }).documents).not.toBeNull();
    // The same data again changes nothing more.
    expect(
      ((await (await correct({ id: orderId, invoice: company })).json()) as { documents: unknown }).documents,
    ).toBeNull();

    const settled = await settle(orderId);
    expect(settled.map((row) => row.status)).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    expect((await download({ orderId, invoiceId: original!.id, format: 'xml' })).toString('utf8')).toBe(
      before,
    );
    const newXml = (await download({ orderId, format: 'xml' })).toString('utf8');
    expect(newXml).toContain('Dante International SA');
    expect(newXml).toContain('RO14399840');
    // Named by its billing data, the company's invoice shows no contact e-mail: the order's may change.
    expect(newXml).not.toContain('driver@example.ro');
    expect(newXml).not.toContain('<cbc:ElectronicMail>driver');
    expectValid(newXml);
    const [storno] = await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    const stornoXml = (
      await download({ orderId, type: 'credit-note', creditNoteId: storno!.id, format: 'xml' })
    ).toString('utf8');
    // The storno reverses the invoice as issued: to the private buyer it named.
    expect(stornoXml).not.toContain('Dante International SA');
    expectValid(stornoXml);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((event) => event.code)).toEqual(
      expect.arrayContaining(['order.billingCorrected', 'invoice.reissued']),
    );
  });

  it('changes only the order when billing data are corrected before payment, and refuses a refunded order', async () => {
    const orderId = await placeVignetteOrder({ plates: ['B 33 BIL'] });
    const invoice = {
      kind: 'PERSON',
      name: 'Ana Popescu',
      street: 'Str. Lungă 1',
      city: 'Brașov',
      county: 'RO-BV',
      country: 'RO',
    };
    const response = await call(billingRoute, 'PATCH', '/api/admin/payment/billing', {
      id: orderId,
      invoice,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { documents: unknown }).documents).toBeNull();
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.invoiceData).toMatchObject({ name: 'Ana Popescu' });
    expect(await db().select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(0);

    await db().update(orders).set({ status: 'REFUNDED' }).where(eq(orders.id, orderId));
    const refused = await call(billingRoute, 'PATCH', '/api/admin/payment/billing', {
      id: orderId,
      invoice: { ...invoice, name: 'Ana Ionescu' },
    });
    expect(refused.status).toBe(409);
  });
});
