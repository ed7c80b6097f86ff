/**
 * Licence plates for e-vignettes (docs/domain.md, Plates, countries and counties). A vignette is bound to the plate and
 * country exactly as typed, and a wrong character makes it worthless on the road, so nothing here guesses: characters
 * are never "corrected" (an O is never turned into a 0), a character that cannot stand where the format puts it fails
 * the check with the reason said as precisely as the format allows, and an O, 0, I or 1 that could be read the other
 * way is flagged, by position, for the buyer to confirm.
 *
 * Framework-free: used by the order form, the quote and order handlers, and the admin screens alike.
 */

export type AmbiguousLetter = 'O' | 'I';
export type AmbiguousDigit = '0' | '1';

/**
 * A character the buyer should compare with the registration certificate: `index` counts from 0 in the normalized
 * plate, `char` is the character as typed (the letter O or the digit 0, the letter I or the digit 1).
 */
export interface PlateWarning {
  kind: 'LETTER_O_OR_DIGIT_0' | 'LETTER_I_OR_DIGIT_1';
  index: number;
  char: AmbiguousLetter | AmbiguousDigit;
}

/**
 * Why a plate was refused. EMPTY, CHARACTERS and FORMAT hold for every country; LETTER_FOR_DIGIT and DIGIT_FOR_LETTER
 * when the plate would fit the country's format with that one O, 0, I or 1 read the other way; the RO_ reasons say
 * which part of a Romanian plate is wrong. `index` counts from 0 in the normalized plate.
 */
export type PlateRefusal =
  | { reason: 'EMPTY' | 'CHARACTERS' | 'FORMAT' }
  | { reason: 'LETTER_FOR_DIGIT'; index: number; char: AmbiguousLetter }
  | { reason: 'DIGIT_FOR_LETTER'; index: number; char: AmbiguousDigit }
  /** The plate does not start with letters (the county code). */
  | { reason: 'RO_COUNTY_MISSING' }
  | { reason: 'RO_COUNTY_UNKNOWN'; county: string }
  /** Bucharest's B is not followed by 2 or 3 digits. */
  | { reason: 'RO_BUCHAREST_DIGITS' }
  /** A county code is not followed by exactly 2 digits. */
  | { reason: 'RO_COUNTY_DIGITS'; county: string }
  /** What follows the digits is not 3 letters. */
  | { reason: 'RO_LETTERS' }
  | { reason: 'RO_LETTER_Q'; index: number }
  /** The 3 letters start with I or O, which Romania does not issue (they would read as 1 and 0). */
  | { reason: 'RO_FIRST_LETTER'; index: number; char: AmbiguousLetter };

export type PlateCheck =
  { ok: true; plate: string; warnings: PlateWarning[] } | ({ ok: false; plate: string } & PlateRefusal);

/** The 41 Romanian county codes besides Bucharest's B. */
// prettier-ignore
export const RO_COUNTY_CODES: ReadonlySet<string> = new Set([
  'AB', 'AR', 'AG', 'BC', 'BH', 'BN', 'BT', 'BV', 'BR', 'BZ', 'CS', 'CL', 'CJ', 'CT', 'CV', 'DB', 'DJ', 'GL', 'GR',
  'GJ', 'HR', 'HD', 'IL', 'IS', 'IF', 'MM', 'MH', 'MS', 'NT', 'OT', 'PH', 'SM', 'SJ', 'SB', 'SV', 'TR', 'TM', 'TL',
  'VS', 'VL', 'VN',
]);

/*
 * What people put between the groups of a plate: whitespace (including no-break and zero-width spaces, which
 * arrive with copy and paste), the dashes and hyphens keyboards and word processors produce, dots, and the
 * middle dots some plates and fonts show. Anything else is kept so that the check can reject it.
 */
const SEPARATORS =
  /[-\s\u00AD\u180E\u200B-\u200D\u2060\uFEFF\u2010-\u2015\u2043\u2212\uFE58\uFE63\uFF0D.\u00B7\u2022\u2027\u2219\u22C5\u30FB\uFF0E\uFF65]/gu;

