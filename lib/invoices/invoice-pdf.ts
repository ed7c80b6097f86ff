import 'server-only';

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

import { addressText } from '@/lib/billing/address';
import { COMPANY, fillPlaceholders } from '@/lib/company';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import type { InvoiceDocument, InvoiceLocale } from './invoice-document';
import { formatInvoiceNumber } from './numbering';
import { assertInteger, invoiceTotals, lineGrossBani, type InvoiceTotals } from './vat';

// The invoice, and the credit note that corrects one, as an A4 PDF: their wording and their layout, one look for
// both. The sums it prints come from vat.ts, the numbers from numbering.ts, the content from order-invoice.ts.

// ---------------------------------------------------------------------------------------------------------------
// Wording. Invoices are legal documents with fixed wording, so the labels live here rather than in messages/*.json.

interface InvoiceLabels {
  invoice: string;
  seller: string;
  buyer: string;
  series: string;
  number: string;
  issueDate: string;
  order: string;
  paymentMethod: string;
  paymentStatus: string;
  paid: string;
  currency: string;
  headquarters: string;
  address: string;
  tradeRegister: string;
  taxId: string;
  euid: string;
  shareCapital: string;
  email: string;
  phone: string;
  colNo: string;
  colDescription: string;
  colQuantity: string;
  colUnitPrice: string;
  colVatRate: string;
  colAmount: string;
  vatBreakdown: string;
  vatRate: string;
  taxableBase: string;
  vat: string;
  totalNet: string;
  totalVat: string;
  total: string;
  notes: string;
  page: string;
  continued: string;
  legalNote: string;
  // A credit note's own wording.
  creditNote: string;
  /** `{number}` and `{date}` are the corrected invoice's. */
  corrects: string;
  reason: string;
  refunded: string;
  creditNoteTotal: string;
  creditNoteLegalNote: string;
}

type LabelKey = keyof InvoiceLabels;

