import { amountFor, matchOperator, reloadlyTopUpProvider } from '@/lib/issuers/reloadly/client';
import type { ReloadlyErrorCode, ReloadlyOperator } from '@/lib/issuers/reloadly/contract';
import type { TopUpRequest } from '@/lib/issuers/topup-provider';
import { IssueError } from '@/lib/issuers/vignette-issuer';

const operator = (overrides: Partial<ReloadlyOperator>): ReloadlyOperator => ({
  id: 1,
  operatorId: 1,
  name: 'Orange Romania',
  bundle: false,
  data: false,
  pin: false,
  supportsLocalAmounts: true,
  denominationType: 'RANGE',
  senderCurrencyCode: 'USD',
  destinationCurrencyCode: 'EUR',
  minAmount: 1,
  maxAmount: 100,
  localMinAmount: 1,
  localMaxAmount: 100,
  fixedAmounts: [],
  localFixedAmounts: [],
  country: { isoName: 'RO', name: 'Romania' },
  fx: { rate: 0.92, currencyCode: 'EUR' },
  ...overrides,
});

describe('matchOperator', () => {
  const operators = [
    operator({ operatorId: 7, name: 'Orange Romania Bundles', bundle: true }),
    operator({ operatorId: 5, name: 'Orange Romania' }),
    operator({ operatorId: 9, name: 'Vodafone PIN Romania', pin: true }),
    operator({ operatorId: 8, name: 'Vodafone Romania' }),
    operator({ operatorId: 4, name: 'Digi Mobil Romania Data', data: true }),
    operator({ operatorId: 3, name: 'Digi Mobil Romania' }),
  ];
  it.each([
    ['orange', 'DIRECT', 5],
    ['vodafone', 'DIRECT', 8],
    ['vodafone', 'PIN', 9],
    ['digi', 'DIRECT', 3],
    ['digi', 'PIN', undefined],
  ] as const)('finds %s %s as operator %s, never a bundle or a data plan', (id, delivery, expected) => {
    expect(matchOperator(operators, id, delivery)?.operatorId).toBe(expected);
  });
});

describe('amountFor', () => {
  it("sends the face value in the operator's euro when Reloadly takes local amounts", () => {
    expect(amountFor(operator({}), 1000)).toEqual({ amount: 10, useLocalAmount: true });
  });
  it("sends it in the account's euro otherwise, and refuses what would be converted", () => {
    expect(amountFor(operator({ supportsLocalAmounts: false, senderCurrencyCode: 'EUR' }), 750)).toEqual({
      amount: 7.5,
      useLocalAmount: false,
    });
    expect(amountFor(operator({ supportsLocalAmounts: false }), 750)).toBeUndefined();
  });
  it('takes only the listed amounts of a FIXED operator', () => {
    const fixed = operator({ denominationType: 'FIXED', localFixedAmounts: [5, 10] });
    expect(amountFor(fixed, 500)).toEqual({ amount: 5, useLocalAmount: true });
    expect(amountFor(fixed, 600)).toBeUndefined();
  });
});

describe('reloadlyTopUpProvider', () => {
  const request: TopUpRequest = {
    idempotencyKey: 'AbCdEfGhIjKlMnOpQrStUv:0',
    operatorId: 'orange',
    productId: 'orange-10',
    faceValueCents: 1000,
    phone: '+40722123456',
    delivery: 'DIRECT',
    askedBefore: false,
  };
  const error = (status: number, errorCode: ReloadlyErrorCode | null, message = 'refused') =>
    Response.json(
      { timeStamp: '2026-01-01 00:00:00', message, path: '/topups', errorCode, infoLink: null, details: [] },
      { status },
    );

  /** Reloadly answering the token and the operators, and `topUp` for POST /topups. */
  const scripted = (topUp: (call: number) => Response | Promise<Response>) => {
    const calls: string[] = [];
    let topUps = 0;
    const fetchStub: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/oauth/token')
        return Response.json({ access_token: `t${calls.length}`, expires_in: 3600, token_type: 'Bearer' });
      if (url.pathname === '/operators/countries/RO') return Response.json([operator({ operatorId: 5 })]);
      if (url.pathname === '/topups/reports/transactions') return Response.json({ content: [] });
      return topUp(++topUps);
    };
    const provider = reloadlyTopUpProvider({
      authUrl: 'https://auth.example',
      apiUrl: 'https://api.example',
      clientId: 'id',
      clientSecret: 'secret',
      fetch: fetchStub,
    });
    return { provider, calls };
  };
  const failureOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (caught) {
      expect(caught).toBeInstanceOf(IssueError);
      return caught as IssueError;
    }
    throw new Error('delivered');
  };

  it.each([
    ['INVALID_RECIPIENT_PHONE', 400, false],
    ['INVALID_AMOUNT_FOR_OPERATOR', 400, false],
    ['OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE', 400, false],
    ['INSUFFICIENT_BALANCE', 400, true],
    ['PHONE_RECENTLY_RECHARGED', 400, true],
    ['TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT', 400, true],
    [null, 500, true],
    [null, 429, true],
  ] as const)('reads %s (HTTP %s) as temporary=%s', async (code, status, temporary) => {
    const { provider } = scripted(() => error(status, code));
    const failure = await failureOf(provider.deliver(request));
    expect(failure.temporary).toBe(temporary);
    expect(failure.message).toMatch(/^Reloadly: /);
  });

  it('renews a refused token once, and gives up as a temporary failure when the new one is refused too', async () => {
    const { provider, calls } = scripted(() => error(401, 'INVALID_TOKEN'));
    const failure = await failureOf(provider.deliver(request));
    expect(failure.temporary).toBe(true);
    expect(calls.filter((call) => call === 'POST /oauth/token')).toHaveLength(2);
    // Refused twice, so nothing was made: once with each token.
    expect(calls.filter((call) => call === 'POST /topups')).toHaveLength(2);
  });

  it('reads no answer (a timeout, a cut connection) as temporary', async () => {
    const { provider } = scripted(() => {
      throw new TypeError('fetch failed');
    });
    const failure = await failureOf(provider.deliver(request));
    expect(failure).toMatchObject({ temporary: true });
    expect(failure.message).toContain('did not answer');
  });

  it('looks the key up when Reloadly says it was used, and retries later when it is not listed yet', async () => {
    const { provider, calls } = scripted(() => error(400, 'CUSTOM_IDENTIFIER_ALREADY_USED'));
    const failure = await failureOf(provider.deliver(request));
    expect(failure.temporary).toBe(true);
    expect(calls).toContain('GET /topups/reports/transactions');
  });

  it('refuses an operator Reloadly does not list, before sending anything', async () => {
    const { provider, calls } = scripted(() => Response.json({}));
    const failure = await failureOf(provider.deliver({ ...request, operatorId: 'telekom' }));
    expect(failure).toMatchObject({
      temporary: false,
      message: 'Reloadly offers no DIRECT top-up for telekom in Romania',
    });
    expect(calls).not.toContain('POST /topups');
  });
});
