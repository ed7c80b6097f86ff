import { fill } from '@/lib/i18n/format';
import { countyName, HUNGARIAN_COUNTIES, isCounty } from '@/lib/vignettes/counties';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

describe('countyName', () => {
  it('names a county by its proper name, with its accents', () => {
    expect(countyName('pest')).toBe('Pest');
    expect(countyName('gyor-moson-sopron')).toBe('Győr-Moson-Sopron');
    expect(countyName('csongrad-csanad')).toBe('Csongrád-Csanád');
    expect(countyName('borsod-abauj-zemplen')).toBe('Borsod-Abaúj-Zemplén');
  });

  it('shows an id it does not know as it is rather than hiding it', () => {
    expect(countyName('budapest')).toBe('budapest');
  });

  it('has a name for each of the 19 counties, never the id', () => {
    expect(HUNGARIAN_COUNTIES).toHaveLength(19);
    for (const { id } of HUNGARIAN_COUNTIES) {
      expect(isCounty(id)).toBe(true);
      expect(countyName(id)).not.toBe(id);
    }
  });
});

describe('a county in running text', () => {
  // The name stays Hungarian; each language puts its own word for "county" where a native reader expects it.
  it.each([
    ['ro', ro, 'județul Győr-Moson-Sopron'],
    ['en', en, 'Győr-Moson-Sopron County'],
    ['de', de, 'Komitat Győr-Moson-Sopron'],
    ['hu', hu, 'Győr-Moson-Sopron vármegye'],
  ] as const)('reads naturally in %s', (_locale, messages, expected) => {
    expect(fill(messages.VignetteForm.cart.county, { county: countyName('gyor-moson-sopron') })).toBe(
      expected,
    );
  });
});
