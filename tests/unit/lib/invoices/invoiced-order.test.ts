import { invoiceBuyerOf } from '@/lib/invoices/invoiced-order';

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
