import { vignetteOrderSchema } from '@/lib/validations/vignette-order';

const order = {
  items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: '2026-12-01', plate: 'hd-12-abc', country: 'ro' }],
  email: 'driver@example.ro',
  locale: 'ro',
  acceptTerms: true,
};

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
      { ...order, invoice: { kind: 'COMPANY', name: 'SC Exemplu SRL', taxId: 'nope', address: 'Deva' } },
      'invoice.taxId:taxIdInvalid',
    ],
    [{ ...order, invoice: { kind: 'PERSON', name: '', address: 'Deva' } }, 'invoice.name:required'],
    [{ ...order, items: Array.from({ length: 11 }, () => order.items[0]) }, 'items:cartTooLarge'],
  ])('rejects %j with a message key', (input, expected) => {
    expect(messagesOf(input)).toContain(expected);
  });

  it('accepts invoice data for a person or a company', () => {
    expect(
      messagesOf({
        ...order,
        invoice: { kind: 'PERSON', name: 'Ion Popescu', address: 'Str. Mare 1, Deva' },
      }),
    ).toEqual([]);
    expect(
      messagesOf({
        ...order,
        invoice: { kind: 'COMPANY', name: 'Exemplu SRL', taxId: 'RO41234567', address: 'Deva' },
      }),
    ).toEqual([]);
  });
});
