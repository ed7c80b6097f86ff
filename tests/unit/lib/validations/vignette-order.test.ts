import { vignetteOrderSchema } from '@/lib/validations/vignette-order';
import { checkPlate } from '@/lib/vignettes/plate';

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

describe('a refused plate', () => {
  it('has the message of lib/vignettes/plate-refusal, for the form and the API alike', () => {
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
