import { OTHER_READING, type PlateRefusal } from './plate';

// No zod here: the plate field explains a refusal as the buyer types, before the form's schema is loaded
// (components/form/zod-form-resolver.ts), and the schema (lib/validations/vignette-order.ts) sends the same key.

/** A message key of `Validation` with the values its text names (`{position}`, `{county}`...). */
export interface MessageWithParams {
  key: string;
  params: Record<string, string | number>;
}

/**
 * The `Validation` message of a refused plate, one key per reason of checkPlate, shown by the form next to the field
 * and sent as the API's issue code. Positions are counted from 1, as the buyer counts the plate's characters.
 */
export function plateRefusalMessage(refusal: PlateRefusal): MessageWithParams {
  switch (refusal.reason) {
    case 'EMPTY':
      return { key: 'plateRequired', params: {} };
    case 'CHARACTERS':
      return { key: 'plateCharacters', params: {} };
    case 'FORMAT':
      return { key: 'plateFormat', params: {} };
    case 'LETTER_FOR_DIGIT':
    case 'DIGIT_FOR_LETTER':
    case 'RO_FIRST_LETTER': {
      const key = {
        LETTER_FOR_DIGIT: 'plateLetterForDigit',
        DIGIT_FOR_LETTER: 'plateDigitForLetter',
        RO_FIRST_LETTER: 'plateRoFirstLetter',
      }[refusal.reason];
      const { index, char } = refusal;
      return { key, params: { position: index + 1, char, other: OTHER_READING[char] } };
    }
    case 'RO_COUNTY_MISSING':
      return { key: 'plateRoCountyMissing', params: {} };
    case 'RO_COUNTY_UNKNOWN':
      return { key: 'plateRoCountyUnknown', params: { county: refusal.county } };
    case 'RO_BUCHAREST_DIGITS':
      return { key: 'plateRoBucharestDigits', params: {} };
    case 'RO_COUNTY_DIGITS':
      return { key: 'plateRoCountyDigits', params: { county: refusal.county } };
    case 'RO_LETTERS':
      return { key: 'plateRoLetters', params: {} };
    case 'RO_LETTER_Q':
      return { key: 'plateRoLetterQ', params: { position: refusal.index + 1 } };
  }
}

/** The message keys of a refused plate (checkPlate's reasons), as {@link plateRefusalMessage} names them. */
export const PLATE_REFUSAL_KEYS: ReadonlySet<string> = new Set([
  'plateRequired',
  'plateCharacters',
  'plateFormat',
  'plateLetterForDigit',
  'plateDigitForLetter',
  'plateRoFirstLetter',
  'plateRoCountyMissing',
  'plateRoCountyUnknown',
  'plateRoBucharestDigits',
  'plateRoCountyDigits',
  'plateRoLetters',
  'plateRoLetterQ',
]);

/** Whether an error key is a refusal of the plate by its check, which a plate that now passes makes stale. */
export const isPlateRefusalKey = (key: string | undefined) =>
  key !== undefined && PLATE_REFUSAL_KEYS.has(key);
