import { createHash } from 'node:crypto';
import { COMPANY } from '@/lib/company';
import { creditNoteDocumentFrom } from '@/lib/invoices/credit-note';
import { CURRENT_DOCUMENT_LAYOUT, type SalesInvoiceDocument } from '@/lib/invoices/invoice-document';
import { renderInvoicePdf } from '@/lib/invoices/invoice-pdf';
import { pageTexts } from '../../../support/pdf-text';

/*
 * The seller's share capital was printed "202000 lei", without the thousands separator every amount has. Documents
 * issued from now on print "202.000 lei"; an issued document never changes, and its PDF is printed from its snapshot
 * at every download, so the layout is stored in the snapshot and a document issued before keeps printing, byte for
 * byte, as it did.
 */

/** A snapshot as documents were stored before layouts were numbered: no `layout`. */
const ISSUED_BEFORE: SalesInvoiceDocument = {
  type: 'INVOICE',
  series: 'RPV',
  number: 7,
  year: 2026,
  issuedAt: '2026-11-20T10:00:00.000Z',
  orderId: 'layoutOrder0000000001',
  currency: 'RON',
  buyer: { kind: 'PERSON', name: 'Mihai Stan', email: 'mihai@example.ro' },
  lines: [
    {
      description: 'Vinietă electronică Ungaria D1, B 77 LAY',
      quantity: 1,
      unitPriceBani: 20200000,
      vatRatePercent: 0,
    },
  ],
  paymentMethod: 'Card (Netopia Payments)',
  locale: 'ro',
};

/**
 * SHA-256 of that document's PDF as the renderer printed it before the layout was versioned (the commit before this
 * test): what every download of an issued document must stay.
 */
const PDF_BEFORE_LAYOUTS = 'e999f87ef66c5b47fefc7d3af6db528b254ccc46a73e61ec0eef69c3bf47a3d0';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const text = async (document: SalesInvoiceDocument | ReturnType<typeof creditNoteDocumentFrom>) =>
  pageTexts(await renderInvoicePdf(document)).join('\n');

describe('the layout an issued document keeps', () => {
  it('prints a document issued before layouts as it did, byte for byte, share capital "202000 lei"', async () => {
    const pdf = await renderInvoicePdf(ISSUED_BEFORE);
    expect(sha256(pdf)).toBe(PDF_BEFORE_LAYOUTS);
    expect(pageTexts(pdf).join('\n')).toContain('Capital social: 202000 lei');
  });

  it('prints a document issued now with the share capital grouped by thousands, and stores its layout', async () => {
    const now = { ...ISSUED_BEFORE, layout: CURRENT_DOCUMENT_LAYOUT };
    const printed = await text(now);
    expect(COMPANY.shareCapital).toBe('202.000 lei');
    expect(printed).toContain('Capital social: 202.000 lei');
    expect(printed).not.toContain('202000 lei');
    // The amounts were grouped already, in both layouts.
    expect(printed).toContain('202.000,00');
  });

  it('prints a credit note issued now in the current layout, even of an invoice issued before', async () => {
    const note = creditNoteDocumentFrom(ISSUED_BEFORE, {
      series: 'RPVS',
      year: 2026,
      number: 3,
      issuedAt: new Date('2026-11-21T09:00:00.000Z'),
      totalBani: 20200000,
    });
    expect(note.layout).toBe(CURRENT_DOCUMENT_LAYOUT);
    expect(await text(note)).toContain('Capital social: 202.000 lei');
  });

  it('keeps the labels a later layout reworded: CUI and the Hungarian two-word credit note before layout 2', async () => {
    const note = creditNoteDocumentFrom(
      { ...ISSUED_BEFORE, locale: 'hu' },
      {
        series: 'RPVS',
        year: 2026,
        number: 4,
        issuedAt: new Date('2026-11-21T09:00:00.000Z'),
        totalBani: 20200000,
      },
    );
    const before = await text({ ...note, layout: undefined });
    const now = await text(note);
    expect(before).toContain('SZTORNÓ SZÁMLA');
    expect(before).toMatch(/CUI RO\d+/);
    expect(now).toContain('SZTORNÓSZÁMLA');
    expect(now).toMatch(/CIF RO\d+/);
  });
});
