import { lookUpOrder, orderPageAddress } from '@/lib/orders/order-lookup';
import { newOrderId } from '@/lib/db/order-id';
import { PEER_ADDRESS_HEADER, PEER_FOR_HEADER } from '@/lib/security/peer-address';

const ORIGIN = 'http://127.0.0.1:3999';

describe("an order page's address", () => {
  it('gives the language and the id as typed', () => {
    expect(orderPageAddress('/ro/order/abc')).toEqual({ locale: 'ro', encodedId: 'abc' });
    expect(orderPageAddress('/hu/order/%00/')).toEqual({ locale: 'hu', encodedId: '%00' });
  });

  it('is nothing else', () => {
    for (const pathname of [
      '/ro/order',
      '/ro/order/',
      '/ro/order/a/b',
      '/xx/order/a',
      '/ro/orders/a',
      '/api/orders/a',
    ])
      expect(orderPageAddress(pathname)).toBeNull();
  });
});

describe('looking an order up before its page renders', () => {
  let fetchSpy: jest.SpyInstance<Promise<Response>, Parameters<typeof fetch>>;

  beforeEach(() => {
    fetchSpy = jest.spyOn(globalThis, 'fetch');
  });

  afterEach(() => fetchSpy.mockRestore());

  const answering = (status: number) => fetchSpy.mockResolvedValue(new Response(null, { status }));

  it('answers an id that cannot be an order without any request', async () => {
    for (const encodedId of [
      '%00',
      'abc',
      'A'.repeat(23),
      'a'.repeat(3000),
      '%E0%A4%A',
      `${'A'.repeat(21)}%25`,
    ])
      expect(await lookUpOrder(encodedId, { origin: ORIGIN })).toBe('missing');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("asks the shop's own API with HEAD for a well-formed id", async () => {
    answering(200);
    const id = newOrderId();
    expect(await lookUpOrder(id, { origin: ORIGIN })).toBe('found');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe(`${ORIGIN}/api/orders/${id}`);
    expect(init).toMatchObject({ method: 'HEAD', cache: 'no-store' });
  });

  it("passes the visitor's peer stamp and X-Forwarded-For on, so the API counts the visitor, not the server", async () => {
    answering(200);
    const client = new Headers({
      [PEER_ADDRESS_HEADER]: 'stamp 203.0.113.5',
      'x-forwarded-for': '198.51.100.1',
    });
    await lookUpOrder(newOrderId(), { origin: ORIGIN, client });
    const headers = new Headers(fetchSpy.mock.calls[0]![1]!.headers);
    expect(headers.get(PEER_FOR_HEADER)).toBe('stamp 203.0.113.5');
    expect(headers.get('x-forwarded-for')).toBe('198.51.100.1');
    expect(headers.get(PEER_ADDRESS_HEADER)).toBeNull();
  });

  it('maps the answer: 404 none, 503 the database away, anything else no answer', async () => {
    const id = newOrderId();
    for (const [status, lookup] of [
      [404, 'missing'],
      [503, 'unavailable'],
      [500, 'unknown'],
      [429, 'limited'],
      [403, 'unknown'],
    ] as const) {
      answering(status);
      expect(await lookUpOrder(id, { origin: ORIGIN })).toBe(lookup);
    }
  });

  it('has no answer when the request fails or outlasts its time', async () => {
    const id = newOrderId();
    fetchSpy.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await lookUpOrder(id, { origin: ORIGIN })).toBe('unknown');

    fetchSpy.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    expect(await lookUpOrder(id, { origin: ORIGIN, timeoutMs: 20 })).toBe('unknown');
  });
});
