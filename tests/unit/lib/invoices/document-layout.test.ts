import { createHash } from 'node:crypto';
import { COMPANY } from '@/lib/company';
import { creditNoteDocumentFrom } from '@/lib/invoices/credit-note';
import { locales } from '@/lib/i18n/routing';
import { CURRENT_DOCUMENT_LAYOUT } from '@/lib/invoices/invoice-document';
import type { CreditNoteDocument, InvoiceLocale, SalesInvoiceDocument } from '@/lib/db/document-snapshots';
import { renderInvoicePdf } from '@/lib/invoices/invoice-pdf';
import { FROZEN_LABELS, type InvoiceLabels } from '@/lib/invoices/invoice-pdf-labels';
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

/*
 * Layout 2, as documents are issued now: an invoice of a company over two pages and a credit note of a person, in each
 * language, between them printing every label of the layout. Their bytes are what every later download of a layout-2
 * document must give, whatever messages/*.json says then (tests/unit/lib/invoices/document-labels.test.ts).
 */
const LAYOUT_2_INVOICE: SalesInvoiceDocument = {
  type: 'INVOICE',
  series: 'RPV',
  number: 1203,
  year: 2026,
  issuedAt: '2026-11-26T22:30:00.000Z',
  orderId: 'layoutOrder0000000002',
  orderReference: 'RP-7K3-9QX',
  currency: 'RON',
  buyer: {
    kind: 'COMPANY',
    name: 'Transport Țăranu & Fiii S.R.L.',
    street: 'Str. Mihai Eminescu nr. 12',
    city: 'Cluj-Napoca',
    county: 'RO-CJ',
    postalCode: '400001',
    country: 'RO',
    taxId: 'RO12345678',
    tradeRegister: 'J12/345/2015',
  },
  lines: [
    ...Array.from({ length: 36 }, (_, i) => ({
      description: `Vinietă electronică Ungaria D1, B ${String(100 + i)} ŢĂŞ`,
      quantity: 1,
      unitPriceBani: 3025 + i,
      vatRatePercent: 0,
      vatNote: 'Sumă încasată în numele și în contul emitentului maghiar al vinietei.',
    })),
    { description: 'Comision de serviciu', quantity: 2, unitPriceBani: 990, vatRatePercent: 21 },
  ],
  paymentMethod: 'Card (Netopia Payments)',
  locale: 'ro',
  layout: 2,
};

const LAYOUT_2_CREDIT_NOTE: CreditNoteDocument = {
  type: 'CREDIT_NOTE',
  series: 'RPVS',
  number: 17,
  year: 2026,
  issuedAt: '2026-11-27T09:15:00.000Z',
  orderId: 'layoutOrder0000000003',
  currency: 'RON',
  buyer: { kind: 'PERSON', name: 'Mihai Stan', address: 'Str. Lungă nr. 3, Brașov' },
  lines: [
    {
      description: 'Vinietă electronică Ungaria D1, B 77 LAY',
      quantity: -1,
      unitPriceBani: 3025,
      vatRatePercent: 0,
    },
    { description: 'Comision de serviciu', quantity: -1, unitPriceBani: 990, vatRatePercent: 21 },
  ],
  paymentMethod: 'Card (Netopia Payments)',
  locale: 'ro',
  layout: 2,
  corrects: { series: 'RPV', year: 2026, number: 1190, issuedAt: '2026-11-25T08:00:00.000Z' },
  reason: 'Vinieta nu a putut fi emisă.',
};

/**
 * SHA-256 of each layout-2 fixture's PDF, by language, as layout 2 printed them when it was current (the commit before
 * its labels moved to messages/*.json).
 */
const LAYOUT_2_PDFS: Record<InvoiceLocale, { invoice: string; creditNote: string }> = {
  ro: {
    invoice: '150d5ffd508fb1e9b184760bfee5c69c441805584be846037e4a3b5a1ff12dfe',
    creditNote: '077609a8023e154fd2f0a73a501ca2e84e9478de3d7992426ae0b46780d2d786',
  },
  en: {
    invoice: '1e0390b2f7a0377dfc9831a2fda5cff57d0123ca686f41176da2890ca9ec7768',
    creditNote: 'aa2742f6540504dd905bdc16b138b4ca26786c58a2384812d0e68a75147e7c54',
  },
  de: {
    invoice: '875b256c3fc7fc7c4bead63010b654bb31dff17a599c23242ef3244f0ce6467b',
    creditNote: '66f91039165898168b0ada9e2d0bccfa71d4778dd73d4dc61f4054c235410ce7',
  },
  hu: {
    invoice: 'c98dcd0a14cbefda4af700b7bdaaa638f18e9074afc6c95fe968bfaffc44e1c5',
    creditNote: 'e2d6ffadb0cba942ee84e8c10526034bfcf60e83ee3a65f2149cfe3bc759ab11',
  },
};

describe('layout 2, byte for byte', () => {
  it.each(locales)('prints the %s invoice and credit note as layout 2 did', async (locale) => {
    const invoice = await renderInvoicePdf({ ...LAYOUT_2_INVOICE, locale });
    const creditNote = await renderInvoicePdf({ ...LAYOUT_2_CREDIT_NOTE, locale });
    expect({ invoice: sha256(invoice), creditNote: sha256(creditNote) }).toEqual(LAYOUT_2_PDFS[locale]);
  });

  it.each(locales)('prints every label of layout 2 in %s on those two documents', async (locale) => {
    const printed = [
      ...pageTexts(await renderInvoicePdf({ ...LAYOUT_2_INVOICE, locale })),
      ...pageTexts(await renderInvoicePdf({ ...LAYOUT_2_CREDIT_NOTE, locale })),
    ]
      .join('\n')
      .replace(/\s+/g, ' ');
    const labels = FROZEN_LABELS[2]!;
    const unprinted = (Object.keys(labels[locale]) as (keyof InvoiceLabels)[]).filter((key) => {
      const words = (label: string) => label.replace(/\{(number|date)\}.*$/, '').trim();
      return !printed.includes(words(labels[locale][key])) || !printed.includes(words(labels.ro[key]));
    });
    expect(unprinted).toEqual([]);
  });
});
