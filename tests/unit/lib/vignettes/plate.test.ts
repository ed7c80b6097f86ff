import {
  checkPlate,
  normalizePlate,
  OTHER_READING,
  plateKey,
  RO_COUNTY_CODES,
  type PlateCheck,
  type PlateRefusal,
  type PlateWarning,
} from '@/lib/vignettes/plate';

const ok = (plate: string, warnings: PlateWarning[] = []): PlateCheck => ({ ok: true, plate, warnings });
const refused = (plate: string, refusal: PlateRefusal): PlateCheck => ({ ok: false, plate, ...refusal });

describe('normalizePlate', () => {
  it.each([
    ['hd 12 abc', 'HD12ABC'],
    ['B-123-XYZ', 'B123XYZ'],
    ['cj.01.xyz', 'CJ01XYZ'],
    ['AA·AA-123', 'AAAA123'],
    ['  m – ab\u00a01234 ', 'MAB1234'],
    ['b\u200b12\u2011abc', 'B12ABC'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizePlate(input)).toBe(expected);
  });

  it('uppercases without the Turkish dotted İ', () => {
    expect(normalizePlate('istanbul')).toBe('ISTANBUL');
  });

  it('keeps diacritics and other characters for the check to reject', () => {
    expect(normalizePlate('hd12ăbc')).toBe('HD12ĂBC');
    expect(normalizePlate('ab/12')).toBe('AB/12');
    // 'ß' would uppercase to 'SS' and so become valid letters.
    expect(normalizePlate('ßab12')).toBe('ßAB12');
  });
});

describe('checkPlate, Romania', () => {
  it('has the 41 county codes', () => {
    expect(RO_COUNTY_CODES.size).toBe(41);
  });

  it.each(['HD12ABC', 'B12ABC', 'B123ABC', 'CJ01XYZ', 'hd 12 abc', 'B-123-XYZ', 'VN99ZZZ', 'AB10APZ'])(
    'accepts %s',
    (plate) => {
      const result = checkPlate(plate, 'RO');
      expect(result.ok).toBe(true);
      expect(result.plate).toBe(normalizePlate(plate));
    },
  );

  it.each<[string, string, PlateRefusal]>([
    ['12HDABC', 'the groups swapped', { reason: 'RO_COUNTY_MISSING' }],
    ['XX12ABC', 'an unknown county', { reason: 'RO_COUNTY_UNKNOWN', county: 'XX' }],
    ['BX12ABC', 'B and a letter that make no county', { reason: 'RO_COUNTY_UNKNOWN', county: 'BX' }],
    ['H12ABC', 'a one-letter code other than B', { reason: 'RO_COUNTY_UNKNOWN', county: 'H' }],
    ['B1ABC', 'Bucharest with 1 digit', { reason: 'RO_BUCHAREST_DIGITS' }],
    ['B1234ABC', 'Bucharest with 4 digits', { reason: 'RO_BUCHAREST_DIGITS' }],
    ['HD123ABC', 'a county with 3 digits', { reason: 'RO_COUNTY_DIGITS', county: 'HD' }],
    ['HD1ABC', 'a county with 1 digit', { reason: 'RO_COUNTY_DIGITS', county: 'HD' }],
    ['BC123ABC', 'a county starting with B, with 3 digits', { reason: 'RO_COUNTY_DIGITS', county: 'BC' }],
    ['HD12AB', 'two letters', { reason: 'RO_LETTERS' }],
    ['HD12ABCD', 'four letters', { reason: 'RO_LETTERS' }],
    ['HD12', 'no letters', { reason: 'RO_LETTERS' }],
    ['HD12AQC', 'a Q in the letters', { reason: 'RO_LETTER_Q', index: 5 }],
    ['HD12IAB', 'letters starting with I', { reason: 'RO_FIRST_LETTER', index: 4, char: 'I' }],
    ['HD12OAB', 'letters starting with O', { reason: 'RO_FIRST_LETTER', index: 4, char: 'O' }],
    [
      'B100OOO',
      "Bucharest's 100, then letters starting with O",
      { reason: 'RO_FIRST_LETTER', index: 4, char: 'O' },
    ],
    ['HD1OABC', 'a letter O where a digit belongs', { reason: 'LETTER_FOR_DIGIT', index: 3, char: 'O' }],
    ['HDI2ABC', 'a letter I where a digit belongs', { reason: 'LETTER_FOR_DIGIT', index: 2, char: 'I' }],
    ['B12OABC', "an O for the 0 of Bucharest's B 120", { reason: 'LETTER_FOR_DIGIT', index: 3, char: 'O' }],
    ['HD12AB0', 'a digit where a letter belongs', { reason: 'DIGIT_FOR_LETTER', index: 6, char: '0' }],
    ['0T12ABC', "a zero for the O of Olt's OT", { reason: 'DIGIT_FOR_LETTER', index: 0, char: '0' }],
  ])('refuses %s (%s) saying why', (plate, _why, refusal) => {
    expect(checkPlate(plate, 'RO')).toEqual(refused(plate, refusal));
  });

  it('accepts the letters I and O after the first position, with nothing to confirm', () => {
    expect(checkPlate('HD12AIO', 'RO')).toEqual(ok('HD12AIO'));
  });

  it('reads the country code case-insensitively', () => {
    expect(checkPlate('HD12ABC', 'ro').ok).toBe(true);
    expect(checkPlate('HD123ABC', ' ro ').ok).toBe(false);
  });
});

