import 'server-only';

import PDFDocument from 'pdfkit';

import { COMPANY } from '@/lib/company';
import { loadFonts } from './invoice-fonts';
import type { InvoiceDocument } from '@/lib/db/document-snapshots';
import { labelsOf, WORDING } from './invoice-pdf-labels';
import { InvoiceLayout, MARGIN, parseIssuedAt } from './invoice-pdf-layout';
import { formatInvoiceNumber } from './numbering';
import { invoiceTotals, lineGrossBani } from './vat';

export { formatBani } from './invoice-pdf-layout';

// The invoice, and the credit note that corrects one, as an A4 PDF: one look for both. The words it prints are in
// messages/*.json, frozen per layout (invoice-pdf-labels.ts); the fonts ship beside it (invoice-fonts.ts); the pages
// are laid out in invoice-pdf-layout.ts. The sums come from vat.ts, the numbers from numbering.ts, the content from
// order-invoice.ts and credit-note.ts.

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
  const labels = labelsOf(invoice.layout);

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    // Also keeps pdfkit from loading its default Helvetica.
    font: loadFonts().regular as unknown as string,
    bufferPages: true,
    lang: 'ro-RO',
    displayTitle: true,
    info: {
      Title: `${labels.ro[WORDING[invoice.type ?? 'INVOICE'].title]} ${numberText}`,
      Author: COMPANY.name,
      Subject: `${labels.ro.order} ${invoice.orderId}`,
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