const LABELS: Record<InvoiceLocale, InvoiceLabels> = {
  ro: {
    invoice: 'FACTURĂ',
    seller: 'Furnizor',
    buyer: 'Cumpărător',
    series: 'Seria',
    number: 'Nr.',
    issueDate: 'Data emiterii',
    order: 'Comanda',
    paymentMethod: 'Modalitate de plată',
    paymentStatus: 'Stare plată',
    paid: 'Achitată',
    currency: 'Moneda',
    headquarters: 'Sediul',
    address: 'Adresa',
    tradeRegister: 'Nr. Reg. Com.',
    taxId: 'CIF',
    euid: 'EUID',
    shareCapital: 'Capital social',
    email: 'E-mail',
    phone: 'Telefon',
    colNo: 'Nr. crt.',
    colDescription: 'Denumire produs / serviciu',
    colQuantity: 'Cant.',
    colUnitPrice: 'Preț unitar cu TVA (lei)',
    colVatRate: 'Cota TVA',
    colAmount: 'Valoare cu TVA (lei)',
    vatBreakdown: 'Defalcare TVA',
    vatRate: 'Cota TVA',
    taxableBase: 'Bază impozabilă (lei)',
    vat: 'TVA (lei)',
    totalNet: 'Total fără TVA',
    totalVat: 'Total TVA',
    total: 'Total factură',
    notes: 'Mențiuni',
    page: 'Pagina',
    continued: 'continuare',
    legalNote: 'Factură emisă electronic, valabilă fără semnătură și ștampilă.',
    creditNote: 'FACTURĂ DE STORNARE',
    corrects: 'Stornează factura {number} din {date}',
    reason: 'Motivul stornării',
    refunded: 'Rambursată pe card',
    creditNoteTotal: 'Total factură',
    creditNoteLegalNote: 'Factură emisă electronic, valabilă fără semnătură și ștampilă.',
  },
  en: {
    invoice: 'INVOICE',
    seller: 'Seller',
    buyer: 'Buyer',
    series: 'Series',
    number: 'No.',
    issueDate: 'Issue date',
    order: 'Order',
    paymentMethod: 'Payment method',
    paymentStatus: 'Payment status',
    paid: 'Paid',
    currency: 'Currency',
    headquarters: 'Registered office',
    address: 'Address',
    tradeRegister: 'Trade register no.',
    taxId: 'Tax ID',
    euid: 'EUID',
    shareCapital: 'Share capital',
    email: 'E-mail',
    phone: 'Phone',
    colNo: 'No.',
    colDescription: 'Description',
    colQuantity: 'Qty',
    colUnitPrice: 'Unit price incl. VAT (lei)',
    colVatRate: 'VAT rate',
    colAmount: 'Amount incl. VAT (lei)',
    vatBreakdown: 'VAT breakdown',
    vatRate: 'VAT rate',
    taxableBase: 'Taxable amount (lei)',
    vat: 'VAT (lei)',
    totalNet: 'Total excl. VAT',
    totalVat: 'Total VAT',
    total: 'Invoice total',
    notes: 'Notes',
    page: 'Page',
    continued: 'continued',
    legalNote: 'Electronically issued invoice, valid without signature or stamp.',
    creditNote: 'CREDIT NOTE',
    corrects: 'Credit note for invoice {number} of {date}',
    reason: 'Reason',
    refunded: 'Refunded to card',
    creditNoteTotal: 'Credit note total',
    creditNoteLegalNote: 'Electronically issued credit note, valid without signature or stamp.',
  },
  de: {
    invoice: 'RECHNUNG',
    seller: 'Verkäufer',
    buyer: 'Käufer',
    series: 'Serie',
    number: 'Nr.',
    issueDate: 'Rechnungsdatum',
    order: 'Bestellung',
    paymentMethod: 'Zahlungsart',
    paymentStatus: 'Zahlungsstatus',
    paid: 'Bezahlt',
    currency: 'Währung',
    headquarters: 'Sitz',
    address: 'Anschrift',
    tradeRegister: 'Handelsregisternr.',
    taxId: 'Steuernummer',
    euid: 'EUID',
    shareCapital: 'Stammkapital',
    email: 'E-Mail',
    phone: 'Telefon',
    colNo: 'Pos.',
    colDescription: 'Bezeichnung',
    colQuantity: 'Menge',
    colUnitPrice: 'Einzelpreis inkl. USt. (Lei)',
    colVatRate: 'USt.-Satz',
    colAmount: 'Betrag inkl. USt. (Lei)',
    vatBreakdown: 'USt.-Aufstellung',
    vatRate: 'USt.-Satz',
    taxableBase: 'Nettobetrag (Lei)',
    vat: 'USt. (Lei)',
    totalNet: 'Summe netto',
    totalVat: 'Summe USt.',
    total: 'Rechnungsbetrag',
    notes: 'Hinweise',
    page: 'Seite',
    continued: 'Fortsetzung',
    legalNote: 'Elektronisch ausgestellte Rechnung, ohne Unterschrift und Stempel gültig.',
    // Not "Gutschrift": in German VAT law that word names the invoice a buyer issues in the seller's stead.
    creditNote: 'STORNORECHNUNG',
    corrects: 'Storno zur Rechnung {number} vom {date}',
    reason: 'Grund der Stornierung',
    refunded: 'Auf die Karte erstattet',
    creditNoteTotal: 'Rechnungsbetrag',
    creditNoteLegalNote: 'Elektronisch ausgestellte Rechnung, ohne Unterschrift und Stempel gültig.',
  },
  hu: {
    invoice: 'SZÁMLA',
    seller: 'Eladó',
    buyer: 'Vevő',
    series: 'Sorozat',
    number: 'Sorszám',
    issueDate: 'Kiállítás dátuma',
    order: 'Rendelés',
    paymentMethod: 'Fizetési mód',
    paymentStatus: 'Fizetési állapot',
    paid: 'Kifizetve',
    currency: 'Pénznem',
    headquarters: 'Székhely',
    address: 'Cím',
    tradeRegister: 'Cégjegyzékszám',
    taxId: 'Adószám',
    euid: 'EUID',
    shareCapital: 'Jegyzett tőke',
    email: 'E-mail',
    phone: 'Telefon',
    colNo: 'Ssz.',
    colDescription: 'Megnevezés',
    colQuantity: 'Menny.',
    colUnitPrice: 'Bruttó egységár (lej)',
    colVatRate: 'ÁFA-kulcs',
    colAmount: 'Bruttó érték (lej)',
    vatBreakdown: 'ÁFA-összesítő',
    vatRate: 'ÁFA-kulcs',
    taxableBase: 'Adóalap (lej)',
    vat: 'ÁFA (lej)',
    totalNet: 'Nettó összesen',
    totalVat: 'ÁFA összesen',
    total: 'Számla végösszege',
    notes: 'Megjegyzések',
    page: 'Oldal',
    continued: 'folytatás',
    legalNote: 'Elektronikusan kiállított számla, aláírás és bélyegző nélkül érvényes.',
    creditNote: 'SZTORNÓSZÁMLA',
    corrects: 'Az eredeti számla sorszáma: {number}, kelte: {date}',
    reason: 'A sztornó oka',
    refunded: 'Kártyára visszatérítve',
    creditNoteTotal: 'Számla végösszege',
    creditNoteLegalNote: 'Elektronikusan kiállított számla, aláírás és bélyegző nélkül érvényes.',
  },
};

