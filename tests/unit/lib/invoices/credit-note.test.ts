import { creditNoteDocumentOf, creditNotePdf, type IssuedCreditNote } from '@/lib/invoices/credit-note';
import type { CreditNoteDocument } from '@/lib/db/document-snapshots';
import { renderInvoicePdf } from '@/lib/invoices/invoice-pdf';
import { CREDIT_NOTE_SERIES, creditNoteSeriesOf } from '@/lib/invoices/numbering';
import { toOrderDocument } from '@/lib/orders/order-document';
import { invoiceRow, topUpOrder, vignetteOrder } from '../../../support/loaded-orders';
import { infoValue, pageTexts } from '../../../support/pdf-text';

// The fixtures' invoice is RPV/RPT-2026-000042, issued 2026-03-01T22:30Z: 2 March in Romania. The vignette order
// is 100,00 + 23,45 = 123,45 lei; the top-up order 62,00 lei.
const vignettes = () => toOrderDocument(vignetteOrder(), invoiceRow('RPV'));
const topUp = () => toOrderDocument(topUpOrder(), invoiceRow('RPT'));

const issued = (overrides: Partial<IssuedCreditNote> = {}): IssuedCreditNote => ({
  series: 'RPVS',
  year: 2026,
  number: 1,
  issuedAt: new Date('2026-11-24T10:00:00Z'),
  totalBani: 12345,
  ...overrides,
});

const pdfText = async (document: CreditNoteDocument) =>
  pageTexts(await renderInvoicePdf(document)).join('\n');

describe('creditNoteSeriesOf', () => {
  it('gives credit notes a series of their own beside each kind of invoice', () => {
    expect(creditNoteSeriesOf('VIGNETTE')).toBe('RPVS');
    expect(creditNoteSeriesOf('TOPUP')).toBe('RPTS');
    expect(Object.values(CREDIT_NOTE_SERIES)).not.toContain('RPV');
  });
});

describe('creditNoteDocumentOf', () => {
  it('reverses every line of the invoice when everything is given back', () => {
    const document = creditNoteDocumentOf(vignettes(), issued({ reason: '  Vignette not issued  ' }));
    expect(document).toMatchObject({
      type: 'CREDIT_NOTE',
      series: 'RPVS',
      year: 2026,
      number: 1,
      issuedAt: '2026-11-24T10:00:00.000Z',
      corrects: { series: 'RPV', year: 2026, number: 42, issuedAt: '2026-03-01T22:30:00.000Z' },
      reason: 'Vignette not issued',
      buyer: { kind: 'PERSON', email: 'driver@example.ro' },
      locale: 'ro',
    });
    expect(document.lines.map((line) => [line.quantity, line.unitPriceBani, line.vatRatePercent])).toEqual([
      [-1, 10000, 0],
      [-1, 2345, 0],
    ]);
    expect(document.lines[0]?.description).toMatch(/^Vinietă electronică Ungaria D1/);
    expect(document.lines[0]?.vatNote).toMatch(/art\. 286 alin\. \(4\) lit\. e\)/);
  });

  it('gives back part of a vignette order as one line outside the VAT base', () => {
    const document = creditNoteDocumentOf(vignettes(), issued({ totalBani: 2345, reason: '' }));
    expect(document.reason).toBeUndefined();
    expect(document.lines).toEqual([
      expect.objectContaining({
        description: 'Rambursare parțială pentru comanda AAAAAAAAAAAAAAAAAAAAAA',
        quantity: -1,
        unitPriceBani: 2345,
        vatRatePercent: 0,
        vatNote: expect.stringMatching(/art\. 286/),
      }),
    ]);
  });

  it('gives back part of a top-up at the standard VAT rate', () => {
    const document = creditNoteDocumentOf(topUp(), issued({ series: 'RPTS', totalBani: 2000 }));
    expect(document.corrects.series).toBe('RPT');
    expect(document.locale).toBe('de');
    expect(document.lines).toEqual([
      {
        description: 'Rambursare parțială pentru comanda AAAAAAAAAAAAAAAAAAAAAA',
        quantity: -1,
        unitPriceBani: 2000,
        vatRatePercent: 21,
      },
    ]);
  });

  it('refuses what cannot be credited', () => {
    const unpaid = toOrderDocument(vignetteOrder(), undefined);
    expect(() => creditNoteDocumentOf(unpaid, issued())).toThrow(/no invoice/);
    for (const totalBani of [0, -100, 12346, 12.5])
      expect(() => creditNoteDocumentOf(vignettes(), issued({ totalBani }))).toThrow(RangeError);
    expect(() => creditNoteDocumentOf(vignettes(), issued({ issuedAt: new Date('nope') }))).toThrow(
      RangeError,
    );
  });
});

