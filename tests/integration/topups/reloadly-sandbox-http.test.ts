import { GET as operatorsRoute } from '@/app/api/topup-sandbox/api/operators/countries/[countryCode]/route';
import { POST as topUpsRoute } from '@/app/api/topup-sandbox/api/topups/route';
import { GET as transactionsRoute } from '@/app/api/topup-sandbox/api/topups/reports/transactions/route';
import { POST as tokenRoute } from '@/app/api/topup-sandbox/auth/oauth/token/route';
import { reloadlyTopUpProvider } from '@/lib/issuers/reloadly/client';
import { RELOADLY_MEDIA_TYPE, type ReloadlyOperator } from '@/lib/issuers/reloadly/contract';
import { sandboxReloadlyCredentials, sandboxReloadlyTopUpCount } from '@/lib/issuers/reloadly/sandbox';
import { describeForDriver, drivers } from '../../support/databases';
import { LIVE_SHOP_ENV, noParams, openProcessDatabaseOn, withEnv } from '../../support/process-database';

/*
 * The top-up sandbox over HTTP: its route handlers answer as Reloadly's API does, the shop's adapter works against
 * them as against Reloadly, and they are gone (404) unless the sandbox is the configured provider of a shop that is
 * not live.
 */

const BASE = 'http://localhost/api/topup-sandbox';
const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${BASE}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: RELOADLY_MEDIA_TYPE, ...headers },
    body: JSON.stringify(body),
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  new Request(`${BASE}${url}`, { headers: { accept: RELOADLY_MEDIA_TYPE, ...headers } });
const countryParams = (countryCode: string) => ({ params: Promise.resolve({ countryCode }) });

/** A server's view of the sandbox's routes: what `fetch` reaches over HTTP, dispatched by path. */
const overHttp: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname.replace(/^\/api\/topup-sandbox/, '');
  const country = /^\/api\/operators\/countries\/([^/]+)$/.exec(path)?.[1];
  if (path === '/auth/oauth/token') return tokenRoute(request, noParams);
  if (country) return operatorsRoute(request, countryParams(country));
  if (path === '/api/topups') return topUpsRoute(request, noParams);
  if (path === '/api/topups/reports/transactions') return transactionsRoute(request, noParams);
  return new Response('not found', { status: 404 });
};

