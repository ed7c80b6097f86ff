import { documentUbl, romanianDay } from '@/lib/efactura/ubl';
import { formatInvoiceNumber, numberingYear } from '@/lib/invoices/numbering';
import { invoiceDocumentOf } from '@/lib/invoices/order-invoice';
import { toOrderDocument } from '@/lib/orders/order-document';
import { invoiceRow, vignetteOrder } from '../../../support/loaded-orders';
import { pageTexts } from '../../../support/pdf-text';
import { invoicePdf } from '@/lib/invoices/order-invoice';

// Invoice and credit-note numbers count per Romanian calendar year: on New Year's Eve Romania (UTC+2) is an hour
// ahead of Hungary (UTC+1), and the year a document is numbered in is the year of the date it prints.

describe('numberingYear', () => {
  const newYearsEve = new Date('2026-12-31T22:30:00Z');

  it('numbers a document issued at 00:30 on 1 January in Bucharest (23:30 in Budapest) in the new year', () => {
    expect(numberingYear(newYearsEve)).toBe(2027);
    expect(romanianDay(newYearsEve.toISOString())).toBe('2027-01-01');
  });

  it('keeps the old year until midnight in Bucharest', () => {
    expect(numberingYear(new Date('2026-12-31T21:59:59.999Z'))).toBe(2026);
    expect(numberingYear(new Date('2026-12-31T22:00:00Z'))).toBe(2027);
    // Summer time (UTC+3) does not move the year's edge: New Year is always in winter time.
    expect(numberingYear(new Date('2027-06-30T21:30:00Z'))).toBe(2027);
  });

  it('refuses an invalid instant', () => {
    expect(() => numberingYear(new Date('nope'))).toThrow(RangeError);
  });

  it('gives an invoice issued then a number of the new year and an issue date of 1 January, on the PDF and in the XML', async () => {
    const issuedAt = newYearsEve;
    const year = numberingYear(issuedAt);
    const document = invoiceDocumentOf(
      toOrderDocument(vignetteOrder(), invoiceRow('RPV', { year, number: 1, issuedAt })),
    )!;
    expect(formatInvoiceNumber(document.series, document.year, document.number)).toBe('RPV-2027-000001');
    expect(documentUbl(document)).toContain('<cbc:IssueDate>2027-01-01</cbc:IssueDate>');
    const text = pageTexts((await invoicePdf(document)).content).join('\n');
    expect(text).toContain('RPV-2027-000001');
    expect(text).toContain('01.01.2027');
    expect(text).not.toContain('31.12.2026');
  });
});
