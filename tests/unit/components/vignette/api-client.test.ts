/** @jest-environment node */
/*
 * The browser's API client (lib/client/api.ts) as the vignette flow uses it. It runs in Node's environment, whose
 * fetch, Request and Response are the real ones (jsdom has none), with the few browser globals it reads stubbed.
 */
import type * as Api from '@/lib/client/api';
import type * as Loading from '@/lib/client/loading';

const ORIGIN = 'http://shop.test';

type FetchMock = jest.Mock<Promise<Response>, [Request]>;

let api: typeof Api;
let loading: typeof Loading.loading;
let fetchMock: FetchMock;
let storage: Map<string, string>;
let assign: jest.Mock;

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  jest.resetModules();
  process.env.NEXT_PUBLIC_PAYMENTS_API_URL = ORIGIN;
  storage = new Map();
  assign = jest.fn();
  Object.assign(globalThis, {
    location: { href: `${ORIGIN}/ro/vignette/car`, origin: ORIGIN, pathname: '/ro/vignette/car' },
    window: { location: { pathname: '/ro/vignette/car', assign } },
    document: { cookie: 'other=1; XSRF-TOKEN=token%2Fvalue' },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  api = await import('@/lib/client/api');
  loading = (await import('@/lib/client/loading')).loading;
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
  delete process.env.NEXT_PUBLIC_PAYMENTS_API_URL;
  for (const name of ['location', 'window', 'document', 'localStorage'])
    delete (globalThis as Record<string, unknown>)[name];
});

/** One week's CAR vignette, as the cart sends it. */
const WEEK_CAR = {
  categoryCode: 'CAR' as const,
  type: 'WEEK' as const,
  startDate: '2026-11-23',
  plate: 'HD12ABC',
  country: 'RO',
};

const sentRequest = (call = 0) => fetchMock.mock.calls[call]![0];