type Labels = Record<InvoiceLocale, InvoiceLabels>;

/**
 * The labels layout 2 reworded, as documents issued before it print them: an issued document never changes, and its
 * PDF is printed from its snapshot at every download (docs/decisions/0023).
 */
const REWORDED_IN_LAYOUT_2: { [Locale in InvoiceLocale]?: Partial<InvoiceLabels> } = {
  ro: { taxId: 'CUI' },
  hu: { creditNote: 'SZTORNÓ SZÁMLA' },
};
const LABELS_BEFORE_LAYOUT_2 = Object.fromEntries(
  Object.entries(LABELS).map(([locale, labels]) => [
    locale,
    { ...labels, ...REWORDED_IN_LAYOUT_2[locale as InvoiceLocale] },
  ]),
) as Labels;

/** The labels a document of `layout` prints (CURRENT_DOCUMENT_LAYOUT; none: issued before layouts were numbered). */
const labelsOf = (layout: number | undefined): Labels =>
  layout === undefined || layout < 2 ? LABELS_BEFORE_LAYOUT_2 : LABELS;

/** Romanian first (the legal language), then the buyer's language when it differs. */
function labelParts(labels: Labels, locale: InvoiceLocale, key: LabelKey): { ro: string; other?: string } {
  const ro = labels.ro[key];
  const other = labels[locale][key];
  return locale === 'ro' || other === ro ? { ro } : { ro, other };
}

function bilingual(labels: Labels, locale: InvoiceLocale, key: LabelKey): string {
  const { ro, other } = labelParts(labels, locale, key);
  return other ? `${ro} / ${other}` : ro;
}

/** The labels in which a credit note differs from an invoice; everything else reads the same on both. */
const WORDING = {
  INVOICE: { title: 'invoice', paymentStatus: 'paid', total: 'total', legalNote: 'legalNote' },
  CREDIT_NOTE: {
    title: 'creditNote',
    paymentStatus: 'refunded',
    total: 'creditNoteTotal',
    legalNote: 'creditNoteLegalNote',
  },
} as const satisfies Record<string, Record<string, LabelKey>>;

type Wording = (typeof WORDING)[keyof typeof WORDING];

// ---------------------------------------------------------------------------------------------------------------
// Formatting: Romanian conventions, since Romanian is the invoice's legal language.

