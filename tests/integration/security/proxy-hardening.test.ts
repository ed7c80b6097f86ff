import { NextRequest } from 'next/server';
import { newOrderId } from '@/lib/db/order-id';
import { ORDER_LOOKUP_HEADER } from '@/lib/orders/order-lookup';
import { PEER_ADDRESS_HEADER, PEER_FOR_HEADER, stampPeerAddress } from '@/lib/security/peer-address';
import proxy from '@/proxy';
import { withEnv } from '../../support/process-database';

// proxy.ts reads only the configuration: no database is opened; the order look-up's loopback call is stubbed.
const SOME_POSTGRES = 'postgres://shop:secret@127.0.0.1:5432/shop';
const ORIGIN = 'http://127.0.0.1:3009';

/** The request headers proxy.ts hands on to the page or handler (Next's override headers). */
const forwarded = (response: Response) => {
  const names = (response.headers.get('x-middleware-override-headers') ?? '').split(',').filter(Boolean);
  return new Map(names.map((name) => [name, response.headers.get(`x-middleware-request-${name}`)]));
};

const scriptSource = (policy: string | null) =>
  (policy ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src ')) ?? '';

describe('proxy.ts', () => {
  let fetchSpy: jest.SpyInstance<Promise<Response>, Parameters<typeof fetch>>;
  beforeEach(() => {
    fetchSpy = jest.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchSpy.mockRestore());

  const visit = (path: string, headers: Record<string, string> = {}) =>
    withEnv({ DATABASE_URL: SOME_POSTGRES, JOBS: 'off' }, () =>
      proxy(new NextRequest(`${ORIGIN}${path}`, { headers })),
    );

  it('gives the order and payment outcome pages a nonce policy, on the answer and on the page’s request', async () => {
    fetchSpy.mockResolvedValue(new Response(null, { status: 200 }));
    const seen = new Set<string>();
    for (const path of [`/ro/order/${newOrderId()}`, '/de/payment/successful', '/en/payment/timeout']) {
      const response = await visit(path);
      const scripts = scriptSource(response.headers.get('content-security-policy'));
      expect(scripts).toMatch(/^script-src 'self' 'nonce-[^']+' 'sha256-[^']+' 'strict-dynamic'$/);
      expect(forwarded(response).get('content-security-policy')).toBe(
        response.headers.get('content-security-policy'),
      );
      seen.add(scripts);
    }
    expect(seen.size).toBe(3);
    // A prerendered page keeps next.config's static policy: the proxy sets none.
    expect((await visit('/ro/faq')).headers.get('content-security-policy')).toBeNull();
  });

  it('leaves a page to name its other languages in its HTML, with no Link header repeating them', async () => {
    fetchSpy.mockResolvedValue(new Response(null, { status: 200 }));
    for (const page of ['/ro', '/ro/faq', '/de/vignette/car'])
      expect((await visit(page)).headers.get('link')).toBeNull();
  });

  it('hands out the anti-forgery cookie on API and back-office answers only, never on a public page', async () => {
    fetchSpy.mockResolvedValue(new Response(null, { status: 200 }));
    const setCookie = async (path: string, headers: Record<string, string> = {}) =>
      (await visit(path, headers)).headers.get('set-cookie') ?? '';
    for (const page of ['/ro', '/ro/faq', '/de/vignette/car', `/ro/order/${newOrderId()}`])
      expect(await setCookie(page)).toBe('');
    for (const answer of ['/api/xsrf-token', '/api/health', '/admin'])
      expect(await setCookie(answer)).toMatch(/^XSRF-TOKEN=[0-9a-f-]{36}; Path=\/; SameSite=lax$/i);
    expect(await setCookie('/api/xsrf-token', { cookie: 'XSRF-TOKEN=held' })).toBe('');
  });

  it('answers an unknown order with the not-found page under the static policy', async () => {
    fetchSpy.mockResolvedValue(new Response(null, { status: 404 }));
    const response = await visit(`/ro/order/${newOrderId()}`);
    expect(response.headers.get('x-middleware-rewrite')).toContain('/ro/404');
    expect(scriptSource(response.headers.get('content-security-policy'))).toBe(
      "script-src 'self' 'unsafe-inline'",
    );
  });

  it("looks an order up on its visitor's behalf, and hands the page the visitor's exhausted order reads", async () => {
    const visitor = stampPeerAddress('203.0.113.50');
    fetchSpy.mockResolvedValue(new Response(null, { status: 429 }));
    const response = await visit(`/ro/order/${newOrderId()}`, {
      [PEER_ADDRESS_HEADER]: visitor,
      'x-forwarded-for': '198.51.100.9',
    });
    // The page shows the shop's "too many requests" view in the visitor's language (sent as 429 by the server's hook).
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBeNull();
    expect(forwarded(response).get(ORDER_LOOKUP_HEADER)).toBe('limited');
    const sent = new Headers(fetchSpy.mock.calls[0]![1]!.headers);
    expect(sent.get(PEER_FOR_HEADER)).toBe(visitor);
    expect(sent.get('x-forwarded-for')).toBe('198.51.100.9');
  });

  it('answers a request naming a Server Action 404 with a JSON error: the shop has none', async () => {
    for (const path of ['/ro', '/en/vignette/car', '/api/quote', '/admin']) {
      const response = await withEnv({ DATABASE_URL: SOME_POSTGRES, JOBS: 'off' }, () =>
        proxy(new NextRequest(`${ORIGIN}${path}`, { method: 'POST', headers: { 'Next-Action': 'a1b2c3' } })),
      );
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      await expect(response.json()).resolves.toEqual({
        error: { code: 'NOT_FOUND', message: 'This shop has no server actions' },
      });
    }
  });

  it('answers a page any method but GET and HEAD 405, naming those two: no page takes a form', async () => {
    const ask = (path: string, method: string, headers: Record<string, string> = {}) =>
      withEnv({ DATABASE_URL: SOME_POSTGRES, JOBS: 'off' }, () =>
        proxy(new NextRequest(`${ORIGIN}${path}`, { method, headers })),
      );
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    for (const [path, method] of [
      ['/ro', 'POST'],
      ['/en/vignette/car', 'POST'],
      ['/ro/order/0f8fad5b-d9cb-469f-a165-70867728950e', 'PUT'],
      ['/admin', 'DELETE'],
      ['/ro/faq', 'OPTIONS'],
    ] as const) {
      const response = await ask(path, method, form);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(response.headers.get('cache-control')).toBe('no-store');
      await expect(response.json()).resolves.toEqual({
        error: { code: 'METHOD_NOT_ALLOWED', message: 'A page takes GET, HEAD' },
      });
    }
    for (const method of ['GET', 'HEAD']) expect((await ask('/ro', method)).status).toBe(200);
  });

  it('removes a peer address a client wrote, and keeps the one the server stamped', async () => {
    const stamped = stampPeerAddress('203.0.113.51');
    for (const path of ['/api/nmps/utils/vignette/catalog', '/ro/faq']) {
      const forged = forwarded(
        await visit(path, { [PEER_ADDRESS_HEADER]: '10.0.0.1', [PEER_FOR_HEADER]: '10.0.0.2' }),
      );
      expect(forged.has(PEER_ADDRESS_HEADER)).toBe(false);
      expect(forged.has(PEER_FOR_HEADER)).toBe(false);
      expect(forwarded(await visit(path, { [PEER_ADDRESS_HEADER]: stamped })).get(PEER_ADDRESS_HEADER)).toBe(
        stamped,
      );
    }
  });
});