describe('checkPlate, Hungary', () => {
  it.each(['ABC123', 'AABC123', 'abc-123', 'AA AA-123'])('accepts %s', (plate) => {
    expect(checkPlate(plate, 'HU').ok).toBe(true);
  });

  it.each(['AB123', 'ABC12', 'AABBC123', '123ABC', 'ABCD12E'])('refuses %s as FORMAT', (plate) => {
    expect(checkPlate(plate, 'HU')).toEqual({ ok: false, plate, reason: 'FORMAT' });
  });

  it('refuses an O where a digit belongs, naming it rather than guessing', () => {
    expect(checkPlate('ABC1O2', 'HU')).toEqual(
      refused('ABC1O2', { reason: 'LETTER_FOR_DIGIT', index: 4, char: 'O' }),
    );
    expect(checkPlate('AB0123', 'HU')).toEqual(
      refused('AB0123', { reason: 'DIGIT_FOR_LETTER', index: 2, char: '0' }),
    );
  });
});

describe('checkPlate, other countries', () => {
  it.each([
    ['DE', 'M-AB 1234', 'MAB1234'],
    ['AT', 'W 12345 X', 'W12345X'],
    ['PL', 'WE12345', 'WE12345'],
    ['FR', 'ab-123-cd', 'AB123CD'],
    ['MD', 'ab12', 'AB12'],
    ['DE', 'AB', 'AB'],
    ['US', 'ABCDE12345', 'ABCDE12345'],
  ])('%s accepts %s', (country, input, plate) => {
    expect(checkPlate(input, country)).toMatchObject({ ok: true, plate });
  });

  it.each(['A', '7', 'ABCDE123456'])('refuses %s (not 2-10 characters) as FORMAT', (plate) => {
    expect(checkPlate(plate, 'DE')).toEqual({ ok: false, plate, reason: 'FORMAT' });
  });

  it('applies the generic rule to a country it does not list', () => {
    expect(checkPlate('AB12', 'ZZ').ok).toBe(true);
  });

  it("does not apply Romania's or Hungary's rules elsewhere", () => {
    expect(checkPlate('HD123ABC', 'DE').ok).toBe(true);
    expect(checkPlate('AB123', 'AT').ok).toBe(true);
  });
});

describe('checkPlate reasons', () => {
  it.each(['', '   ', ' - . · '])('EMPTY for %j', (input) => {
    for (const country of ['RO', 'HU', 'DE']) {
      expect(checkPlate(input, country)).toEqual({ ok: false, plate: '', reason: 'EMPTY' });
    }
  });

  it.each([
    ['HD12ĂBC', 'RO'],
    ['hd12șbc', 'RO'],
    ['ABŐ123', 'HU'],
    ['ÉBC123', 'HU'],
    ['AB/123', 'DE'],
    ['AB_12', 'DE'],
    ['ßAB12', 'DE'],
    ['ＡＢ12', 'DE'],
  ])('CHARACTERS for %s (%s)', (input, country) => {
    expect(checkPlate(input, country)).toMatchObject({ ok: false, reason: 'CHARACTERS' });
  });

  it('gives the normalized plate with a refusal', () => {
    expect(checkPlate('hd 12 ăbc', 'RO')).toEqual({ ok: false, plate: 'HD12ĂBC', reason: 'CHARACTERS' });
  });
});

