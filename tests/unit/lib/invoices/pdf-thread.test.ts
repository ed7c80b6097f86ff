import type { CreditNoteDocument, SalesInvoiceDocument } from '@/lib/db/document-snapshots';
import { CURRENT_DOCUMENT_LAYOUT } from '@/lib/invoices/invoice-document';
import { renderInvoicePdf } from '@/lib/invoices/invoice-pdf';
import { pdfThreadUnavailable, renderInvoicePdfOffThread, stopPdfThread } from '@/lib/invoices/pdf-thread';
import { pageTexts } from '../../../support/pdf-text';

const INVOICE: SalesInvoiceDocument = {
  type: 'INVOICE',
  series: 'RPV',
  number: 41,
  year: 2026,
  issuedAt: '2026-11-26T10:00:00.000Z',
  orderId: 'threadOrder0000000001',
  currency: 'RON',
  buyer: { kind: 'PERSON', name: 'Ștefan Țăranu', email: 'stefan@example.ro' },
  lines: [
    {
      description: 'Vinietă electronică Ungaria D1, B 123 ABC',
      quantity: 1,
      unitPriceBani: 3025,
      vatRatePercent: 0,
    },
    { description: 'Comision de serviciu', quantity: 1, unitPriceBani: 990, vatRatePercent: 21 },
  ],
  paymentMethod: 'Card (Netopia Payments)',
  locale: 'ro',
  layout: CURRENT_DOCUMENT_LAYOUT,
};

const CREDIT_NOTE: CreditNoteDocument = {
  ...INVOICE,
  type: 'CREDIT_NOTE',
  series: 'RPVS',
  number: 5,
  issuedAt: '2026-11-27T09:00:00.000Z',
  lines: INVOICE.lines.map((line) => ({ ...line, quantity: -1 })),
  corrects: { series: 'RPV', year: 2026, number: 41, issuedAt: INVOICE.issuedAt },
  reason: 'Vinieta nu a putut fi emisă.',
};

afterAll(() => stopPdfThread());

describe('the invoice PDF thread', () => {
  it('renders the same bytes as the request thread, for an invoice and a credit note, in a thread of its own', async () => {
    const [invoice, creditNote] = await Promise.all([
      renderInvoicePdfOffThread(INVOICE),
      renderInvoicePdfOffThread(CREDIT_NOTE),
    ]);
    expect(pdfThreadUnavailable()).toBe(false);
    expect(invoice.equals(await renderInvoicePdf(INVOICE))).toBe(true);
    expect(creditNote.equals(await renderInvoicePdf(CREDIT_NOTE))).toBe(true);
  });

  it('keeps documents rendered together apart, each in its own language, font state reset between them', async () => {
    const locales = ['ro', 'en', 'de', 'hu', 'ro', 'en'] as const;
    const pdfs = await Promise.all(
      locales.map((locale, i) => renderInvoicePdfOffThread({ ...INVOICE, number: 100 + i, locale })),
    );
    for (const [i, locale] of locales.entries()) {
      expect(pdfs[i]!.equals(await renderInvoicePdf({ ...INVOICE, number: 100 + i, locale }))).toBe(true);
    }
    expect(pageTexts(pdfs[0]!).join('\n')).toContain('RPV-2026-000100');
  });

  it('refuses what the renderer refuses, with the same kind of error', async () => {
    const charging = { ...CREDIT_NOTE, lines: INVOICE.lines };
    await expect(renderInvoicePdfOffThread(charging)).rejects.toThrow(RangeError);
    await expect(renderInvoicePdfOffThread({ ...INVOICE, issuedAt: 'yesterday' })).rejects.toThrow(
      'issuedAt is not a valid date',
    );
  });

  it('loses no document when the thread ends under it: what it had not answered is rendered here', async () => {
    const asked = renderInvoicePdfOffThread(INVOICE);
    await stopPdfThread();
    expect((await asked).equals(await renderInvoicePdf(INVOICE))).toBe(true);
    // And the next document starts a new thread.
    expect((await renderInvoicePdfOffThread(CREDIT_NOTE)).equals(await renderInvoicePdf(CREDIT_NOTE))).toBe(
      true,
    );
    expect(pdfThreadUnavailable()).toBe(false);
  });
});
