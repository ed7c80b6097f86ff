import { COMPANY } from '@/lib/company';
import { CURRENT_DOCUMENT_LAYOUT } from '@/lib/invoices/invoice-document';
import type { SalesInvoiceDocument } from '@/lib/db/document-snapshots';
import { formatBani, renderInvoicePdf } from '@/lib/invoices/invoice-pdf';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { invoiceTotals } from '@/lib/invoices/vat';
import { infoValue, pageTexts } from '../../../support/pdf-text';

const VIGNETTE_NOTE =
  'Suma este încasată în numele și pe contul emitentului maghiar Nemzeti Útdíjfizetési Szolgáltató Zrt. ' +
  '(NÚSZ) și nu face parte din baza de impozitare.';

function invoice(overrides: Partial<SalesInvoiceDocument> = {}): SalesInvoiceDocument {
  return {
    series: 'RPV',
    number: 42,
    year: 2026,
    issuedAt: '2026-03-14T21:30:00.000Z',
    orderId: 'ORD-7F3K9Q',
    currency: 'RON',
    buyer: {
      kind: 'COMPANY',
      name: 'Transport Țăranu & Fiii S.R.L.',
      address: 'Str. Mihai Eminescu nr. 12, Cluj-Napoca',
      taxId: 'RO12345678',
      tradeRegister: 'J12/345/2015',
      email: 'contabilitate@taranu.ro',
    },
    lines: [
      {
        description: 'E-vignetă Ungaria D1 (Győr), B 123 ABC',
        quantity: 1,
        unitPriceBani: 3025,
        vatRatePercent: 0,
        vatNote: VIGNETTE_NOTE,
      },
      { description: 'Comision de serviciu', quantity: 1, unitPriceBani: 990, vatRatePercent: 21 },
      { description: 'Reîncărcare Orange PrePay', quantity: 2, unitPriceBani: 5000, vatRatePercent: 21 },
    ],
    paymentMethod: 'Card (Netopia Payments)',
    locale: 'hu',
    // As documents are issued now (tests/unit/lib/invoices/document-layout.test.ts keeps the earlier layouts).
    layout: CURRENT_DOCUMENT_LAYOUT,
    ...overrides,
  };
}

describe('invoiceTotals', () => {
  it('splits gross amounts into net and VAT per rate, 0% and 21% mixed', () => {
    expect(invoiceTotals(invoice().lines)).toEqual({
      netBani: 12108,
      vatBani: 1907,
      grossBani: 14015,
      byRate: [
        { ratePercent: 0, netBani: 3025, vatBani: 0 },
        { ratePercent: 21, netBani: 9083, vatBani: 1907 },
      ],
    });
  });

  it('rounds once per rate, not per line', () => {
    // Per line: round(17.36) + round(17.36) = 34; on the summed gross: round(34.71) = 35.
    const line = { quantity: 1, unitPriceBani: 100, vatRatePercent: 21 };
    expect(invoiceTotals([line, line]).byRate).toEqual([{ ratePercent: 21, netBani: 165, vatBani: 35 }]);
  });

  it('rounds half away from zero', () => {
    // 3 * 20 / 120 = 0.5 exactly.
    expect(invoiceTotals([{ quantity: 1, unitPriceBani: 3, vatRatePercent: 20 }]).vatBani).toBe(1);
    expect(invoiceTotals([{ quantity: 1, unitPriceBani: -3, vatRatePercent: 20 }]).vatBani).toBe(-1);
    expect(invoiceTotals([{ quantity: 1, unitPriceBani: 1, vatRatePercent: 21 }]).vatBani).toBe(0);
  });

  it('stays in integers and always adds up', () => {
    for (const gross of [1, 7, 99, 121, 1234, 99999, 123456789]) {
      for (const rate of [0, 5, 9, 11, 19, 21]) {
        const totals = invoiceTotals([{ quantity: 1, unitPriceBani: gross, vatRatePercent: rate }]);
        expect(Number.isInteger(totals.vatBani)).toBe(true);
        expect(totals.netBani + totals.vatBani).toBe(gross);
        expect(totals.grossBani).toBe(gross);
      }
    }
  });

  it('sums many small amounts without float drift', () => {
    const lines = Array.from({ length: 10 }, () => ({ quantity: 3, unitPriceBani: 10, vatRatePercent: 21 }));
    expect(invoiceTotals(lines)).toMatchObject({ grossBani: 300, vatBani: 52, netBani: 248 });
    expect(invoiceTotals([])).toEqual({ netBani: 0, vatBani: 0, grossBani: 0, byRate: [] });
  });

  it('refuses fractional bani and impossible rates', () => {
    expect(() => invoiceTotals([{ quantity: 1, unitPriceBani: 12.5, vatRatePercent: 21 }])).toThrow(
      RangeError,
    );
    expect(() => invoiceTotals([{ quantity: 1.5, unitPriceBani: 100, vatRatePercent: 21 }])).toThrow(
      RangeError,
    );
    expect(() => invoiceTotals([{ quantity: 1, unitPriceBani: 100, vatRatePercent: -1 }])).toThrow(
      RangeError,
    );
  });
});