/**
 * Uppercases (independently of the user's locale: 'i' is 'I', never Turkish 'İ') and removes spaces, dashes,
 * dots and middle dots: 'hd 12 abc' → 'HD12ABC', 'B-123-XYZ' → 'B123XYZ'. Other characters, diacritics included,
 * are kept (uppercased) for {@link checkPlate} to reject; a character whose uppercase form is longer (German 'ß'
 * → 'SS') is kept as it is, so that an invalid character never turns into valid letters.
 */
export function normalizePlate(input: string): string {
  return Array.from(input.normalize('NFC').replace(SEPARATORS, ''), (ch) => {
    const upper = ch.toUpperCase();
    return upper.length === ch.length ? upper : ch;
  }).join('');
}

const PLATE_CHARACTERS = /^[A-Z0-9]+$/;

// Romania: county + 2 digits + 3 letters; Bucharest: B + 2 or 3 digits + 3 letters. The letters never contain Q
// and never start with I or O (they would read as 1 and 0).
const RO_PLATE = /^(?:B\d{2,3}|([A-Z]{2})\d{2})[A-HJ-NPR-Z][A-PR-Z]{2}$/;
// Hungary: ABC-123 (until 2022) or AA AA-123 (since 2022).
const HU_PLATE = /^[A-Z]{3,4}\d{3}$/;
const OTHER_PLATE = /^[A-Z0-9]{2,10}$/;

function matchesFormat(plate: string, country: string): boolean {
  switch (country) {
    case 'RO': {
      const match = RO_PLATE.exec(plate);
      if (!match) return false;
      const county = match[1];
      return county === undefined || RO_COUNTY_CODES.has(county);
    }
    case 'HU':
      return HU_PLATE.test(plate);
    default:
      return OTHER_PLATE.test(plate);
  }
}

/** The other reading of each character that is easily confused: the letter O and the digit 0, I and 1. */
export const OTHER_READING = { O: '0', '0': 'O', I: '1', '1': 'I' } as const;

const isConfusable = (char: string): char is keyof typeof OTHER_READING => char in OTHER_READING;
const isDigit = (char: string) => char >= '0' && char <= '9';

/** The plate with the character at `index`, one of OTHER_READING's, read the other way. */
const readOtherwise = (plate: string, index: number, char: keyof typeof OTHER_READING) =>
  plate.slice(0, index) + OTHER_READING[char] + plate.slice(index + 1);

/** The formats that fix, for a plate that fits, whether each position holds a letter or a digit. */
const POSITIONAL_FORMATS: ReadonlySet<string> = new Set(['RO', 'HU']);

/*
 * In RO and HU a plate that fits has each character where the format puts its kind, so the other reading of any O,
 * 0, I or 1 would not fit: nothing to confirm (B100XOZ is B, 100, XOZ and nothing else). Elsewhere the code does not
 * know the positions, so it looks at the neighbours, since plates are groups of letters and groups of digits: a
 * letter whose neighbours are all digits (MAB1O23, MAB1O) or a digit whose neighbours are all letters (MA0AB12) may
 * be the other one. Where a letter group meets a digit group (the 1 of MAB1234) both readings are ordinary, and a
 * warning there would be the false alarm the buyer learns to ignore.
 */
function warningsFor(plate: string, country: string): PlateWarning[] {
  if (POSITIONAL_FORMATS.has(country)) return [];
  const warnings: PlateWarning[] = [];
  Array.from(plate).forEach((char, index) => {
    if (!isConfusable(char)) return;
    const neighbours = [plate[index - 1], plate[index + 1]].filter((next) => next !== undefined);
    if (neighbours.length > 0 && neighbours.every((next) => isDigit(next) !== isDigit(char))) {
      const kind = char === 'O' || char === '0' ? 'LETTER_O_OR_DIGIT_0' : 'LETTER_I_OR_DIGIT_1';
      warnings.push({ kind, index, char });
    }
  });
  return warnings;
}

