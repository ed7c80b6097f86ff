import { invoiceDocumentOf } from '@/lib/invoices/order-invoice';
import { toOrderDocument } from '@/lib/orders/order-document';
import { invoiceRow as invoice, topUpOrder, vignetteOrder } from '../../../support/loaded-orders';

describe('invoiceDocumentOf', () => {
  it('is nothing before the order has an invoice', () => {
    expect(invoiceDocumentOf(toOrderDocument(vignetteOrder(), undefined))).toBeNull();
  });

  it('invoices a vignette outside the VAT base, in Romanian, to the buyer named by the e-mail', () => {
    const document = invoiceDocumentOf(toOrderDocument(vignetteOrder(), invoice('RPV')))!;
    expect(document).toMatchObject({
      series: 'RPV',
      number: 42,
      issuedAt: '2026-03-01T22:30:00.000Z',
      buyer: { kind: 'PERSON', name: 'driver@example.ro', email: 'driver@example.ro' },
      locale: 'ro',
    });
    expect(document.lines.map((line) => [line.description, line.vatRatePercent])).toEqual([
      ['Rovinietă electronică Ungaria D1, 10 zile, HD12ABC (RO), 2026-03-02 – 2026-03-11, nr. HU-EM-ABC', 0],
      ['Rovinietă electronică Ungaria D2, anuală de județ (pest), B123XYZ (RO), 2026-01-01 – 2027-01-31', 0],
    ]);
    expect(document.lines[0]?.vatNote).toMatch(/art\. 286 alin\. \(4\) lit\. b\)/);
  });

  it('invoices a top-up at the standard rate, to the company the buyer named', () => {
    const billing = { kind: 'COMPANY' as const, name: 'ACME SRL', taxId: 'RO123', address: 'Str. X 1' };
    const document = invoiceDocumentOf(
      toOrderDocument(topUpOrder({ invoiceData: billing }), invoice('RPT')),
    )!;
    expect(document.buyer).toEqual({ ...billing, email: 'a@b.ro' });
    expect(document.lines).toEqual([
      {
        description:
          'Reîncărcare cartelă preplătită Vodafone Cartela 10 EUR (cod PIN), nr. 0722 123 456, ref. REF-9',
        quantity: 1,
        unitPriceBani: 6200,
        vatRatePercent: 21,
      },
    ]);
  });
});
