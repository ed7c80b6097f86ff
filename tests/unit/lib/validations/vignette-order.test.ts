import { plateRefusalMessage, vignetteOrderSchema } from '@/lib/validations/vignette-order';
import { checkPlate, type PlateRefusal } from '@/lib/vignettes/plate';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const order = {
  items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: '2026-12-01', plate: 'hd-12-abc', country: 'ro' }],
  email: 'driver@example.ro',
  locale: 'ro',
  acceptTerms: true,
};

/** A billing address in the parts the API takes (lib/validations/billing.ts). */
const DEVA = { street: 'Str. Mare 1', city: 'Deva', county: 'RO-HD', country: 'RO' };

const messagesOf = (input: unknown) => {
  const result = vignetteOrderSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('the vignette order schema, shared by the form and the API', () => {
  it('normalises the plate and the country', () => {
    const parsed = vignetteOrderSchema.parse(order);
    expect(parsed.items[0]).toMatchObject({ plate: 'HD12ABC', country: 'RO' });
  });

  it.each([
    [{ ...order, acceptTerms: undefined }, 'acceptTerms:termsRequired'],
    [{ ...order, acceptTerms: false }, 'acceptTerms:termsRequired'],
    [{ ...order, email: 'not-an-address' }, 'email:emailInvalid'],
    [{ ...order, locale: 'fr' }, 'locale:localeUnknown'],
    [
      { ...order, invoice: { kind: 'COMPANY', name: 'SC Exemplu SRL', taxId: 'nope', ...DEVA } },
      'invoice.taxId:taxIdInvalid',
    ],
    [{ ...order, invoice: { kind: 'PERSON', name: '', ...DEVA } }, 'invoice.name:required'],
    [{ ...order, items: Array.from({ length: 11 }, () => order.items[0]) }, 'items:cartTooLarge'],
  ])('rejects %j with a message key', (input, expected) => {
    expect(messagesOf(input)).toContain(expected);
  });

  it('accepts invoice data for a person or a company', () => {
    expect(
      messagesOf({
        ...order,
        invoice: { kind: 'PERSON', name: 'Ion Popescu', ...DEVA },
      }),
    ).toEqual([]);
    expect(
      messagesOf({
        ...order,
        invoice: { kind: 'COMPANY', name: 'Exemplu SRL', taxId: 'RO14399840', ...DEVA },
      }),
    ).toEqual([]);
  });
});

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

  it('is the message of the schema, for the form and the API alike', () => {
    const withPlate = (plate: string) => ({ ...order, items: [{ ...order.items[0], plate }] });
    expect(messagesOf(withPlate('B 1234 ABC'))).toEqual(['items.0.plate:plateRoBucharestDigits']);
    expect(messagesOf(withPlate('hd 12 ăbc'))).toEqual(['items.0.plate:plateCharacters']);
    expect(checkPlate('CJ12AB0', 'RO')).toMatchObject({ reason: 'DIGIT_FOR_LETTER' });
    const issue = vignetteOrderSchema.safeParse(withPlate('CJ12AB0')).error?.issues[0];
    expect(issue).toMatchObject({
      message: 'plateDigitForLetter',
      params: { position: 7, char: '0', other: 'O' },
    });
  });
});