describe('the API client', () => {
  it('loads the catalog with a GET that carries neither the anti-forgery header nor a token', async () => {
    fetchMock.mockResolvedValue(json(200, { date: '2026-11-22', products: [] }));
    await expect(api.getCatalog()).resolves.toEqual({ date: '2026-11-22', products: [] });
    const request = sentRequest();
    expect(request.url).toBe(`${ORIGIN}/api/nmps/utils/vignette/catalog`);
    expect(request.method).toBe('GET');
    expect(request.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(request.headers.get('Authorization')).toBeNull();
  });

  it('sends the XSRF-TOKEN cookie back in X-XSRF-TOKEN on a POST to its own origin', async () => {
    let body = '';
    fetchMock.mockImplementation(async (request) => {
      body = await request.text();
      return json(200, { items: [], totalRon: 0, RON2HUF: 76.87 });
    });
    await api.postQuote({
      items: [
        { categoryCode: 'CAR', type: 'WEEK', startDate: '2026-11-23', plate: 'HD12ABC', country: 'RO' },
      ],
    });
    const request = sentRequest();
    expect(request.method).toBe('POST');
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('token/value');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(body).toBe(
      '{"items":[{"categoryCode":"CAR","type":"WEEK","startDate":"2026-11-23","plate":"HD12ABC","country":"RO"}]}',
    );
  });

  it('asks for the anti-forgery cookie once before the first POSTs of a page that did not set one', async () => {
    (globalThis as unknown as { document: { cookie: string } }).document.cookie = 'other=1';
    const asked: string[] = [];
    fetchMock.mockImplementation(async (input: Request | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(url);
      if (url.endsWith('/api/xsrf-token')) {
        // The proxy's answer sets the cookie, as a browser then holds it.
        (globalThis as unknown as { document: { cookie: string } }).document.cookie =
          'other=1; XSRF-TOKEN=fresh';
        return new Response(null, { status: 204 });
      }
      return json(200, { items: [], totalRon: 0, RON2HUF: 76.87 });
    });
    const quote = { items: [WEEK_CAR] };
    await Promise.all([api.postQuote(quote), api.postQuote(quote)]);
    expect(asked.filter((url) => url.endsWith('/api/xsrf-token'))).toEqual([`${ORIGIN}/api/xsrf-token`]);
    const posts = fetchMock.mock.calls.map(([input]) => input).filter((input) => input instanceof Request);
    expect(posts.map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual(['fresh', 'fresh']);
  });

  it('sends the order with its Idempotency-Key', async () => {
    const created = {
      orderId: 'abc',
      status: 'PENDING_PAYMENT',
      amountRon: 8976,
      paymentUrl: `${ORIGIN}/pay/1`,
    };
    fetchMock.mockResolvedValue(json(201, created));
    const body = {
      items: [WEEK_CAR],
      email: 'a@b.ro',
      locale: 'ro' as const,
      acceptTerms: true as const,
    };
    await expect(api.postOrder(body, '7d5c7f0e-3f43-4a4c-9a57-0c0f5a3b4b1e')).resolves.toEqual(created);
    expect(sentRequest().headers.get('Idempotency-Key')).toBe('7d5c7f0e-3f43-4a4c-9a57-0c0f5a3b4b1e');
    expect(sentRequest().headers.get('X-XSRF-TOKEN')).toBe('token/value');
  });

  it('adds the stored admin token on the secured URLs only', async () => {
    storage.set('currentUser', JSON.stringify({ username: 'admin', token: 'Bearer secret' }));
    fetchMock.mockImplementation(async () => json(200, {}));
    await api.api.get('/api/admin/payment?page=0').json();
    await api.api.get('/api/nmps/utils/transaction/details?id=1').json();
    await api.getCatalog();
    expect(sentRequest(0).headers.get('Authorization')).toBe('Bearer secret');
    expect(sentRequest(1).headers.get('Authorization')).toBe('Bearer secret');
    expect(sentRequest(2).headers.get('Authorization')).toBeNull();
  });

  it('turns a 422 into an error with the status, the status text, the `Http failure response` message and the issues', async () => {
    const issues = [
      { path: 'items.0.plate', code: 'plateFormat', message: 'This licence plate does not match' },
    ];
    fetchMock.mockResolvedValue(
      json(
        422,
        { error: { code: 'VALIDATION', message: 'The request has invalid fields', issues } },
        'Unprocessable Entity',
      ),
    );
    const failure = await api.postQuote({ items: [] }).catch((error: unknown) => error);
    expect(api.isApiRequestError(failure)).toBe(true);
    const error = failure as Api.ApiRequestError;
    expect(error.status).toBe(422);
    expect(error.statusText).toBe('Unprocessable Entity');
    expect(error.message).toBe(
      `Http failure response for ${ORIGIN}/api/nmps/orders/quote: 422 Unprocessable Entity`,
    );
    expect(error.body?.error.code).toBe('VALIDATION');
    expect(error.issues).toEqual(issues);
    expect(console.error).toHaveBeenCalledWith(error.message);
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = (await api
      .postQuote({ items: [] })
      .catch((error: unknown) => error)) as Api.ApiRequestError;
    expect(failure.status).toBe(0);
    expect(failure.issues).toEqual([]);
  });

  it('counts every request in the loading state and ends it whether it succeeds or fails', async () => {
    const started = jest.spyOn(loading, 'requestStarted');
    const ended = jest.spyOn(loading, 'requestEnded');
    fetchMock
      .mockResolvedValueOnce(json(200, {}))
      .mockResolvedValueOnce(json(500, {}, 'Internal Server Error'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await api.postQuote({ items: [] });
    await api.postQuote({ items: [] }).catch(() => undefined);
    await api.postQuote({ items: [] }).catch(() => undefined);
    expect(started).toHaveBeenCalledTimes(3);
    expect(ended).toHaveBeenCalledTimes(3);
  });

  it('signs the admin out and goes to /admin when a secured call answers 401', async () => {
    storage.set('currentUser', JSON.stringify({ username: 'admin', token: 'Bearer old' }));
    storage.set('principal', '{}');
    fetchMock.mockResolvedValue(
      json(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in' } }, 'Unauthorized'),
    );
    await expect(api.api.get('/api/users').json()).rejects.toMatchObject({ status: 401 });
    expect(storage.has('currentUser')).toBe(false);
    expect(storage.has('principal')).toBe(false);
    expect(assign).toHaveBeenCalledWith('/admin');
  });
});