/** "1234567" → "1.234.567": a whole number's digits in groups of three, as Romanian writes them. */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** 123456 → "1.234,56", from integers only. */
export function formatBani(bani: number): string {
  assertInteger(bani, 'amount');
  const sign = bani < 0 ? '-' : '';
  const abs = Math.abs(bani);
  return `${sign}${groupThousands(String(Math.floor(abs / 100)))},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The seller's share capital as a document of `layout` prints it (CURRENT_DOCUMENT_LAYOUT): since layout 2, as
 * `COMPANY` writes it, grouped by thousands ("202.000 lei"); before, without the separator ("202000 lei").
 */
export function shareCapitalText(layout: number | undefined): string {
  if (layout === undefined || layout < 2) return COMPANY.shareCapital.replace(/(?<=\d)\.(?=\d{3})/g, '');
  return COMPANY.shareCapital;
}

const ROMANIAN_DATE = new Intl.DateTimeFormat('ro-RO', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

function parseIssuedAt(issuedAt: string): Date {
  const date = new Date(issuedAt);
  if (Number.isNaN(date.getTime())) throw new RangeError(`issuedAt is not a valid date: ${issuedAt}`);
  return date;
}

// ---------------------------------------------------------------------------------------------------------------
// Layout.

// A full Noto Sans (Latin, Latin Extended: ă â î ș ț ő ű ä ö ü ß): the 14 standard PDF fonts cannot show ș ț ő ű.
// The files ship beside this module (fonts/, with their licence) and are found from its location, not from the
// working directory, which is wherever the server was started. A package's files cannot be found by module
// resolution here: Next bundles this module, and its require.resolve answers module ids, not paths. Its
// import.meta.url, though, is the module's place in the project (or in the standalone output, which carries the
// fonts: next.config.mjs), worked out when the server runs.
const FONT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');
const FONT_REGULAR = path.join(FONT_DIR, 'NotoSans-Regular.ttf');
const FONT_BOLD = path.join(FONT_DIR, 'NotoSans-Bold.ttf');

/** A font as pdfkit's own font engine (fontkit) parsed it; pdfkit accepts one wherever it accepts a font file. */
type ParsedFont = { layout: (...args: never[]) => unknown; _glyphs?: unknown[] };
let fontCache: { regular: ParsedFont; bold: ParsedFont } | undefined;

/** pdfkit parses a font file anew for each document; this hands it the font it parsed for an earlier one. */
function parseFont(file: string): ParsedFont {
  const doc = new PDFDocument({ font: file, autoFirstPage: false });
  const parsed = (doc as unknown as { _font?: { font?: ParsedFont } })._font?.font;
  if (typeof parsed?.layout !== 'function') throw new Error(`pdfkit did not parse the font ${file}`);
  return parsed;
}

/**
 * The invoice's fonts, parsed once per process. Parsing (fontkit decoding the font's tables, above all its
 * layout tables) was most of an invoice's rendering time, and an invoice is rendered for every paid order: under
 * load it took more CPU than every request of the purchase together.
 */
function loadFonts() {
  fontCache ??= { regular: parseFont(FONT_REGULAR), bold: parseFont(FONT_BOLD) };
  // The decoded tables are shared; the glyph objects are not: fontkit keeps each glyph with the characters it was
  // first met as, which differ between documents (ligatures, substitutions) and then spoil a document's text layer.
  for (const font of [fontCache.regular, fontCache.bold]) font._glyphs = [];
  return fontCache;
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 42;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Everything but the footer stays above this line. */
const CONTENT_BOTTOM = PAGE_HEIGHT - 72;

const INK = '#111111';
const MUTED = '#5a5a5a';
const RULE = '#9a9a9a';
const SHADE = '#eeeeee';

const BODY_SIZE = 8.5;
const SMALL_SIZE = 7.5;
const CELL_PAD = 4;

interface Column {
  key: 'colNo' | 'colDescription' | 'colQuantity' | 'colUnitPrice' | 'colVatRate' | 'colAmount';
  width: number;
  align: 'left' | 'right';
}

const COLUMNS: Column[] = [
  { key: 'colNo', width: 36, align: 'right' },
  { key: 'colDescription', width: 184, align: 'left' },
  { key: 'colQuantity', width: 38, align: 'right' },
  { key: 'colUnitPrice', width: 100, align: 'right' },
  { key: 'colVatRate', width: 58, align: 'right' },
  { key: 'colAmount', width: CONTENT_WIDTH - 36 - 184 - 38 - 100 - 58, align: 'right' },
];

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
  /** Clip to this height with an ellipsis (a single text can then never spill onto a page of its own). */
  maxHeight?: number;
}

class InvoiceLayout {
  readonly doc: PDFKit.PDFDocument;
  private readonly invoice: InvoiceDocument;
  private readonly numberText: string;
  private readonly wording: Wording;

  constructor(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, numberText: string) {
    this.doc = doc;
    this.invoice = invoice;
    this.numberText = numberText;
    this.wording = WORDING[invoice.type ?? 'INVOICE'];
  }

  private get locale(): InvoiceLocale {
    return this.invoice.locale;
  }

  private get labels(): Labels {
    return labelsOf(this.invoice.layout);
  }

  private style(style: TextStyle): PDFKit.Mixins.TextOptions {
    this.doc
      .font(style.bold ? 'Bold' : 'Regular')
      .fontSize(style.size ?? BODY_SIZE)
      .fillColor(style.color ?? INK);
    return { align: style.align ?? 'left', lineGap: 1 };
  }

  /** Writes text in a box and returns its height. */
  text(value: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const options: PDFKit.Mixins.TextOptions = { ...this.style(style), width };
    if (style.maxHeight !== undefined && this.doc.heightOfString(value, options) > style.maxHeight) {
      options.height = style.maxHeight;
      options.ellipsis = true;
    }
    const height = Math.min(this.doc.heightOfString(value, options), options.height ?? Infinity);
    this.doc.text(value, x, y, options);
    return height;
  }

  height(value: string, width: number, style: TextStyle = {}): number {
    return this.doc.heightOfString(value, { ...this.style(style), width });
  }

  /** "Label: value", the label muted; returns the y below it. */
  field(key: LabelKey, value: string, x: number, y: number, width: number): number {
    this.style({ color: MUTED });
    this.doc.text(`${bilingual(this.labels, this.locale, key)}: `, x, y, {
      width,
      lineGap: 1,
      continued: true,
    });
    this.style({});
    this.doc.text(value, { lineGap: 1 });
    return this.doc.y;
  }

  rule(y: number, x = MARGIN, width = CONTENT_WIDTH, color = RULE, lineWidth = 0.5): void {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(lineWidth)
      .strokeColor(color)
      .stroke();
  }

  /** A bilingual label stacked on two lines: Romanian, then the buyer's language in a lighter tone. */
  stackedLabel(
    key: LabelKey,
    x: number,
    y: number,
    width: number,
    align: 'left' | 'right',
    size = SMALL_SIZE,
  ): number {
    const { ro, other } = labelParts(this.labels, this.locale, key);
    let height = this.text(ro, x, y, width, { size, bold: true, align });
    if (other) height += this.text(other, x, y + height, width, { size, color: MUTED, align });
    return height;
  }

  stackedLabelHeight(key: LabelKey, width: number, size = SMALL_SIZE): number {
    const { ro, other } = labelParts(this.labels, this.locale, key);
    return this.height(ro, width, { size, bold: true }) + (other ? this.height(other, width, { size }) : 0);
  }

  // --- page furniture ---

  newPage(): number {
    this.doc.addPage();
    const y = MARGIN;
    const title = `${bilingual(this.labels, this.locale, this.wording.title)}  ${this.numberText}`;
    const height = this.text(title, MARGIN, y, CONTENT_WIDTH * 0.7, { bold: true, size: 10 });
    this.text(
      `(${bilingual(this.labels, this.locale, 'continued')})`,
      MARGIN + CONTENT_WIDTH * 0.7,
      y + 1,
      CONTENT_WIDTH * 0.3,
      {
        color: MUTED,
        align: 'right',
      },
    );
    this.rule(y + height + 4);
    return y + height + 14;
  }

  /** Moves to a new page unless `needed` points fit below y. */
  ensureSpace(y: number, needed: number): number {
    return y + needed <= CONTENT_BOTTOM ? y : this.newPage();
  }

  footer(pageIndex: number, pageCount: number): void {
    const { doc } = this;
    // Text below the bottom margin would make pdfkit open a new page.
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = PAGE_HEIGHT - MARGIN - 20;
    this.rule(top - 6);
    const identity = [
      COMPANY.name,
      `${this.labels.ro.taxId} ${COMPANY.taxId}`,
      `${this.labels.ro.tradeRegister} ${COMPANY.tradeRegister}`,
      `EUID ${COMPANY.euid}`,
      `${this.labels.ro.shareCapital} ${shareCapitalText(this.invoice.layout)}`,
    ].join(' · ');
    const pageWidth = 90;
    this.text(identity, MARGIN, top, CONTENT_WIDTH - pageWidth, { size: 6.5, color: MUTED });
    this.text(
      bilingual(this.labels, this.locale, this.wording.legalNote),
      MARGIN,
      top + 10,
      CONTENT_WIDTH - pageWidth,
      {
        size: 6.5,
        color: MUTED,
      },
    );
    this.text(
      `${bilingual(this.labels, this.locale, 'page')} ${pageIndex + 1}/${pageCount}`,
      PAGE_WIDTH - MARGIN - pageWidth,
      top,
      pageWidth,
      {
        size: 6.5,
        color: MUTED,
        align: 'right',
      },
    );
    doc.page.margins.bottom = savedBottom;
  }

  // --- sections ---

  heading(issuedAt: Date): number {
    const { invoice } = this;
    const { ro, other } = labelParts(this.labels, this.locale, this.wording.title);
    const titleWidth = 250;
    // A longer title ("FACTURĂ DE STORNARE") is set smaller rather than wrapped: one line, beside the details.
    const fullWidth = this.doc.font('Bold').fontSize(22).widthOfString(ro);
    const titleSize = Math.min(22, Math.floor((22 * titleWidth) / fullWidth));
    let y = MARGIN;
    y += this.text(ro, MARGIN, y, titleWidth, { bold: true, size: titleSize });
    if (other) y += this.text(other, MARGIN, y - 2, 250, { size: 11, color: MUTED }) - 2;
    y += 2 + this.text(this.numberText, MARGIN, y + 2, 250, { bold: true, size: 12 });

    const metaX = MARGIN + 270;
    const metaWidth = CONTENT_WIDTH - 270;
    let metaY = MARGIN + 4;
    metaY = this.field('series', invoice.series, metaX, metaY, metaWidth);
    metaY = this.field('number', String(invoice.number).padStart(6, '0'), metaX, metaY, metaWidth);
    metaY = this.field('issueDate', ROMANIAN_DATE.format(issuedAt), metaX, metaY, metaWidth);
    const order = invoice.orderReference ? `${invoice.orderReference} (${invoice.orderId})` : invoice.orderId;
    metaY = this.field('order', order, metaX, metaY, metaWidth);
    metaY = this.field('paymentMethod', invoice.paymentMethod, metaX, metaY, metaWidth);
    metaY = this.field(
      'paymentStatus',
      bilingual(this.labels, this.locale, this.wording.paymentStatus),
      metaX,
      metaY,
      metaWidth,
    );
    metaY = this.field('currency', `${invoice.currency} (lei)`, metaX, metaY, metaWidth);
    return Math.max(y, metaY) + 16;
  }

  /** A credit note names the invoice it corrects, in words a reader of either language can follow, and why. */
  correction(y: number): number {
    const { invoice } = this;
    if (invoice.type !== 'CREDIT_NOTE') return y;
    const { corrects, reason } = invoice;
    const values = {
      number: formatInvoiceNumber(corrects.series, corrects.year, corrects.number),
      date: ROMANIAN_DATE.format(parseIssuedAt(corrects.issuedAt)),
    };
    const { ro, other } = labelParts(this.labels, this.locale, 'corrects');
    y += this.text(fillPlaceholders(ro, values), MARGIN, y, CONTENT_WIDTH, { bold: true, size: 10 });
    if (other)
      y += this.text(fillPlaceholders(other, values), MARGIN, y, CONTENT_WIDTH, { size: 9, color: MUTED });
    if (reason?.trim()) {
      y += 4;
      y += this.text(`${bilingual(this.labels, this.locale, 'reason')}:`, MARGIN, y, CONTENT_WIDTH, {
        color: MUTED,
      });
      // Typed by staff: a few lines at most, so that it can never push the lines off the first page.
      y += this.text(reason.trim(), MARGIN, y, CONTENT_WIDTH, { maxHeight: 5 * 12 });
    }
    return y + 16;
  }

  parties(y: number): number {
    const { buyer } = this.invoice;
    const gap = 24;
    const width = (CONTENT_WIDTH - gap) / 2;
    const sellerX = MARGIN;
    const buyerX = MARGIN + width + gap;

    const partyHeading = (key: LabelKey, x: number): number => {
      const height = this.text(bilingual(this.labels, this.locale, key), x, y, width, {
        bold: true,
        size: 9,
      });
      this.rule(y + height + 2, x, width);
      return y + height + 7;
    };

    let sellerY = partyHeading('seller', sellerX);
    sellerY += this.text(COMPANY.name, sellerX, sellerY, width, { bold: true, size: 10 }) + 2;
    sellerY = this.field('headquarters', COMPANY.headquarters, sellerX, sellerY, width);
    sellerY = this.field('tradeRegister', COMPANY.tradeRegister, sellerX, sellerY, width);
    sellerY = this.field('taxId', COMPANY.taxId, sellerX, sellerY, width);
    sellerY = this.field('euid', COMPANY.euid, sellerX, sellerY, width);
    sellerY = this.field('shareCapital', shareCapitalText(this.invoice.layout), sellerX, sellerY, width);
    sellerY = this.field('email', COMPANY.email, sellerX, sellerY, width);
    sellerY = this.field('phone', COMPANY.phone, sellerX, sellerY, width);

    let buyerY = partyHeading('buyer', buyerX);
    buyerY += this.text(buyer.name, buyerX, buyerY, width, { bold: true, size: 10 }) + 2;
    // An older order's free-text address as it was given; a newer one's parts as one readable line.
    const address = buyer.address ?? addressText(buyer);
    if (buyer.kind === 'COMPANY') {
      if (address) buyerY = this.field('headquarters', address, buyerX, buyerY, width);
      if (buyer.tradeRegister)
        buyerY = this.field('tradeRegister', buyer.tradeRegister, buyerX, buyerY, width);
      if (buyer.taxId) buyerY = this.field('taxId', buyer.taxId, buyerX, buyerY, width);
    } else if (address) {
      buyerY = this.field('address', address, buyerX, buyerY, width);
    }
    if (buyer.email) buyerY = this.field('email', buyer.email, buyerX, buyerY, width);

    return Math.max(sellerY, buyerY) + 18;
  }

  private tableHeaderHeight(): number {
    return (
      Math.max(...COLUMNS.map((c) => this.stackedLabelHeight(c.key, c.width - 2 * CELL_PAD))) + 2 * CELL_PAD
    );
  }

  private tableHeader(y: number): number {
    const height = this.tableHeaderHeight();
    this.doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(SHADE);
    let x = MARGIN;
    for (const column of COLUMNS) {
      this.stackedLabel(column.key, x + CELL_PAD, y + CELL_PAD, column.width - 2 * CELL_PAD, column.align);
      x += column.width;
    }
    this.rule(y + height, MARGIN, CONTENT_WIDTH, INK);
    return y + height;
  }

  lines(y: number, noteRefs: Map<string, number>): number {
    const headerHeight = this.tableHeaderHeight();
    // A row never needs more than what is left of an empty page below the repeated header.
    const maxRowHeight = CONTENT_BOTTOM - (MARGIN + 40 + headerHeight) - 2 * CELL_PAD;
    y = this.tableHeader(this.ensureSpace(y, headerHeight + 24));

    this.invoice.lines.forEach((line, index) => {
      const noteRef = line.vatNote ? noteRefs.get(line.vatNote) : undefined;
      const cells: string[] = [
        String(index + 1),
        line.description,
        String(line.quantity),
        formatBani(line.unitPriceBani),
        `${line.vatRatePercent}%${noteRef ? ` (${noteRef})` : ''}`,
        formatBani(lineGrossBani(line)),
      ];
      const contentHeight = Math.min(
        maxRowHeight,
        Math.max(...cells.map((cell, i) => this.height(cell, (COLUMNS[i]?.width ?? 0) - 2 * CELL_PAD))),
      );
      const rowHeight = contentHeight + 2 * CELL_PAD;
      if (y + rowHeight > CONTENT_BOTTOM) y = this.tableHeader(this.newPage());

      let x = MARGIN;
      cells.forEach((cell, i) => {
        const column = COLUMNS[i];
        if (!column) return;
        this.text(cell, x + CELL_PAD, y + CELL_PAD, column.width - 2 * CELL_PAD, {
          align: column.align,
          maxHeight: contentHeight,
        });
        x += column.width;
      });
      y += rowHeight;
      this.rule(y, MARGIN, CONTENT_WIDTH, '#cfcfcf');
    });
    return y + 14;
  }

  totals(y: number, totals: InvoiceTotals): number {
    const rowHeight = 13;
    const breakdownRowHeight = 16;
    const breakdownWidth = 270;
    const cols = [
      { key: 'vatRate' as const, width: 70 },
      { key: 'taxableBase' as const, width: 100 },
      { key: 'vat' as const, width: breakdownWidth - 170 },
    ];
    const headerHeight =
      Math.max(...cols.map((c) => this.stackedLabelHeight(c.key, c.width - 2 * CELL_PAD))) + 2 * CELL_PAD;
    const breakdownHeight = 18 + headerHeight + totals.byRate.length * breakdownRowHeight;
    const totalsHeight = 3 * (2 * rowHeight + 5) + 24;
    y = this.ensureSpace(y, Math.max(breakdownHeight, totalsHeight));

    // VAT breakdown, left.
    let by = y;
    by +=
      this.text(bilingual(this.labels, this.locale, 'vatBreakdown'), MARGIN, by, breakdownWidth, {
        bold: true,
        size: 9,
      }) + 4;
    this.doc.rect(MARGIN, by, breakdownWidth, headerHeight).fill(SHADE);
    let x = MARGIN;
    for (const col of cols) {
      this.stackedLabel(col.key, x + CELL_PAD, by + CELL_PAD, col.width - 2 * CELL_PAD, 'right');
      x += col.width;
    }
    by += headerHeight;
    this.rule(by, MARGIN, breakdownWidth, INK);
    for (const rate of totals.byRate) {
      const cells = [`${rate.ratePercent}%`, formatBani(rate.netBani), formatBani(rate.vatBani)];
      x = MARGIN;
      cells.forEach((cell, i) => {
        const width = cols[i]?.width ?? 0;
        this.text(cell, x + CELL_PAD, by + 4, width - 2 * CELL_PAD, { align: 'right' });
        x += width;
      });
      by += breakdownRowHeight;
      this.rule(by, MARGIN, breakdownWidth, '#cfcfcf');
    }

    // Totals, right.
    const totalsX = MARGIN + breakdownWidth + 30;
    const totalsWidth = CONTENT_WIDTH - breakdownWidth - 30;
    const amountWidth = 95;
    let ty = y + 18;
    const row = (key: LabelKey, bani: number, strong: boolean): void => {
      const size = strong ? 10 : BODY_SIZE;
      if (strong) {
        this.rule(ty - 3, totalsX, totalsWidth, INK, 1);
        ty += 3;
      }
      const labelWidth = totalsWidth - amountWidth;
      const { ro, other } = labelParts(this.labels, this.locale, key);
      let labelHeight = this.text(ro, totalsX, ty, labelWidth, { size, bold: strong });
      if (other)
        labelHeight += this.text(other, totalsX, ty + labelHeight, labelWidth, {
          size: SMALL_SIZE,
          color: MUTED,
        });
      this.text(`${formatBani(bani)} lei`, totalsX + labelWidth, ty, amountWidth, {
        size,
        bold: strong,
        align: 'right',
      });
      ty += Math.max(labelHeight, rowHeight) + 5;
    };
    row('totalNet', totals.netBani, false);
    row('totalVat', totals.vatBani, false);
    row(this.wording.total, totals.grossBani, true);

    return Math.max(by, ty) + 18;
  }

  notes(y: number, noteRefs: Map<string, number>): number {
    if (noteRefs.size === 0) return y;
    const headingHeight =
      this.height(bilingual(this.labels, this.locale, 'notes'), CONTENT_WIDTH, { bold: true, size: 9 }) + 4;
    const refWidth = 22;
    let first = true;
    for (const [note, ref] of noteRefs) {
      const noteHeight = this.height(note, CONTENT_WIDTH - refWidth) + 4;
      y = this.ensureSpace(y, noteHeight + (first ? headingHeight : 0));
      if (first) {
        y +=
          this.text(bilingual(this.labels, this.locale, 'notes'), MARGIN, y, CONTENT_WIDTH, {
            bold: true,
            size: 9,
          }) + 4;
        first = false;
      }
      this.text(`(${ref})`, MARGIN, y, refWidth);
      y +=
        this.text(note, MARGIN + refWidth, y, CONTENT_WIDTH - refWidth, {
          maxHeight: CONTENT_BOTTOM - MARGIN - 60,
        }) + 4;
    }
    return y;
  }
}

/**
 * Renders the invoice, or the credit note, as an A4 PDF. The same document always gives the same bytes. A credit
 * note's lines must each give money back (a negative amount): a positive one would charge the buyer again.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const issuedAt = parseIssuedAt(invoice.issuedAt);
  if (invoice.type === 'CREDIT_NOTE') {
    parseIssuedAt(invoice.corrects.issuedAt);
    if (invoice.lines.some((line) => lineGrossBani(line) >= 0))
      throw new RangeError('every line of a credit note must have a negative amount');
  }
  const totals = invoiceTotals(invoice.lines);
  const numberText = formatInvoiceNumber(invoice.series, invoice.year, invoice.number);

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    // Also keeps pdfkit from loading its default Helvetica.
    font: loadFonts().regular as unknown as string,
    bufferPages: true,
    lang: 'ro-RO',
    displayTitle: true,
    info: {
      Title: `${labelsOf(invoice.layout).ro[WORDING[invoice.type ?? 'INVOICE'].title]} ${numberText}`,
      Author: COMPANY.name,
      Subject: `${LABELS.ro.order} ${invoice.orderId}`,
      Creator: COMPANY.name,
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const fonts = loadFonts();
  doc.registerFont('Regular', fonts.regular as unknown as string);
  doc.registerFont('Bold', fonts.bold as unknown as string);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Each distinct note is printed once and referenced by number from the lines it applies to.
  const noteRefs = new Map<string, number>();
  for (const line of invoice.lines) {
    if (line.vatNote && !noteRefs.has(line.vatNote)) noteRefs.set(line.vatNote, noteRefs.size + 1);
  }

  const layout = new InvoiceLayout(doc, invoice, numberText);
  let y = layout.heading(issuedAt);
  y = layout.correction(y);
  y = layout.parties(y);
  y = layout.lines(y, noteRefs);
  y = layout.totals(y, totals);
  layout.notes(y, noteRefs);

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    layout.footer(i - start, count);
  }
  doc.end();
  return done;
}
