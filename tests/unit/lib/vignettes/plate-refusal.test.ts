import { PLATE_REFUSAL_KEYS, plateRefusalMessage } from '@/lib/vignettes/plate-refusal';
import type { PlateRefusal } from '@/lib/vignettes/plate';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

describe('plateRefusalMessage', () => {
  const REFUSALS: [PlateRefusal, string, Record<string, string | number>][] = [
    [{ reason: 'EMPTY' }, 'plateRequired', {}],
    [{ reason: 'CHARACTERS' }, 'plateCharacters', {}],
    [{ reason: 'FORMAT' }, 'plateFormat', {}],
    [
      { reason: 'LETTER_FOR_DIGIT', index: 3, char: 'O' },
      'plateLetterForDigit',
      { position: 4, char: 'O', other: '0' },
    ],
    [
      { reason: 'DIGIT_FOR_LETTER', index: 6, char: '1' },
      'plateDigitForLetter',
      { position: 7, char: '1', other: 'I' },
    ],
    [{ reason: 'RO_COUNTY_MISSING' }, 'plateRoCountyMissing', {}],
    [{ reason: 'RO_COUNTY_UNKNOWN', county: 'XY' }, 'plateRoCountyUnknown', { county: 'XY' }],
    [{ reason: 'RO_BUCHAREST_DIGITS' }, 'plateRoBucharestDigits', {}],
    [{ reason: 'RO_COUNTY_DIGITS', county: 'CJ' }, 'plateRoCountyDigits', { county: 'CJ' }],
    [{ reason: 'RO_LETTERS' }, 'plateRoLetters', {}],
    [{ reason: 'RO_LETTER_Q', index: 5 }, 'plateRoLetterQ', { position: 6 }],
    [
      { reason: 'RO_FIRST_LETTER', index: 4, char: 'I' },
      'plateRoFirstLetter',
      { position: 5, char: 'I', other: '1' },
    ],
  ];

  it.each(REFUSALS)('%j → %s with the values it names, counted from 1', (refusal, key, params) => {
    expect(plateRefusalMessage(refusal)).toEqual({ key, params });
  });

  it('names every key it gives among the refusal keys, which a plate that passes makes stale', () => {
    expect(new Set(REFUSALS.map(([, key]) => key))).toEqual(PLATE_REFUSAL_KEYS);
  });

  it.each(Object.entries({ ro, en, de, hu }))(
    'has each text in Validation in %s, naming exactly the values it is given',
    (_locale, messages) => {
      const validation: Record<string, string> = messages.Validation;
      for (const [, key, params] of REFUSALS) {
        const named = [...(validation[key] ?? '').matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        expect([key, new Set(named)]).toEqual([key, new Set(Object.keys(params))]);
      }
    },
  );
});
