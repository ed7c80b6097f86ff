import {
  checkPlate,
  normalizePlate,
  plateKey,
  RO_COUNTY_CODES,
  type PlateCheck,
  type PlateWarning,
} from '@/lib/vignettes/plate';

const ok = (plate: string, warnings: PlateWarning[]): PlateCheck => ({ ok: true, plate, warnings });

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

  it.each([
    ['HD123ABC', 'a county with 3 digits'],
    ['B1234ABC', 'Bucharest with 4 digits'],
    ['B1ABC', 'Bucharest with 1 digit'],
    ['XX12ABC', 'an unknown county'],
    ['HD12AQC', 'a Q in the letters'],
    ['HD12IAB', 'letters starting with I'],
    ['HD12OAB', 'letters starting with O'],
    ['HD1ABC', 'a county with 1 digit'],
    ['HD12AB', 'two letters'],
    ['HD12ABCD', 'four letters'],
    ['HD1OABC', 'a letter O where a digit belongs'],
    ['HDI2ABC', 'a letter I where a digit belongs'],
    ['HD12AB0', 'a digit where a letter belongs'],
    ['12HDABC', 'the groups swapped'],
  ])('refuses %s (%s) as FORMAT', (plate) => {
    expect(checkPlate(plate, 'RO')).toEqual({ ok: false, plate, reason: 'FORMAT' });
  });

  it('accepts the letters I and O after the first position', () => {
    expect(checkPlate('HD12AIO', 'RO')).toEqual(
      ok('HD12AIO', ['LETTER_O_OR_DIGIT_0', 'LETTER_I_OR_DIGIT_1']),
    );
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

  it.each(['AB123', 'ABC12', 'ABC1234', 'AABBC123', '123ABC', 'AB0123', 'ABCD12E'])(
    'refuses %s as FORMAT',
    (plate) => {
      expect(checkPlate(plate, 'HU')).toEqual({ ok: false, plate, reason: 'FORMAT' });
    },
  );

  it('refuses an O where a digit belongs rather than guessing', () => {
    expect(checkPlate('ABC1O2', 'HU')).toMatchObject({ ok: false, reason: 'FORMAT' });
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
  it('gives none when the plate holds no O, 0, I or 1', () => {
    expect(checkPlate('HD23ABC', 'RO')).toEqual(ok('HD23ABC', []));
    expect(checkPlate('ABC234', 'HU')).toEqual(ok('ABC234', []));
    expect(checkPlate('MAB2345', 'DE')).toEqual(ok('MAB2345', []));
  });

  it.each([
    ['CJ02XYZ', 'RO'],
    ['HD23AOB', 'RO'],
    ['OBC234', 'HU'],
    ['ABC230', 'HU'],
    ['MAO234', 'DE'],
    ['MA0234', 'DE'],
  ])('LETTER_O_OR_DIGIT_0 for %s (%s)', (plate, country) => {
    expect(checkPlate(plate, country)).toEqual(ok(plate, ['LETTER_O_OR_DIGIT_0']));
  });

  it.each([
    ['B12ABC', 'RO'],
    ['HD23AIB', 'RO'],
    ['IBC234', 'HU'],
    ['ABC231', 'HU'],
    ['MAI234', 'DE'],
    ['MA1234', 'DE'],
  ])('LETTER_I_OR_DIGIT_1 for %s (%s)', (plate, country) => {
    expect(checkPlate(plate, country)).toEqual(ok(plate, ['LETTER_I_OR_DIGIT_1']));
  });

  it('gives both, in a stable order', () => {
    expect(checkPlate('CJ01XYZ', 'RO')).toEqual(
      ok('CJ01XYZ', ['LETTER_O_OR_DIGIT_0', 'LETTER_I_OR_DIGIT_1']),
    );
    expect(checkPlate('OI10', 'IT')).toEqual(ok('OI10', ['LETTER_O_OR_DIGIT_0', 'LETTER_I_OR_DIGIT_1']));
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
