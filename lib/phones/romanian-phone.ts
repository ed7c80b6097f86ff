/**
 * Romanian phone numbers as the spec's pattern (docs/domain.md, Phone numbers) writes them: an optional prefix `0040`,
 * `+40` or a leading `0`, then one of
 *  (a) a mobile number: 7 and 8 digits (`712 345 678`);
 *  (b) Bucharest: area code 21 or 31, then 1 digit and 6 more digits;
 *  (c) another area code: 2 or 3, a digit 3 to 7, then 1 digit and 6 more digits;
 *  (d) 80 or 90 (free and premium-rate), then 1 digit and 6 more digits.
 * Every kind is 9 national digits. Single spaces are allowed between groups of digits, however the visitor groups
 * them (`0712 345 678`, `021 312 3456`, `+40 264 123 456`); two spaces, dashes or dots are not.
 */
const SHAPE = /^(?<prefix>\+40|0040|0)? ?(?<national>\d(?: ?\d)*)$/;

const KINDS = {
  MOBILE: /^7\d{8}$/,
  BUCHAREST: /^[23]1\d{7}$/,
  GEOGRAPHIC: /^[23][3-7]\d{7}$/,
  NON_GEOGRAPHIC: /^[89]0\d{7}$/,
} as const;

export type RomanianPhoneKind = keyof typeof KINDS;

export interface RomanianPhone {
  kind: RomanianPhoneKind;
  /** +40 and the 9 national digits: how the number is stored and sent to operators. */
  e164: string;
}

/** The number's kind and E.164 form, or null when the spec's pattern rejects it. */
export function parseRomanianPhone(input: string): RomanianPhone | null {
  const national = SHAPE.exec(input.trim())?.groups?.national?.replace(/ /g, '');
  if (!national) return null;
  const kind = (Object.keys(KINDS) as RomanianPhoneKind[]).find((name) => KINDS[name].test(national));
  return kind ? { kind, e164: `+40${national}` } : null;
}

/** `+40712345678` → `0712 345 678`: how a Romanian reads a mobile number back. */
export function formatNationalPhone(e164: string): string {
  const national = e164.replace(/^\+40/, '0');
  return /^0\d{9}$/.test(national)
    ? `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`
    : e164;
}
