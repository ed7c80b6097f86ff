import { addressText } from '@/lib/billing/address';

describe('addressText', () => {
  it('writes a Romanian address as one line: street, postal code and city, county, country', () => {
    expect(
      addressText({
        street: 'Str. Memorandumului 28',
        city: 'Cluj-Napoca',
        county: 'RO-CJ',
        postalCode: '400114',
        country: 'RO',
      }),
    ).toBe('Str. Memorandumului 28, 400114 Cluj-Napoca, Cluj, România');
  });

  it("writes Bucharest's sector for a reader, then the municipality", () => {
    expect(addressText({ street: 'Bd. Unirii 1', city: 'SECTOR3', county: 'RO-B', country: 'RO' })).toBe(
      'Bd. Unirii 1, Sector 3, Municipiul București, România',
    );
  });

  it('names a foreign country in Romanian, as the rest of the invoice', () => {
    expect(addressText({ street: 'Hauptstraße 5', city: 'Berlin', postalCode: '10115', country: 'DE' })).toBe(
      'Hauptstraße 5, 10115 Berlin, Germania',
    );
  });

  it('says nothing when there are no parts', () => {
    expect(addressText({})).toBeUndefined();
  });
});
