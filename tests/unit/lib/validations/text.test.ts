import fc from 'fast-check';
import { z } from 'zod';
import { sandbox3dsForm, sandboxPayForm } from '@/lib/payment-provider/sandbox/http';
import {
  invoiceListQuerySchema,
  invoiceQuerySchema,
  markActiveSchema,
  transactionListQuerySchema,
  transactionRangeQuerySchema,
} from '@/lib/validations/admin-transactions';
import { isStorableText, text } from '@/lib/validations/text';
import { topUpOrderSchema } from '@/lib/validations/topup-order';
import {
  changePasswordSchema,
  loginSchema,
  signUpSchema,
  userIdQuerySchema,
  usernameQuerySchema,
} from '@/lib/validations/users';
import { vignetteOrderSchema, vignetteQuoteSchema } from '@/lib/validations/vignette-order';

const SEED = 1111;

/** Any UTF-16 code unit, with the ones that matter here (NUL, surrogate halves) drawn often. */
const codeUnit = fc.oneof(
  fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D', '\uDE00'),
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
);
const anyText = fc.string({ unit: codeUnit, maxLength: 40 });
/** A NUL or a lone surrogate: text PostgreSQL cannot store, or that is no character at all. */
const poison = fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF');

describe('isStorableText', () => {
  it('agrees with "no NUL and well-formed UTF-16" on any text', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(isStorableText(value)).toBe(!value.includes('\u0000') && value.isWellFormed());
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('accepts every language and emoji (surrogate pairs), refuses a NUL or a lone half anywhere', () => {
    expect(isStorableText('Știință, Größe, árvíztűrő, 🚗🇷🇴')).toBe(true);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), poison, fc.nat(), (value, bad, at) => {
        const position = at % (value.length + 1);
        // A lone high half right before a low half, or a low half after a high one, would make a pair: keep them apart.
        const poisoned = `${value.slice(0, position)} ${bad} ${value.slice(position)}`;
        expect(isStorableText(value)).toBe(true);
        expect(isStorableText(poisoned)).toBe(false);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('is a string schema that says textInvalid first, and still chains as z.string() does', () => {
    const schema = text().trim().min(2, 'required');
    expect(schema.parse('  ab ')).toBe('ab');
    expect(schema.safeParse('a\u0000b').error?.issues.map((issue) => issue.message)).toEqual(['textInvalid']);
    expect(schema.safeParse(42).success).toBe(false);
  });
});

/** Every shared schema that takes text, with an input it accepts. */
const VALID_INPUTS: [string, z.ZodType, Record<string, unknown>][] = [
  [
    'vignette order',
    vignetteOrderSchema,
    {
      items: [
        { categoryCode: 'CAR', type: 'WEEK', startDate: '2026-12-01', plate: 'HD12ABC', country: 'RO' },
      ],
      email: 'driver@example.ro',
      phone: '+36 30 123 4567',
      locale: 'ro',
      invoice: {
        kind: 'COMPANY',
        name: 'Exemplu SRL',
        taxId: 'RO14399840',
        tradeRegister: 'J20/1/2020',
        street: 'Str. Mare 1',
        city: 'Deva',
        county: 'RO-HD',
        country: 'RO',
      },
      acceptTerms: true,
    },
  ],
  [
    'vignette quote (county)',
    vignetteQuoteSchema,
    {
      items: [
        { categoryCode: 'CAR', type: 'COUNTY_YEAR', county: 'baranya', plate: 'ABC123', country: 'HU' },
      ],
    },
  ],
  [
    'top-up order',
    topUpOrderSchema,
    {
      operatorId: 'orange',
      productId: 'orange-5',
      phone: '0712345678',
      email: 'a@example.ro',
      locale: 'en',
      invoice: { kind: 'PERSON', name: 'Ion Popescu', street: 'Str. Mare 1', city: 'Berlin', country: 'DE' },
      acceptTerms: true,
    },
  ],
  ['sign-in', loginSchema, { username: 'admin', password: 'a long password' }],
  ['new user', signUpSchema, { username: 'operator.1', password: 'a long password', role: 'OPERATOR' }],
  [
    'password change',
    changePasswordSchema,
    { uuid: 'u-1', oldPass: 'old password', newPass: 'a new long password' },
  ],
  ['user id query', userIdQuerySchema, { uuid: '6d1f0f63-9d4b-4a8e-9a51-2b7f3c0c2f11' }],
  ['username query', usernameQuerySchema, { username: 'admin' }],
  ['mark active', markActiveSchema, { id: 'AAAAAAAAAAAAAAAAAAAAAA', active: true }],
  ['invoice query', invoiceQuerySchema, { orderId: 'AAAAAAAAAAAAAAAAAAAAAA' }],
  ['invoice list', invoiceListQuerySchema, { page: '0', size: '20', q: 'exemplu' }],
  ['transaction list', transactionListQuerySchema, { q: 'HD12ABC', from: '2026-01-01', to: '2026-01-31' }],
  ['transaction range', transactionRangeQuerySchema, { from: '2026-01-01', to: '2026-01-31', q: 'x' }],
  [
    'sandbox card form',
    sandboxPayForm,
    { ntpId: 'abcdefghijkl', cardNumber: '9900004810225098', cvv: '111', expiry: '12/30' },
  ],
  ['sandbox 3-D Secure form', sandbox3dsForm, { ntpId: 'abcdefghijkl', code: '123' }],
];

/** The path and value of every string in an input. */
function textLeaves(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; value: string }[] {
  if (typeof value === 'string') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => textLeaves(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => textLeaves(item, [...path, key]));
  return [];
}

function replaced(input: unknown, path: (string | number)[], next: string): unknown {
  if (!path.length) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(input) ? [...input] : { ...(input as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaced(copy[head!], rest, next);
  return copy;
}

describe.each(VALID_INPUTS)('the %s schema', (_name, schema, input) => {
  it('accepts its example', () => {
    expect(schema.safeParse(input).error?.issues).toBeUndefined();
  });

  it('refuses a NUL or a lone surrogate in any of its text fields, naming that field', () => {
    const leaves = textLeaves(input);
    fc.assert(
      fc.property(fc.constantFrom(...leaves), poison, fc.nat(), ({ path, value }, bad, at) => {
        const position = at % (value.length + 1);
        const poisoned = replaced(input, path, `${value.slice(0, position)}${bad}${value.slice(position)}`);
        const result = schema.safeParse(poisoned);
        expect(result.success).toBe(false);
        expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain(path.join('.'));
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
