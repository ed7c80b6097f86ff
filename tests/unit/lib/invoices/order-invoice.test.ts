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
    // Paid at 23:30 on 1 March in Hungary (the invoice's issue): the 10-day vignette starts at the next midnight,
    // the county one, whose first day has come, at the payment.
    expect(document.lines.map((line) => [line.description, line.vatRatePercent])).toEqual([
      [
        'Vinietă electronică Ungaria D1, de 10 zile, HD12ABC (RO), valabilă de la 2 martie 2026, ora 00:00, ' +
          'până la 11 martie 2026, ora 24:00 (ora Ungariei), nr. HU-EM-ABC',
        0,
      ],
      [
        'Vinietă electronică Ungaria D2, anuală județeană, județul Pest, B123XYZ (RO), valabilă din momentul ' +
          'plății, pe 1 martie 2026, până la 31 ianuarie 2027, ora 24:00 (ora Ungariei)',
        0,
      ],
    ]);
    expect(document.lines[0]?.vatNote).toMatch(/art\. 286 alin\. \(4\) lit\. e\)/);
  });

  it("states the order's short reference when the order has one, and nothing of it otherwise", () => {
    const issued = invoiceDocumentOf(
      toOrderDocument(vignetteOrder({ reference: 'RP-7K3-9QX' }), invoice('RPV')),
    )!;
    expect(issued).toMatchObject({ orderId: 'AAAAAAAAAAAAAAAAAAAAAA', orderReference: 'RP-7K3-9QX' });
    expect(invoiceDocumentOf(toOrderDocument(vignetteOrder(), invoice('RPV')))).not.toHaveProperty(
      'orderReference',
    );
  });

  it('words a vignette paid on its first day from the payment, and a later one from 00:00', () => {
    const paidOnFirstDay = invoiceDocumentOf(
      toOrderDocument(vignetteOrder(), invoice('RPV', { issuedAt: new Date('2026-03-02T08:15:00Z') })),
    )!;
    expect(paidOnFirstDay.lines[0]?.description).toContain(
      'valabilă din momentul plății, pe 2 martie 2026, până la 11 martie 2026, ora 24:00 (ora Ungariei)',
    );
    const paidDayBefore = invoiceDocumentOf(
      toOrderDocument(vignetteOrder(), invoice('RPV', { issuedAt: new Date('2026-03-01T08:15:00Z') })),
    )!;
    expect(paidDayBefore.lines[0]?.description).toContain(
      'valabilă de la 2 martie 2026, ora 00:00, până la 11 martie 2026, ora 24:00 (ora Ungariei)',
    );
  });

  it('invoices a top-up at the standard rate, to the company the buyer named', () => {
    const billing = { kind: 'COMPANY' as const, name: 'ACME SRL', taxId: 'RO123', address: 'Str. X 1' };
    const document = invoiceDocumentOf(
      toOrderDocument(topUpOrder({ invoiceData: billing }), invoice('RPT')),
    )!;
    expect(document.buyer).toEqual(billing);
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
