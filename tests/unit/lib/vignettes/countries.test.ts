import {
  countriesInOrder,
  countryName,
  countrySign,
  isRegistrationCountry,
  plateWithCountry,
  REGISTRATION_COUNTRIES,
} from '@/lib/vignettes/countries';
import { locales } from '@/lib/i18n/routing';
import { rememberPreformatted } from '@/lib/i18n/preformatted';
import { vignetteFormPreformatted } from '@/lib/vignettes/form-preformatted';

const codes = REGISTRATION_COUNTRIES.map((c) => c.code);

describe('REGISTRATION_COUNTRIES', () => {
  it('lists Romania first, Hungary second, then the rest by code', () => {
    expect(codes.slice(0, 2)).toEqual(['RO', 'HU']);
    const rest = codes.slice(2);
    expect(rest).toEqual([...rest].sort());
  });

  it('has unique alpha-2 codes, each a region the runtime can name', () => {
    expect(new Set(codes).size).toBe(codes.length);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(names.of(code)).toEqual(expect.any(String));
    }
  });

  it('has unique, well-formed registration signs', () => {
    const signs = REGISTRATION_COUNTRIES.map((c) => c.sign);
    expect(new Set(signs).size).toBe(signs.length);
    for (const sign of signs) expect(sign).toMatch(/^[A-Z]{1,3}$/);
  });

  it('covers Europe and the neighbours the brief names', () => {
    const required = [
      ...[
        'AD',
        'AL',
        'AT',
        'BA',
        'BE',
        'BG',
        'CH',
        'CY',
        'CZ',
        'DE',
        'DK',
        'EE',
        'ES',
        'FI',
        'FR',
        'GB',
        'GR',
      ],
      ...[
        'HR',
        'HU',
        'IE',
        'IS',
        'IT',
        'LI',
        'LT',
        'LU',
        'LV',
        'MC',
        'MD',
        'ME',
        'MK',
        'MT',
        'NL',
        'NO',
        'PL',
      ],
      ...['PT', 'RO', 'RS', 'SE', 'SI', 'SK', 'SM', 'VA', 'UA', 'BY', 'RU', 'TR', 'GE', 'IL', 'US', 'CA'],
    ];
    expect(codes).toEqual(expect.arrayContaining(required));
  });

  it.each([
    ['RO', 'RO'],
    ['HU', 'H'],
    ['DE', 'D'],
    ['AT', 'A'],
    ['IT', 'I'],
    ['FR', 'F'],
    ['ES', 'E'],
    ['BE', 'B'],
    ['NL', 'NL'],
    ['SE', 'S'],
    ['NO', 'N'],
    ['FI', 'FIN'],
    ['PT', 'P'],
    ['RS', 'SRB'],
    ['SI', 'SLO'],
    ['GB', 'UK'],
    ['CH', 'CH'],
    ['MD', 'MD'],
    ['UA', 'UA'],
    ['TR', 'TR'],
    ['US', 'USA'],
    ['CA', 'CDN'],
    ['RU', 'RUS'],
    ['BA', 'BIH'],
    ['LI', 'FL'],
    ['MK', 'NMK'],
  ])('%s has the sign %s', (code, sign) => {
    expect(REGISTRATION_COUNTRIES.find((c) => c.code === code)?.sign).toBe(sign);
    expect(countrySign(code)).toBe(sign);
  });
});

describe('isRegistrationCountry', () => {
  it('accepts listed codes only, exactly as the API spells them', () => {
    expect(isRegistrationCountry('RO')).toBe(true);
    expect(isRegistrationCountry('HU')).toBe(true);
    expect(isRegistrationCountry('US')).toBe(true);
    expect(isRegistrationCountry('ro')).toBe(false);
    expect(isRegistrationCountry('ROU')).toBe(false);
    expect(isRegistrationCountry('H')).toBe(false);
    expect(isRegistrationCountry('CN')).toBe(false);
    expect(isRegistrationCountry('')).toBe(false);
  });

  it('gives no sign for a country not offered', () => {
    expect(countrySign('CN')).toBeUndefined();
  });
});

describe('countryName', () => {
  it.each([
    ['RO', 'ro', 'România'],
    ['HU', 'ro', 'Ungaria'],
    ['DE', 'ro', 'Germania'],
    ['RO', 'en', 'Romania'],
    ['HU', 'en', 'Hungary'],
    ['RO', 'de', 'Rumänien'],
    ['HU', 'de', 'Ungarn'],
    ['RO', 'hu', 'Románia'],
    ['HU', 'hu', 'Magyarország'],
    ['AT', 'hu', 'Ausztria'],
  ])('%s in %s is %s', (code, locale, name) => {
    expect(countryName(code, locale)).toBe(name);
  });

  it('names every listed country in each of the shop languages', () => {
    for (const locale of locales) {
      for (const code of codes) {
        const name = countryName(code, locale);
        expect(name).not.toBe(code);
        expect(name.length).toBeGreaterThan(2);
      }
    }
  });

  it('falls back to the code rather than throwing', () => {
    expect(countryName('QQ', 'en')).toBe('QQ');
    expect(countryName('x', 'en')).toBe('x');
    expect(countryName('RO', 'not a locale!')).toBe('RO');
  });
});

describe('plateWithCountry', () => {
  it('names a vehicle by its ISO code, as the order page, the e-mail and the invoice do, not by its plate sign', () => {
    expect(plateWithCountry('B123ABC', 'DE')).toBe('B123ABC (DE)');
    expect(plateWithCountry('ABC123', 'HU')).toBe('ABC123 (HU)');
  });
});

describe('countriesInOrder', () => {
  it.each(locales)('lists Romania, Hungary, then the rest by their %s names', (locale) => {
    const listed = countriesInOrder(locale);
    expect(listed.slice(0, 2).map((entry) => entry.code)).toEqual(['RO', 'HU']);
    const collator = new Intl.Collator(locale);
    const rest = listed.slice(2).map((entry) => entry.name);
    expect(rest).toEqual([...rest].sort(collator.compare));
    expect(listed).toHaveLength(REGISTRATION_COUNTRIES.length);
    expect(listed.find((entry) => entry.code === 'DE')).toEqual({
      code: 'DE',
      sign: 'D',
      name: countryName('DE', locale),
    });
  });

  it('lists them the same from the texts a server handed over, with no Intl formatter', () => {
    const texts = vignetteFormPreformatted('hu', []);
    const expected = countriesInOrder('hu');
    rememberPreformatted(texts);
    const collator = jest.spyOn(Intl, 'Collator').mockImplementation(() => {
      throw new Error('Intl.Collator was made');
    });
    const names = jest.spyOn(Intl, 'DisplayNames').mockImplementation(() => {
      throw new Error('Intl.DisplayNames was made');
    });
    try {
      expect(countriesInOrder('hu')).toEqual(expected);
      expect(countryName('AT', 'hu')).toBe('Ausztria');
    } finally {
      collator.mockRestore();
      names.mockRestore();
    }
  });
});