for (const driver of drivers) {
  describeForDriver(driver.available)(`the top-up sandbox's routes on ${driver.name}`, () => {
    jest.setTimeout(120_000);
    let env: Awaited<ReturnType<typeof openProcessDatabaseOn>>;
    const db = () => env.database.db;
    beforeAll(async () => {
      env = await openProcessDatabaseOn(driver.name);
    });
    afterAll(() => env.cleanup());

    const token = async () => {
      const { clientId, clientSecret } = await sandboxReloadlyCredentials(db());
      const response = await tokenRoute(
        json('/auth/oauth/token', {
          client_id: clientId,
          client_secret: clientSecret,
          grant_type: 'client_credentials',
          audience: `${BASE}/api`,
        }),
        noParams,
      );
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 86_400 });
      return body.access_token as string;
    };

    it('gives a token for its credentials, lists Romania, takes a top-up once and lists it by its identifier', async () => {
      const bearer = { authorization: `Bearer ${await token()}` };

      const listed = await operatorsRoute(
        get('/api/operators/countries/RO?includeBundles=false', bearer),
        countryParams('RO'),
      );
      expect(listed.status).toBe(200);
      const operators = (await listed.json()) as ReloadlyOperator[];
      expect(operators.map((operator) => operator.name)).toEqual([
        'Orange Romania',
        'Vodafone Romania',
        'Vodafone PIN Romania',
        'Digi Mobil Romania',
        'Digi Mobil PIN Romania',
      ]);
      const orange = operators[0]!;

      const topUp = {
        operatorId: orange.operatorId,
        amount: 7.5,
        useLocalAmount: true,
        customIdentifier: 'http-test:0',
        recipientPhone: { countryCode: 'RO', number: '40722000111' },
      };
      const made = await topUpsRoute(json('/api/topups', topUp, bearer), noParams);
      expect(made.status).toBe(200);
      const transaction = await made.json();
      expect(transaction).toMatchObject({
        status: 'SUCCESSFUL',
        customIdentifier: 'http-test:0',
        operatorName: 'Orange Romania',
        requestedAmount: 7.5,
        discount: 0.3,
        deliveredAmount: 7.5,
        deliveredAmountCurrencyCode: 'EUR',
        balanceInfo: { currencyCode: 'EUR' },
      });
      expect(transaction.transactionDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

      const again = await topUpsRoute(json('/api/topups', topUp, bearer), noParams);
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({
        errorCode: 'CUSTOM_IDENTIFIER_ALREADY_USED',
        path: '/topups',
      });

      const found = await transactionsRoute(
        get('/api/topups/reports/transactions?customIdentifier=http-test%3A0', bearer),
        noParams,
      );
      expect(found.status).toBe(200);
      const page = await found.json();
      expect(page).toMatchObject({ totalElements: 1, numberOfElements: 1, first: true, last: true });
      expect(page.content).toEqual([transaction]);
    });

    it("answers Reloadly's errors: no token, wrong credentials, another country, a landline, an amount not offered", async () => {
      const bearer = { authorization: `Bearer ${await token()}` };
      const noToken = await topUpsRoute(json('/api/topups', {}), noParams);
      expect(noToken.status).toBe(401);
      expect(await noToken.json()).toMatchObject({ errorCode: 'INVALID_TOKEN' });
      const forged = await operatorsRoute(
        get('/api/operators/countries/RO', { authorization: `Bearer ${(await token()).slice(0, -2)}xx` }),
        countryParams('RO'),
      );
      expect(forged.status).toBe(401);

      const denied = await tokenRoute(
        json('/auth/oauth/token', {
          client_id: 'someone',
          client_secret: 'else',
          grant_type: 'client_credentials',
          audience: `${BASE}/api`,
        }),
        noParams,
      );
      expect(denied.status).toBe(401);
      expect(await denied.json()).toMatchObject({
        errorCode: 'INVALID_CREDENTIALS',
        message: 'Access Denied',
      });

      const hungary = await operatorsRoute(get('/api/operators/countries/HU', bearer), countryParams('HU'));
      expect(hungary.status).toBe(404);
      expect(await hungary.json()).toMatchObject({ errorCode: 'COUNTRY_NOT_SUPPORTED' });

      const send = (body: Record<string, unknown>) =>
        topUpsRoute(
          json(
            '/api/topups',
            {
              operatorId: 1412,
              amount: 5,
              useLocalAmount: true,
              customIdentifier: `errors:${Math.random()}`,
              recipientPhone: { countryCode: 'RO', number: '+40755000111' },
              ...body,
            },
            bearer,
          ),
          noParams,
        );
      const landline = await send({ recipientPhone: { countryCode: 'RO', number: '40213123456' } });
      expect(landline.status).toBe(400);
      expect(await landline.json()).toMatchObject({ errorCode: 'INVALID_RECIPIENT_PHONE' });
      const notOffered = await send({ amount: 7 });
      expect(notOffered.status).toBe(400);
      expect(await notOffered.json()).toMatchObject({ errorCode: 'INVALID_AMOUNT_FOR_OPERATOR' });
      const notJson = await topUpsRoute(
        new Request(`${BASE}/api/topups`, { method: 'POST', headers: bearer, body: '{not json' }),
        noParams,
      );
      expect(notJson.status).toBe(400);
    });

    it("is what the shop's Reloadly adapter reaches over HTTP: token, operators, then the top-up", async () => {
      const before = await sandboxReloadlyTopUpCount(db());
      const { clientId, clientSecret } = await sandboxReloadlyCredentials(db());
      const adapter = reloadlyTopUpProvider({
        authUrl: `${BASE}/auth`,
        apiUrl: `${BASE}/api`,
        clientId,
        clientSecret,
        fetch: overHttp,
      });
      const request = {
        idempotencyKey: 'http-adapter:0',
        operatorId: 'digi',
        productId: 'digi-pin-6',
        faceValueCents: 600,
        phone: '+40744555666',
        delivery: 'PIN' as const,
      };
      const delivered = await adapter.deliver({ ...request, askedBefore: false });
      expect(delivered).toEqual({
        reference: expect.stringMatching(/^\d{7,9}$/),
        pin: expect.stringMatching(/^\d{16}$/),
        cost: { amountMinor: 576, currency: 'EUR' },
      });
      // Asked again for the same key, it finds the top-up instead of making another.
      expect(await adapter.deliver({ ...request, askedBefore: true })).toEqual(delivered);
      expect(await sandboxReloadlyTopUpCount(db())).toBe(before + 1);
    });

    it.each([
      [
        'TOPUP_PROVIDER=reloadly',
        { TOPUP_PROVIDER: 'reloadly', RELOADLY_CLIENT_ID: 'id', RELOADLY_CLIENT_SECRET: 'secret' },
      ],
      ['a live shop (PAYMENT_PROVIDER=netopia)', LIVE_SHOP_ENV],
    ])('answers 404 on every route with %s', async (_name, variables) => {
      const statuses = await withEnv(variables, async () => [
        (await tokenRoute(json('/auth/oauth/token', {}), noParams)).status,
        (await operatorsRoute(get('/api/operators/countries/RO'), countryParams('RO'))).status,
        (await topUpsRoute(json('/api/topups', {}), noParams)).status,
        (await transactionsRoute(get('/api/topups/reports/transactions'), noParams)).status,
      ]);
      expect(statuses).toEqual([404, 404, 404, 404]);
    });
  });
}
