import { invoiceBuyerOf, toOrderDocument } from '@/lib/orders/order-document';
import { invoiceRow, topUpOrder, vignetteOrder } from '../../../support/loaded-orders';

const invoice = invoiceRow('RPT', { number: 7, issuedAt: new Date('2026-03-03T23:30:30Z') });

describe('toOrderDocument', () => {
  it('says everything to the buyer: the number in national form and the PIN', () => {
    const document = toOrderDocument(topUpOrder(), invoice);
    expect(document).toMatchObject({ email: 'a@b.ro', locale: 'de', totalBani: 6200, billing: null });
    expect(document.invoice).toMatchObject({ numberText: 'RPT-2026-000007', issuedAt: invoice.issuedAt });
    expect(document.items).toEqual([
      {
        kind: 'TOPUP',
        operator: 'Vodafone Cartela',
        faceValueEur: 10,
        delivery: 'PIN',
        phone: '0722 123 456',
        reference: 'REF-9',
        pin: '123456789012',
        priceBani: 6200,
      },
    ]);
  });

  it('has no invoice before the payment, and keeps whom the buyer asked to be invoiced', () => {
    const billing = { kind: 'COMPANY' as const, name: 'ACME SRL', taxId: 'RO123', address: 'Str. X 1' };
    const document = toOrderDocument(vignetteOrder({ invoiceData: billing }), undefined);
    expect(document.invoice).toBeUndefined();
    expect(document.billing).toEqual(billing);
    expect(
      document.items.map((item) => item.kind === 'VIGNETTE' && [item.category, item.county, item.issuedId]),
    ).toEqual([
      ['D1', null, 'HU-EM-ABC'],
      ['D2', 'pest', null],
    ]);
  });
});

describe('invoiceBuyerOf', () => {
  it('names a company by the address parts it gave, for the PDF and the e-Factura XML alike', () => {
    const billing = {
      kind: 'COMPANY' as const,
      name: 'Dante International SA',
      taxId: 'RO14399840',
      tradeRegister: 'J40/372/2002',
      street: 'Șos. Virtuții 148',
      city: 'SECTOR6',
      county: 'RO-B',
      postalCode: '060787',
      country: 'RO',
    };
    expect(invoiceBuyerOf(billing, 'office@example.ro')).toEqual(billing);
  });

  it('names a foreign person without a county or postal code when none was given', () => {
    const billing = {
      kind: 'PERSON' as const,
      name: 'Jürgen Weiß',
      street: 'Hauptstraße 5',
      city: 'Berlin',
      country: 'DE',
    };
    const buyer = invoiceBuyerOf(billing, 'j@example.de');
    expect(buyer).toEqual(billing);
    expect(Object.keys(buyer)).not.toEqual(
      expect.arrayContaining(['county', 'postalCode', 'address', 'taxId']),
    );
  });

  it("keeps an older order's free-text address as it was given", () => {
    const billing = { kind: 'COMPANY' as const, name: 'ACME SRL', taxId: 'RO123', address: 'Str. X 1' };
    expect(invoiceBuyerOf(billing, 'a@b.ro')).toEqual(billing);
  });

  it('names a buyer who asked for no one by the e-mail, as a private person', () => {
    expect(invoiceBuyerOf(null, 'a@b.ro')).toEqual({ kind: 'PERSON', name: 'a@b.ro', email: 'a@b.ro' });
  });
});