describe('the credit note PDF', () => {
  it('prints a full reversal in Romanian: the title, the invoice it corrects, negative lines and totals', async () => {
    const text = await pdfText(creditNoteDocumentOf(vignettes(), issued({ reason: 'Emitentul a refuzat.' })));
    for (const expected of [
      'FACTURĂ DE STORNARE',
      'RPVS-2026-000001',
      'Seria: RPVS',
      'Nr.: 000001',
      'Data emiterii: 24.11.2026',
      'Stornează factura RPV-2026-000042 din 02.03.2026',
      'Motivul stornării:',
      'Emitentul a refuzat.',
      'Stare plată: Rambursată pe card',
      '-1 100,00 0% (1) -100,00',
      '-1 23,45 0% (1) -23,45',
      '0% -123,45 0,00',
      'Total fără TVA -123,45 lei',
      'Total factură -123,45 lei',
      'încasată în numele și în contul',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Achitată');
    expect(text).not.toMatch(/Cumpărător \//);
  });

  it('prints a partial refund of a top-up in Romanian and German, with the VAT given back', async () => {
    const text = await pdfText(creditNoteDocumentOf(topUp(), issued({ series: 'RPTS', totalBani: 2000 })));
    for (const expected of [
      'FACTURĂ DE STORNARE',
      'STORNORECHNUNG',
      'RPTS-2026-000001',
      'Stornează factura RPT-2026-000042 din 02.03.2026',
      'Storno zur Rechnung RPT-2026-000042 vom 02.03.2026',
      'Stare plată / Zahlungsstatus: Rambursată pe card / Auf die',
      'Rambursare parțială pentru comanda -1 20,00 21% -20,00',
      // 20,00 lei with 21 % VAT included: 3,47 VAT on 16,53.
      '21% -16,53 -3,47',
      'Total fără TVA -16,53 lei',
      'Total TVA -3,47 lei',
      'Total factură -20,00 lei',
      'Rechnungsbetrag',
    ]) {
      expect(text).toContain(expected);
    }
    // No reason given, none printed; and nothing of the vignettes' VAT note on a top-up.
    expect(text).not.toContain('Motivul stornării');
    expect(text).not.toContain('Mențiuni');
  });

  it.each([
    ['en', 'CREDIT NOTE', 'Credit note for invoice RPV-2026-000042 of 02.03.2026', 'Credit note total'],
    [
      'hu',
      'SZTORNÓSZÁMLA',
      'Az eredeti számla sorszáma: RPV-2026-000042, kelte: 02.03.2026',
      'A sztornó oka',
    ],
  ] as const)('names itself and the corrected invoice in %s too', async (locale, title, reference, label) => {
    const document = { ...creditNoteDocumentOf(vignettes(), issued({ reason: 'x' })), locale };
    const text = await pdfText(document);
    expect(text).toContain('FACTURĂ DE STORNARE');
    expect(text).toContain(title);
    expect(text).toContain('Stornează factura RPV-2026-000042 din 02.03.2026');
    expect(text).toContain(reference);
    expect(text).toContain(label);
    expect(text).not.toContain('\uFFFD');
  });

  it('is a file named after its number, titled as a credit note', async () => {
    const { filename, content } = await creditNotePdf(creditNoteDocumentOf(vignettes(), issued()));
    expect(filename).toBe('factura-stornare-RPVS-2026-000001.pdf');
    expect(infoValue(content, 'Title')).toBe('FACTURĂ DE STORNARE RPVS-2026-000001');
  });

  it('refuses a credit note that would charge instead of give back', async () => {
    const document = creditNoteDocumentOf(vignettes(), issued());
    const charging = { ...document, lines: document.lines.map((line) => ({ ...line, quantity: 1 })) };
    await expect(renderInvoicePdf(charging)).rejects.toThrow(RangeError);
    await expect(
      renderInvoicePdf({ ...document, corrects: { ...document.corrects, issuedAt: 'then' } }),
    ).rejects.toThrow(RangeError);
  });
});
