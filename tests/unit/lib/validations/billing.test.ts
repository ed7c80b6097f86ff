import { isLegacyInvoiceData } from '@/lib/db/invoice-data';
import { invoiceSchema } from '@/lib/validations/billing';
import { topUpOrderSchema } from '@/lib/validations/topup-order';
import { vignetteOrderSchema } from '@/lib/validations/vignette-order';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const PERSON = {
  kind: 'PERSON',
  name: 'Ion Popescu',
  street: 'Str. Mare 1',
  city: 'Deva',
  county: 'RO-HD',
  postalCode: '330001',
  country: 'RO',
};
const COMPANY = {
  kind: 'COMPANY',
  name: 'Dante International SA',
  taxId: 'RO14399840',
  tradeRegister: 'J40/372/2002',
  street: 'Șos. Virtuții 148',
  city: 'SECTOR6',
  county: 'RO-B',
  postalCode: '060787',
  country: 'RO',
};
const FOREIGN = {
  kind: 'COMPANY',
  name: 'Spedition Müller GmbH',
  taxId: 'DE 123 456 789',
  street: 'Hauptstraße 5',
  city: 'Berlin',
  postalCode: '10115',
  country: 'de',
};

const issuesOf = (input: unknown) => {
  const result = invoiceSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('the structured invoice data of both order endpoints', () => {
  it('accepts a Romanian person and keeps the parts as given', () => {
    expect(invoiceSchema.parse({ ...PERSON, name: '  Ion Popescu ' })).toEqual({ ...PERSON });
  });

  it('accepts a Romanian company in Bucharest, its sector as CIUS-RO codes it however written', () => {
    expect(invoiceSchema.parse(COMPANY)).toEqual(COMPANY);
    expect(
      invoiceSchema.parse({ ...COMPANY, city: 'Sector 6', county: 'ro-b', taxId: 'ro 14399840' }),
    ).toEqual(COMPANY);
  });

  it('accepts a foreign company by its VAT id, normalised, without a county', () => {
    expect(invoiceSchema.parse({ ...FOREIGN, county: 'Berlin' })).toEqual({
      ...FOREIGN,
      taxId: 'DE123456789',
      country: 'DE',
    });
  });

  it('leaves out the optional fields left empty', () => {
    const parsed = invoiceSchema.parse({ ...COMPANY, tradeRegister: ' ', postalCode: '', taxId: '14399840' });
    expect(parsed).not.toHaveProperty('tradeRegister');
    expect(parsed).not.toHaveProperty('postalCode');
    expect(parsed).toMatchObject({ taxId: '14399840' });
  });

  it.each([
    [{ ...PERSON, kind: 'SOMEONE' }, 'kind:invoiceKind'],
    [{ ...PERSON, name: ' ' }, 'name:required'],
    [{ ...PERSON, name: 'x'.repeat(201) }, 'name:tooLong'],
    [{ ...PERSON, street: '' }, 'street:required'],
    [{ ...PERSON, street: 'x'.repeat(151) }, 'street:tooLong'],
    [{ ...PERSON, city: '' }, 'city:required'],
    [{ ...PERSON, city: 'x'.repeat(51) }, 'city:tooLong'],
    [{ ...PERSON, county: undefined }, 'county:billingCountyRequired'],
    [{ ...PERSON, county: 'Hunedoara' }, 'county:billingCountyRequired'],
    [{ ...PERSON, county: 'RO-B', city: 'București' }, 'city:billingSectorRequired'],
    [{ ...PERSON, postalCode: '3300' }, 'postalCode:postalCodeInvalid'],
    [{ ...FOREIGN, postalCode: 'x'.repeat(21) }, 'postalCode:tooLong'],
    [{ ...PERSON, country: 'ZZ' }, 'country:billingCountryUnknown'],
    [{ ...PERSON, country: undefined }, 'country:billingCountryUnknown'],
    [{ ...COMPANY, taxId: undefined }, 'taxId:taxIdInvalid'],
    [{ ...COMPANY, taxId: 'DE123456789' }, 'taxId:taxIdInvalid'],
    [{ ...COMPANY, taxId: 'RO14399841' }, 'taxId:taxIdControlDigit'],
    [{ ...FOREIGN, taxId: '12' }, 'taxId:taxIdInvalid'],
    [{ ...COMPANY, tradeRegister: 'x'.repeat(41) }, 'tradeRegister:tooLong'],
    [{ ...PERSON, street: 'a\u0000b' }, 'street:textInvalid'],
  ])('refuses %j with a message key at the field', (input, expected) => {
    expect(issuesOf(input)).toEqual([expected]);
  });

  it("refuses an older order's free-text address: the API takes the parts", () => {
    expect(issuesOf({ kind: 'PERSON', name: 'Ion Popescu', address: 'Str. Mare 1, Deva' })).toEqual(
      expect.arrayContaining(['street:required', 'city:required', 'country:billingCountryUnknown']),
    );
  });

  it('is the invoice of both orders', () => {
    const vignette = vignetteOrderSchema.safeParse({
      items: [
        { categoryCode: 'CAR', type: 'WEEK', startDate: '2026-12-01', plate: 'HD12ABC', country: 'RO' },
      ],
      email: 'a@example.ro',
      locale: 'ro',
      acceptTerms: true,
      invoice: { ...COMPANY, taxId: 'RO14399841' },
    });
    expect(vignette.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['invoice.taxId']);
    const topUp = topUpOrderSchema.parse({
      operatorId: 'orange',
      productId: 'orange-5',
      phone: '0712345678',
      email: 'a@example.ro',
      locale: 'en',
      acceptTerms: true,
      invoice: PERSON,
    });
    expect(topUp.invoice).toEqual(PERSON);
  });

  it("tells an older order's data from a newer one", () => {
    expect(isLegacyInvoiceData({ kind: 'PERSON', name: 'Ion', address: 'Deva' })).toBe(true);
    expect(isLegacyInvoiceData(invoiceSchema.parse(PERSON))).toBe(false);
  });

  it.each([
    'taxIdControlDigit',
    'billingCountyRequired',
    'billingSectorRequired',
    'postalCodeInvalid',
    'billingCountryUnknown',
  ])('explains %s in every language of the shop', (key) => {
    for (const messages of [ro, en, de, hu])
      expect((messages.Validation as Record<string, string>)[key]).toBeTruthy();
  });
});
