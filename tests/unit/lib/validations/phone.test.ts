import { formatNationalPhone, parseRomanianPhone } from '@/lib/phones/romanian-phone';
import { mobilePhoneSchema, romanianPhoneSchema } from '@/lib/validations/phone';

const issueOf = (schema: typeof romanianPhoneSchema | typeof mobilePhoneSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('the spec pattern of Romanian phone numbers', () => {
  it.each([
    // (a) mobile: 7 and 8 digits, grouped 2+3+3, with every prefix form
    ['0712345678', 'MOBILE', '+40712345678'],
    ['712345678', 'MOBILE', '+40712345678'],
    ['+40712345678', 'MOBILE', '+40712345678'],
    ['0040712345678', 'MOBILE', '+40712345678'],
    ['0712 345 678', 'MOBILE', '+40712345678'],
    ['+40 712 345 678', 'MOBILE', '+40712345678'],
    ['0040 7 12 345 678', 'MOBILE', '+40712345678'],
    ['07 12 34 56 78', 'MOBILE', '+40712345678'],
    ['  0722 000 111  ', 'MOBILE', '+40722000111'],
    // (b) Bucharest: 21 or 31, one digit, six digits
    ['0213123456', 'BUCHAREST', '+40213123456'],
    ['021 3 123456', 'BUCHAREST', '+40213123456'],
    ['+40 31 4 056 789', 'BUCHAREST', '+40314056789'],
    ['021 312 3456', 'BUCHAREST', '+40213123456'],
    ['314056789', 'BUCHAREST', '+40314056789'],
    // (c) other area codes: 2 or 3, a digit 3-7, one digit, six digits
    ['0254 123 456', 'GEOGRAPHIC', '+40254123456'],
    ['0264123456', 'GEOGRAPHIC', '+40264123456'],
    ['0040 37 2 123456', 'GEOGRAPHIC', '+40372123456'],
    ['0233 000 000', 'GEOGRAPHIC', '+40233000000'],
    // (d) 80 and 90 numbers
    ['0800 123 456', 'NON_GEOGRAPHIC', '+40800123456'],
    ['+40900123456', 'NON_GEOGRAPHIC', '+40900123456'],
  ])('accepts %j as %s (%s)', (input, kind, e164) => {
    expect(parseRomanianPhone(input)).toEqual({ kind, e164 });
    expect(romanianPhoneSchema.parse(input)).toEqual({ kind, e164 });
  });

  it.each([
    ['', 'phoneRequired'],
    ['   ', 'phoneRequired'],
    ['071234567', 'phoneInvalid'], // one digit short
    ['07123456789', 'phoneInvalid'], // one digit too many
    ['0612345678', 'phoneInvalid'], // no such range
    ['0223123456', 'phoneInvalid'], // area code 2 with a second digit outside 3-7 (and not Bucharest's 21)
    ['0283123456', 'phoneInvalid'],
    ['0810123456', 'phoneInvalid'], // 8 only as 80
    ['+41712345678', 'phoneInvalid'], // another country's prefix
    ['+4 0712345678', 'phoneInvalid'],
    ['+400712345678', 'phoneInvalid'], // the prefix and the leading 0 together
    ['0712  345 678', 'phoneInvalid'], // two spaces
    ['+40  712345678', 'phoneInvalid'],
    ['0712-345-678', 'phoneInvalid'], // dashes are not in the pattern
    ['07123A5678', 'phoneInvalid'],
    ['0'.repeat(30), 'phoneInvalid'],
  ])('rejects %j with %s', (input, message) => {
    expect(parseRomanianPhone(input)).toBeNull();
    expect(issueOf(romanianPhoneSchema, input)).toBe(message);
  });

  it('rejects what is not text', () => {
    expect(issueOf(romanianPhoneSchema, undefined)).toBe('phoneRequired');
    expect(issueOf(romanianPhoneSchema, 712345678)).toBe('phoneRequired');
  });
});

describe('the top-up number', () => {
  it('accepts only mobile numbers, as E.164', () => {
    expect(mobilePhoneSchema.parse('0040 722 123 456')).toBe('+40722123456');
    expect(mobilePhoneSchema.parse('0787654321')).toBe('+40787654321');
  });

  it.each(['021 312 3456', '0264 123 456', '0800 123 456', '0900123456'])(
    'refuses the landline or special number %j as not mobile',
    (input) => {
      expect(issueOf(mobilePhoneSchema, input)).toBe('phoneNotMobile');
    },
  );

  it('reports a malformed number as malformed, not as a landline', () => {
    expect(issueOf(mobilePhoneSchema, '07123')).toBe('phoneInvalid');
  });

  it('reads a number back the Romanian way', () => {
    expect(formatNationalPhone('+40712345678')).toBe('0712 345 678');
    expect(formatNationalPhone('+4112345')).toBe('+4112345');
  });
});
