import 'server-only';

import { addressText } from '@/lib/billing/address';
import { COMPANY, fillPlaceholders } from '@/lib/company';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import type { InvoiceDocument, InvoiceLocale } from '@/lib/db/document-snapshots';
import {
  bilingual,
  labelParts,
  labelsOf,
  WORDING,
  type LabelKey,
  type Labels,
  type Wording,
} from './invoice-pdf-labels';
import { formatInvoiceNumber } from './numbering';
import { assertInteger, lineGrossBani, type InvoiceTotals } from './vat';

// How an invoice or a credit note is laid out on A4 pages: sections, table, totals and the footer of each page, in
// the labels of the document's layout (invoice-pdf-labels.ts).

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
function shareCapitalText(layout: number | undefined): string {
  if (layout === undefined || layout < 2) return COMPANY.shareCapital.replace(/(?<=\d)\.(?=\d{3})/g, '');
  return COMPANY.shareCapital;
}

const ROMANIAN_DATE = new Intl.DateTimeFormat('ro-RO', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export function parseIssuedAt(issuedAt: string): Date {
  const date = new Date(issuedAt);
  if (Number.isNaN(date.getTime())) throw new RangeError(`issuedAt is not a valid date: ${issuedAt}`);
  return date;
}

// ---------------------------------------------------------------------------------------------------------------
// Layout.

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
export const MARGIN = 42;
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

export class InvoiceLayout {
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
      `${this.labels.ro.euid} ${COMPANY.euid}`,
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
