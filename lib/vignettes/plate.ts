/**
 * Licence plates for e-vignettes (docs/domain.md, Plates, countries and counties). A vignette is bound to the plate and
 * country exactly as typed, and a wrong character makes it worthless on the road, so nothing here guesses: characters
 * are never "corrected" (an O is never turned into a 0), a character that cannot stand where the format puts it fails
 * the check, and O/0 and I/1 are flagged for the buyer to confirm.
 *
 * Framework-free: used by the order form, the quote and order handlers, and the admin screens alike.
 */

export type PlateWarning = 'LETTER_O_OR_DIGIT_0' | 'LETTER_I_OR_DIGIT_1';

export type PlateCheck =
  | { ok: true; plate: string; warnings: PlateWarning[] }
  | { ok: false; plate: string; reason: 'EMPTY' | 'CHARACTERS' | 'FORMAT' };

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

/*
 * The formats of RO and HU already fix which positions are letters and which are digits, so a mix-up there
 * fails the format; what passes can still be another car's plate (a typed 0 for a 1 in the digits), so the
 * warnings ask every buyer whose plate holds any of these characters to compare it with the registration
 * certificate. Elsewhere letters and digits mix freely and the same rule applies.
 */
function warningsFor(plate: string): PlateWarning[] {
  const warnings: PlateWarning[] = [];
  if (/[O0]/.test(plate)) warnings.push('LETTER_O_OR_DIGIT_0');
  if (/[I1]/.test(plate)) warnings.push('LETTER_I_OR_DIGIT_1');
  return warnings;
}

function normalizeCountry(country: string): string {
  return country.trim().toUpperCase();
}

/**
 * Checks a plate for a country of registration (ISO 3166-1 alpha-2). `plate` in the answer is always the
 * normalized form, which is what the order stores and the buyer confirms. Reasons: EMPTY (nothing but
 * separators), CHARACTERS (anything but A-Z and 0-9, e.g. 'Ș' or '/'), FORMAT (the country's pattern).
 */
export function checkPlate(input: string, country: string): PlateCheck {
  const plate = normalizePlate(input);
  if (plate === '') return { ok: false, plate, reason: 'EMPTY' };
  if (!PLATE_CHARACTERS.test(plate)) return { ok: false, plate, reason: 'CHARACTERS' };
  if (!matchesFormat(plate, normalizeCountry(country))) return { ok: false, plate, reason: 'FORMAT' };
  return { ok: true, plate, warnings: warningsFor(plate) };
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
