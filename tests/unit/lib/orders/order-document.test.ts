import { toOrderDocument } from '@/lib/orders/order-document';
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