describe('checkPlate warnings', () => {
  const warning = (index: number, char: PlateWarning['char']): PlateWarning => ({
    kind: char === 'O' || char === '0' ? 'LETTER_O_OR_DIGIT_0' : 'LETTER_I_OR_DIGIT_1',
    index,
    char,
  });

  it.each(['CJ12ABC', 'B123XYZ', 'B100XOZ', 'CJ01XYZ', 'OT10AIO', 'IL11XOI', 'B10ABC'])(
    'gives none for the Romanian %s: its format says which characters are letters and which digits',
    (plate) => {
      expect(checkPlate(plate, 'RO')).toEqual(ok(plate));
    },
  );

  it.each(['OBC100', 'ABC230', 'IOAB101'])(
    'gives none for the Hungarian %s, for the same reason',
    (plate) => {
      expect(checkPlate(plate, 'HU')).toEqual(ok(plate));
    },
  );

  it.each([
    ['CJ01XYZ', 'RO'],
    ['B100XOZ', 'RO'],
    ['OT10AIO', 'RO'],
    ['IOAB101', 'HU'],
  ])('has reason to: no O, 0, I or 1 of %s (%s) read the other way fits the format', (plate, country) => {
    Array.from(plate).forEach((char, index) => {
      const other = OTHER_READING[char as keyof typeof OTHER_READING];
      if (other)
        expect(checkPlate(plate.slice(0, index) + other + plate.slice(index + 1), country).ok).toBe(false);
    });
  });

  it.each([
    ['MAB1234', 'DE', 'the 1 where the letters meet the digits'],
    ['MAO1234', 'DE', 'an O ending the letters'],
    ['MA01234', 'DE', 'a 0 starting the digits'],
    ['AB100CD', 'FR', 'zeros among digits'],
    ['OI10', 'IT', 'letters, then digits'],
    ['W12345X', 'AT', 'digits, then a letter'],
  ])('gives none for %s (%s): %s', (plate, country) => {
    expect(checkPlate(plate, country)).toEqual(ok(plate));
  });

  it('names a letter O among digits, where a zero is likelier', () => {
    expect(checkPlate('M AB 12O4', 'DE')).toEqual(ok('MAB12O4', [warning(5, 'O')]));
    expect(checkPlate('AB-2O3-CD', 'FR')).toEqual(ok('AB2O3CD', [warning(3, 'O')]));
  });

  it('names a digit 0 among letters, where an O is likelier', () => {
    expect(checkPlate('M 0X 123', 'DE')).toEqual(ok('M0X123', [warning(1, '0')]));
  });

  it('names a letter I among digits, and a digit 1 among letters', () => {
    expect(checkPlate('MAB2I45', 'DE')).toEqual(ok('MAB2I45', [warning(4, 'I')]));
    expect(checkPlate('MA1B23', 'DE')).toEqual(ok('MA1B23', [warning(2, '1')]));
  });

  it('names both characters of M AB 1O, where either could be the slip (MAB10 or MABIO)', () => {
    expect(checkPlate('M AB 1O', 'DE')).toEqual(ok('MAB1O', [warning(3, '1'), warning(4, 'O')]));
  });
});

describe('plateKey', () => {
  it('is equal across spellings of one plate', () => {
    const key = plateKey('HD12ABC', 'RO');
    for (const spelling of ['hd 12 abc', 'HD-12-ABC', 'hd.12.abc', ' Hd12aBc ']) {
      expect(plateKey(spelling, 'RO')).toBe(key);
    }
    expect(plateKey('HD12ABC', 'ro')).toBe(key);
  });

  it('is equal when only O/0 or I/1 differ, the likely typing slip', () => {
    expect(plateKey('MAO1234', 'DE')).toBe(plateKey('MA0I234', 'DE'));
  });

  it('differs for another plate or another country', () => {
    expect(plateKey('HD12ABC', 'RO')).not.toBe(plateKey('HD12ABD', 'RO'));
    expect(plateKey('HD12ABC', 'RO')).not.toBe(plateKey('HD12ABC', 'HU'));
  });
});