/*
 * Which part of a plate that fails Romania's format is wrong, read from the left as the buyer reads it: the county
 * code, its digits, then the 3 letters. Called once no single O/0 or I/1 read the other way makes the plate fit.
 */
function romanianRefusal(plate: string): PlateRefusal {
  const leadingLetters = /^[A-Z]*/.exec(plate)![0];
  if (leadingLetters === '') return { reason: 'RO_COUNTY_MISSING' };
  // B alone (followed by a digit) is Bucharest; BC, BH, BV... are counties.
  const bucharest = leadingLetters === 'B';
  const county = bucharest ? 'B' : leadingLetters.slice(0, 2);
  if (!bucharest && !RO_COUNTY_CODES.has(county)) return { reason: 'RO_COUNTY_UNKNOWN', county };

  const digits = /^\d*/.exec(plate.slice(county.length))![0];
  if (bucharest && (digits.length < 2 || digits.length > 3)) return { reason: 'RO_BUCHAREST_DIGITS' };
  if (!bucharest && digits.length !== 2) return { reason: 'RO_COUNTY_DIGITS', county };

  const lettersAt = county.length + digits.length;
  const letters = plate.slice(lettersAt);
  if (!/^[A-Z]{3}$/.test(letters)) return { reason: 'RO_LETTERS' };
  if (letters.includes('Q')) return { reason: 'RO_LETTER_Q', index: lettersAt + letters.indexOf('Q') };
  // All that RO_PLATE still refuses: a first letter I or O.
  return { reason: 'RO_FIRST_LETTER', index: lettersAt, char: letters[0] as AmbiguousLetter };
}

/** Why a plate of letters and digits does not fit the country's format. */
function refusalFor(plate: string, country: string): PlateRefusal {
  // One O typed for a 0 (or 0 for O, I for 1, 1 for I) is the likeliest slip: it is named before anything else.
  for (let index = 0; index < plate.length; index++) {
    const char = plate[index]!;
    if (!isConfusable(char) || !matchesFormat(readOtherwise(plate, index, char), country)) continue;
    return isDigit(char)
      ? { reason: 'DIGIT_FOR_LETTER', index, char: char as AmbiguousDigit }
      : { reason: 'LETTER_FOR_DIGIT', index, char: char as AmbiguousLetter };
  }
  return country === 'RO' ? romanianRefusal(plate) : { reason: 'FORMAT' };
}

function normalizeCountry(country: string): string {
  return country.trim().toUpperCase();
}

/**
 * Checks a plate for a country of registration (ISO 3166-1 alpha-2). `plate` in the answer is always the
 * normalized form, which is what the order stores and the buyer confirms. Refusals ({@link PlateRefusal}): EMPTY
 * (nothing but separators), CHARACTERS (anything but A-Z and 0-9, e.g. 'Ș' or '/'), then why the country's format
 * is not met: one O/0 or I/1 in the wrong place, a Romanian plate's county, digits or letters, else FORMAT.
 */
export function checkPlate(input: string, country: string): PlateCheck {
  const plate = normalizePlate(input);
  const code = normalizeCountry(country);
  if (plate === '') return { ok: false, plate, reason: 'EMPTY' };
  if (!PLATE_CHARACTERS.test(plate)) return { ok: false, plate, reason: 'CHARACTERS' };
  if (!matchesFormat(plate, code)) return { ok: false, plate, ...refusalFor(plate, code) };
  return { ok: true, plate, warnings: warningsFor(plate, code) };
}

/**
 * A key for spotting the same vehicle twice in a cart: equal for every spelling of a plate ('hd-12 abc' and
 * 'HD12ABC'), and equal when the only difference is O for 0 or I for 1, since that is most likely one car typed
 * twice (the cart warns, it does not refuse). Not a display value: show the normalized plate instead.
 */
export function plateKey(plate: string, country: string): string {
  const folded = normalizePlate(plate).replace(/O/g, '0').replace(/I/g, '1');
  return `${normalizeCountry(country)}:${folded}`;
}