describe('formatInvoiceNumber and formatBani', () => {
  it('pads the number to six digits after the series and year', () => {
    expect(formatInvoiceNumber('RPV', 2026, 42)).toBe('RPV-2026-000042');
    expect(formatInvoiceNumber('RPV', 2027, 1)).toBe('RPV-2027-000001');
    expect(formatInvoiceNumber('RPV', 2026, 1234567)).toBe('RPV-2026-1234567');
    expect(() => formatInvoiceNumber('RPV', 2026, 0)).toThrow(RangeError);
  });

  it('writes lei with two decimals, Romanian style', () => {
    expect(formatBani(0)).toBe('0,00');
    expect(formatBani(5)).toBe('0,05');
    expect(formatBani(14015)).toBe('140,15');
    expect(formatBani(123456789)).toBe('1.234.567,89');
    expect(formatBani(-990)).toBe('-9,90');
  });
});

describe('renderInvoicePdf', () => {
  it('renders a one-page A4 PDF whose text keeps the diacritics and the key values', async () => {
    const pdf = await renderInvoicePdf(invoice());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');

    const pages = pageTexts(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';
    expect(text).not.toContain('\uFFFD');
    for (const expected of [
      'FACTURĂ',
      'SZÁMLA',
      'RPV-2026-000042',
      'Furnizor / Eladó',
      'Cumpărător / Vevő',
      'Data emiterii / Kiállítás dátuma: 14.03.2026',
      'Comanda / Rendelés: ORD-7F3K9Q',
      'Modalitate de plată / Fizetési mód: Card (Netopia Payments)',
      // Seller block.
      COMPANY.name,
      `Nr. Reg. Com. / Cégjegyzékszám: ${COMPANY.tradeRegister}`,
      `CIF / Adószám: ${COMPANY.taxId}`,
      `EUID: ${COMPANY.euid}`,
      'Capital social / Jegyzett tőke: 202.000 lei',
      COMPANY.email,
      COMPANY.phone,
      // Lines, VAT summary and totals.
      'E-vignetă Ungaria D1 (Győr), B 123 ABC 1 30,25 0% (1) 30,25',
      'Reîncărcare Orange PrePay 2 50,00 21% 100,00',
      '0% 30,25 0,00',
      '21% 90,83 19,07',
      'Total fără TVA 121,08 lei',
      'Total TVA 19,07 lei',
      'Total factură 140,15 lei',
      // The note exactly as passed, and the footer.
      'Mențiuni / Megjegyzések',
      'încasată în numele și pe contul',
      'valabilă fără semnătură și ștampilă',
      'Pagina / Oldal 1/1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints the order's short reference beside its id on a document issued with one, and only there", async () => {
    const withReference = pageTexts(await renderInvoicePdf(invoice({ orderReference: 'RP-7K3-9QX' }))).join(
      '\n',
    );
    expect(withReference).toContain('Comanda / Rendelés: RP-7K3-9QX (ORD-7F3K9Q)');
    const issuedBefore = pageTexts(await renderInvoicePdf(invoice())).join('\n');
    expect(issuedBefore).not.toContain('RP-');
  });

  it('shows a company buyer with its tax id and trade register number', async () => {
    const text = pageTexts(await renderInvoicePdf(invoice({ locale: 'en' }))).join('\n');
    expect(text).toContain('Transport Țăranu & Fiii S.R.L.');
    expect(text).toContain('CIF / Tax ID: RO12345678');
    expect(text).toContain('Nr. Reg. Com. / Trade register no.: J12/345/2015');
    expect(text).toContain('contabilitate@taranu.ro');
  });

  it('shows a person buyer without company fields, in German', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        locale: 'de',
        buyer: {
          kind: 'PERSON',
          name: 'Jürgen Weiß-Őry',
          address: 'Hauptstraße 5, Berlin',
          email: 'j@example.de',
        },
      }),
    );
    const text = pageTexts(pdf).join('\n');
    expect(text).toContain('Cumpărător / Käufer');
    expect(text).toContain('Jürgen Weiß-Őry');
    expect(text).toContain('Adresa / Anschrift: Hauptstraße 5, Berlin');
    expect(text).toContain('j@example.de');
    // Only the seller's tax id and trade register number.
    expect(text.match(/CIF \/ Steuernummer:/g)).toHaveLength(1);
    expect(text.match(/Nr\. Reg\. Com\. \/ Handelsregisternr\.:/g)).toHaveLength(1);
  });

  it('writes a structured address as one readable line: street, postal code and city, county, country', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        locale: 'ro',
        buyer: {
          kind: 'COMPANY',
          name: 'Dante International SA',
          street: 'Șos. Virtuții 148',
          city: 'SECTOR6',
          county: 'RO-B',
          postalCode: '060787',
          country: 'RO',
          taxId: 'RO14399840',
          email: 'office@example.ro',
        },
      }),
    );
    const text = pageTexts(pdf).join('\n').replace(/\s+/g, ' ');
    // The text comes out line by line across both columns: the address wraps after "Municipiul".
    expect(text).toContain('Sediul: Șos. Virtuții 148, 060787 Sector 6, Municipiul');
    expect(text).toContain('București, România');
    expect(text).toContain('CIF: RO14399840');
  });

  it('writes Romanian labels alone for a Romanian buyer', async () => {
    const text = pageTexts(await renderInvoicePdf(invoice({ locale: 'ro' }))).join('\n');
    expect(text).toContain('Cumpărător');
    expect(text).toContain('Mențiuni');
    expect(text).not.toMatch(/Cumpărător \//);
    expect(text).toContain('Pagina 1/1');
  });

  it('wraps a long description inside its row', async () => {
    const description =
      'Vinietă electronică pentru autostrăzile din Ungaria, categoria D1, valabilă 10 zile, pentru vehiculul ' +
      'cu numărul de înmatriculare B 123 ABC, începând cu 15.03.2026 (Hegyeshalom – Győr – Budapesta – Szeged)';
    const pdf = await renderInvoicePdf(
      invoice({
        lines: [{ description, quantity: 1, unitPriceBani: 3025, vatRatePercent: 0, vatNote: VIGNETTE_NOTE }],
      }),
    );
    const pages = pageTexts(pdf);
    expect(pages).toHaveLength(1);
    const lines = (pages[0] ?? '').split('\n');
    const first = lines.findIndex((line) => line.includes('Vinietă electronică'));
    const last = lines.findIndex((line) => line.includes('Szeged)'));
    expect(first).toBeGreaterThan(-1);
    expect(last).toBeGreaterThan(first + 1);
    expect(lines[first]).toContain('30,25');
  });

  it('flows 40 lines onto a second page with the table header repeated', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      description: `Reîncărcare Vodafone nr. ${i + 1}`,
      quantity: 1,
      unitPriceBani: 1000,
      vatRatePercent: 21,
    }));
    const pages = pageTexts(await renderInvoicePdf(invoice({ locale: 'en', lines })));
    expect(pages).toHaveLength(2);
    const [first = '', second = ''] = pages;
    for (const page of [first, second]) {
      expect(page).toContain('Denumire produs / serviciu');
      expect(page).toContain('Preț unitar cu TVA');
    }
    expect(first).toContain('Reîncărcare Vodafone nr. 1 ');
    expect(second).toContain('FACTURĂ / INVOICE RPV-2026-000042');
    expect(second).toContain('Reîncărcare Vodafone nr. 40');
    expect(second).toContain('Total factură');
    expect(second).toContain('400,00 lei');
    expect(first).toContain('Pagina / Page 1/2');
    expect(second).toContain('Pagina / Page 2/2');
    // Every line exactly once.
    const all = pages.join('\n');
    for (let n = 1; n <= 40; n += 1)
      expect(all.match(new RegExp(`Vodafone nr\\. ${n} `, 'g'))).toHaveLength(1);
  });

  it('is deterministic, with the metadata taken from the invoice', async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(invoice()), renderInvoicePdf(invoice())]);
    expect(a.equals(b)).toBe(true);
    expect(infoValue(a, 'Title')).toBe('FACTURĂ RPV-2026-000042');
    expect(infoValue(a, 'Author')).toBe(COMPANY.name);
    expect(infoValue(a, 'CreationDate')).toBe('D:20260314213000Z');
  });

  it('rejects an invalid issue date', async () => {
    await expect(renderInvoicePdf(invoice({ issuedAt: 'yesterday' }))).rejects.toThrow(RangeError);
  });
});
