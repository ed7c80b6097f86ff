/** @jest-environment node */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { PageCache } from '@/lib/server/page-cache';
import { negotiateEncoding } from '@/lib/server/response-compression';
import { askRaw } from '@/tests/support/raw-http';
import { PUBLIC_PAGE_CACHE_CONTROL, UNCACHEABLE_CACHE_CONTROL } from '@/lib/server/shared-cache';

const PAGE = '<!DOCTYPE html><html><body>' + 'Întrebări frecvente '.repeat(500) + '</body></html>';

/**
 * A server answering as Next does behind the cache: each page is rendered (counted), marked with the shared-cache
 * lifetime, compressed as the server compresses it, written in two chunks (a string, then bytes).
 */
async function startServer(cache: PageCache) {
  const rendered: string[] = [];
  let version = 1;
  const server = http.createServer((request, response) => {
    if (cache.answer(request, response)) return;
    const url = request.url ?? '/';
    rendered.push(url);
    const body = url === '/ro/faq' ? PAGE.replace('<body>', `<body>v${version}`) : `<p>${url}</p>`;
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.setHeader('ETag', `"v${version}"`);
    response.setHeader('X-Request-Id', 'from-next');
    response.setHeader('Vary', 'RSC, Accept-Encoding');
    if (url === '/ro/order/x') response.setHeader('Cache-Control', UNCACHEABLE_CACHE_CONTROL);
    else response.setHeader('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
    if (url === '/ro/cookie') response.setHeader('Set-Cookie', 'a=b');
    if (url === '/ro/missing') response.statusCode = 404;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') {
      response.setHeader('Content-Encoding', encoding);
      const compressed = encoding === 'gzip' ? zlib.gzipSync(body) : zlib.brotliCompressSync(body);
      response.write(compressed.subarray(0, 10));
      response.end(compressed.subarray(10));
    } else {
      response.write(body.slice(0, 20), 'utf8');
      response.end(Buffer.from(body.slice(20)));
    }
  });
  // Another test file of this worker may have hooked every server (lib/server/incoming-requests.ts), with the
  // process's own page cache: this server is the cache under test alone.
  server.emit = net.Server.prototype.emit;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    rendered,
    setVersion: (next: number) => (version = next),
    ask: (path: string, headers: Record<string, string> = {}, method = 'GET') =>
      askRaw(`http://127.0.0.1:${port}${path}`, { headers, method }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the server-side page cache', () => {
  let clock = 1_000_000;
  let ids = 0;
  const cache = new PageCache({ now: () => clock, requestId: () => `id-${++ids}` });
  let shop: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (shop = await startServer(cache)));
  afterAll(() => shop.close());
  beforeEach(() => {
    cache.forgetAll();
    shop.rendered.length = 0;
    shop.setVersion(1);
  });

  it('answers a public page from its kept bytes, with the headers Next gave and a request id of its own', async () => {
    const first = await shop.ask('/ro/faq');
    const second = await shop.ask('/ro/faq');
    expect(shop.rendered).toEqual(['/ro/faq']);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.body.toString()).toContain('<body>v1Întrebări');
    expect(second.headers['content-length']).toBe(String(first.body.length));
    for (const name of ['content-type', 'etag', 'vary', 'cache-control'])
      expect(second.headers[name]).toBe(first.headers[name]);
    expect(second.headers['x-request-id']).toBe(`id-${ids}`);
    expect(second.headers['x-request-id']).not.toBe('from-next');
  });

  it("keeps a trusted front proxy's request id, as the proxy does", async () => {
    const own = new PageCache();
    const kept = await startServer(own);
    try {
      await kept.ask('/ro/faq');
      const answer = await kept.ask('/ro/faq', { 'X-Request-Id': 'nginx-0123456789' });
      expect(kept.rendered).toHaveLength(1);
      expect(answer.headers['x-request-id']).toBe('nginx-0123456789');
      expect((await kept.ask('/ro/faq')).headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    } finally {
      await kept.close();
    }
  });

  it('keeps one copy per encoding: brotli, gzip for who accepts only that, the plain bytes for the others', async () => {
    await shop.ask('/ro/faq', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    const brotli = await shop.ask('/ro/faq', { 'Accept-Encoding': 'br;q=1, gzip;q=0.8' });
    await shop.ask('/ro/faq', { 'Accept-Encoding': 'gzip, deflate' });
    const gzipped = await shop.ask('/ro/faq', { 'Accept-Encoding': 'br;q=0, gzip' });
    const plain = await shop.ask('/ro/faq', { 'Accept-Encoding': 'gzip;q=0, identity' });
    expect(shop.rendered).toEqual(['/ro/faq', '/ro/faq', '/ro/faq']);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(plain.body.toString());
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(plain.body.toString());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it('answers If-None-Match with 304 from the kept ETag, and HEAD with the headers only', async () => {
    await shop.ask('/ro/faq');
    const notModified = await shop.ask('/ro/faq', { 'If-None-Match': '"v1"' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const head = await shop.ask('/ro/faq', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(shop.rendered).toEqual(['/ro/faq']);
  });

  it('keeps a page for its fresh time only, then asks Next again', async () => {
    await shop.ask('/ro/faq');
    clock += 4_999;
    await shop.ask('/ro/faq');
    expect(shop.rendered).toHaveLength(1);
    clock += 1;
    shop.setVersion(2);
    expect((await shop.ask('/ro/faq')).body.toString()).toContain('<body>v2');
    expect(shop.rendered).toHaveLength(2);
  });

  it('forgets every page at once when told (the catalog changed)', async () => {
    await shop.ask('/ro/faq');
    shop.setVersion(2);
    cache.forgetAll();
    expect((await shop.ask('/ro/faq')).body.toString()).toContain('<body>v2');
  });

  it.each([
    ['an answer no shared cache may keep', '/ro/order/x', {}],
    ['an answer that sets a cookie', '/ro/cookie', {}],
    ['an answer other than 200', '/ro/missing', {}],
    ['a request with a query', '/ro/faq?x=1', {}],
    ['a member of staff', '/ro/faq', { Authorization: 'Bearer t' }],
    ["Next's client navigation", '/ro/faq', { RSC: '1' }],
    ['a prefetch', '/ro/faq', { 'Next-Router-Prefetch': '1' }],
    ['the mobile app', '/ro/faq', { 'User-Agent': 'Mozilla/5.0 RoadPartnersApp/2.1' }],
    ['a file (a name with an extension)', '/assets/prices.json', {}],
  ])('never keeps nor answers %s', async (_case, path, headers: Record<string, string>) => {
    await shop.ask(path, headers);
    await shop.ask(path, headers);
    expect(shop.rendered).toHaveLength(2);
  });

  it("keeps a page's payload (lib/server/page-payload.ts) as its page, under its own address", async () => {
    const payload = await shop.ask('/ro/faq?payload');
    expect((await shop.ask('/ro/faq?payload')).body).toEqual(payload.body);
    await shop.ask('/ro/faq');
    await shop.ask('/ro/faq');
    expect(shop.rendered).toEqual(['/ro/faq?payload', '/ro/faq']);
  });

  it('neither keeps nor answers the API and the back-office, whatever they are marked', async () => {
    await shop.ask('/api/catalog');
    await shop.ask('/admin');
    expect(cache.size).toBe(0);
  });
});
