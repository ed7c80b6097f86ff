/** @jest-environment node */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import {
  FIRST_WINDOW_BODY_BYTES,
  PayloadPlacement,
  payloadAddress,
  sendPayloadBesideDocument,
  takePayloadOut,
  takePayloadRequest,
} from '@/lib/server/page-payload';
import { ResponseCompression } from '@/lib/server/response-compression';
import { UNCACHEABLE_CACHE_CONTROL } from '@/lib/server/shared-cache';
import { askRaw, decodedBody } from '@/tests/support/raw-http';

/** The payload scripts as Next 16 writes them into a prerendered page: the list started, then its parts. */
const START = '(self.__next_f=self.__next_f||[]).push([0])';
const PART_1 = 'self.__next_f.push([1,"0:{\\"P\\":null,\\"c\\":[\\"\\",\\"ro\\",\\"gdpr\\"]}\\n"])';
const PART_2 =
  'self.__next_f.push([1,"1:[\\"$\\",\\"p\\",null,{\\"children\\":\\"Vinietă \\u003cb\\u003e\\"}]\\n"])';
const inline = (script: string) => `<script>${script}</script>`;

const chunk = (name: string) => `/_next/static/chunks/${name}.js`;
const asyncScript = (name: string) => `<script src="${chunk(name)}" async=""></script>`;
const preload = (name: string) =>
  `<link rel="preload" as="script" fetchPriority="low" href="${chunk(name)}"/>`;
/** A head as Next 16 writes it: the bootstrap script's preload, the scripts the page runs on load, a polyfill. */
const HEAD =
  '<!DOCTYPE html><html lang="ro"><head><meta charSet="utf-8"/>' +
  preload('boot') +
  asyncScript('runtime') +
  asyncScript('main-app') +
  '<title>Politica de confidențialitate</title>' +
  '<script>document.documentElement.dataset.app="0"</script>' +
  '<script type="application/ld+json">{"@type":"WebPage"}</script>' +
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head>';
/** The same head as the document sends it: each script a preload, the bootstrap's once. */
const DOCUMENT_HEAD =
  '<!DOCTYPE html><html lang="ro"><head><meta charSet="utf-8"/>' +
  preload('boot') +
  preload('runtime') +
  preload('main-app') +
  '<title>Politica de confidențialitate</title>' +
  '<script>document.documentElement.dataset.app="0"</script>' +
  '<script type="application/ld+json">{"@type":"WebPage"}</script>' +
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head>';
const CONTENT = `<body><main><h1>Datele dumneavoastră</h1>${'Prelucrăm datele pentru comenzi. '.repeat(200)}</main>`;
const PAYLOAD = `${inline(START)}${inline(PART_1)}<div hidden></div>${inline(PART_2)}`;
const PAGE = `${HEAD}${CONTENT}${asyncScript('boot')}${PAYLOAD}</body></html>`;
const SCRIPTS = [chunk('runtime'), chunk('main-app'), chunk('boot')];

describe('takePayloadOut', () => {
  const parts = takePayloadOut(PAGE, '/ro/gdpr?payload')!;

  it('takes every payload script out and names the payload in one deferred script where the first was', () => {
    expect(parts.document).toBe(
      `${DOCUMENT_HEAD}${CONTENT}<script defer src="/ro/gdpr?payload"></script><div hidden></div></body></html>`,
    );
  });

  it('gives the payload as one script, which fills the list as the inline ones did, then adds the scripts', () => {
    const self: { __next_f?: unknown[] } = {};
    const added: { src: string; async: boolean; listed: number }[] = [];
    const document = {
      createElement: () => ({}),
      head: {
        appendChild: (script: { src: string; async: boolean }) =>
          added.push({ ...script, listed: self.__next_f!.length }),
      },
    };
    new Function('self', 'document', parts.payload)(self, document);
    expect(self.__next_f).toEqual([
      [0],
      [1, '0:{"P":null,"c":["","ro","gdpr"]}\n'],
      [1, '1:["$","p",null,{"children":"Vinietă <b>"}]\n'],
    ]);
    // Every script of the page, once, in its order, after the payload's last part.
    expect(added).toEqual(SCRIPTS.map((src) => ({ src, async: true, listed: 3 })));
  });

  it('leaves a page without payload scripts alone, and any other inline script in it', () => {
    const withoutPayload = `${HEAD}${CONTENT}${asyncScript('boot')}</body></html>`;
    expect(takePayloadOut(withoutPayload, '/x?payload')).toBeUndefined();
    expect(takePayloadOut(parts.document, '/x?payload')).toBeUndefined();
    const nonced = PAGE.replaceAll('<script>self', '<script nonce="abc">self').replace(
      `<script>${START.slice(0, 5)}`,
      `<script nonce="abc">${START.slice(0, 5)}`,
    );
    expect(takePayloadOut(nonced, '/x?payload')).toBeUndefined();
  });

  it('escapes the address for the attribute', () => {
    expect(takePayloadOut(PAGE, '/ro/"a"&b?payload')!.document).toContain(
      'src="/ro/&quot;a&quot;&amp;b?payload"',
    );
  });
});

describe('takePayloadRequest', () => {
  const ask = (url: string, method = 'GET') => {
    const request = { url, method } as http.IncomingMessage;
    return { taken: takePayloadRequest(request), url: request.url };
  };

  it("takes a GET of a page's payload and gives it the page's address", () => {
    expect(payloadAddress('/ro/gdpr')).toBe('/ro/gdpr?payload');
    expect(ask('/ro/gdpr?payload')).toEqual({ taken: true, url: '/ro/gdpr' });
    expect(ask('/?payload')).toEqual({ taken: true, url: '/' });
  });

  it('leaves other queries, other methods, the back-office, the API and the nonce pages alone', () => {
    for (const url of [
      '/ro/gdpr',
      '/ro/gdpr?payload=1',
      '/ro/gdpr?a=1&payload',
      '/admin?payload',
      '/admin/transactions?payload',
      '/api/quote?payload',
      '/_next/static/chunks/a.js?payload',
      '/ro/order/abc?payload',
      '/ro/orders?payload',
    ])
      expect(ask(url)).toEqual({ taken: false, url });
    expect(ask('/ro/gdpr?payload', 'POST')).toEqual({ taken: false, url: '/ro/gdpr?payload' });
    expect(ask('/ro/gdpr?payload', 'HEAD')).toEqual({ taken: false, url: '/ro/gdpr?payload' });
  });
});

describe('PayloadPlacement', () => {
  it('sends a page apart once its HTML is known to pass the first window compressed, and not before', async () => {
    const placement = new PayloadPlacement();
    // Text brotli cannot shrink much: over the window compressed.
    const large = Buffer.from(
      Array.from({ length: 6000 }, (_, index) => ((index * 7919) % 104729).toString(36)).join(' '),
    );
    const small = Buffer.from(PAGE);
    expect(placement.goesApart(large)).toBe(false);
    expect(placement.goesApart(small)).toBe(false);
    await placement.idle();
    expect(placement.goesApart(large)).toBe(true);
    expect(placement.goesApart(small)).toBe(false);
    expect(FIRST_WINDOW_BODY_BYTES).toBe(13_500);
  });

  it('forgets the oldest page past its limit', async () => {
    const placement = new PayloadPlacement(0, 2);
    const pages = ['a', 'b', 'c'].map((text) => Buffer.from(text));
    for (const page of pages) placement.goesApart(page);
    await placement.idle();
    // The newest two are known; the first was forgotten, and is measured again.
    expect([...pages].reverse().map((page) => placement.goesApart(page))).toEqual([true, true, false]);
  });
});

/** A server answering as Next does, through the compression and the payload's wrapper, in the shop's order. */
async function startServer(placement: PayloadPlacement) {
  const compression = new ResponseCompression();
  const server = http.createServer((request, response) => {
    compression.compress(request, response);
    sendPayloadBesideDocument(request, response, takePayloadRequest(request), placement);
    const path = (request.url ?? '/').split('?')[0]!;
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Content-Security-Policy', "default-src 'self'");
    response.setHeader('ETag', '"v1"');
    // Next's own header for a prerendered page; lib/server/incoming-requests.ts gives it the shop's lifetime.
    response.setHeader('Cache-Control', 's-maxage=3600, stale-while-revalidate=31532400');
    if (path === '/ro/gdpr' || path === '/ro/order/x' || path === '/admin') {
      if (request.headers['if-none-match'] === '"v1"') {
        response.statusCode = 304;
        response.end();
        return;
      }
      response.setHeader('Content-Length', Buffer.byteLength(PAGE));
      response.end(PAGE);
    } else if (path === '/ro/streamed') {
      // A page rendered on demand: no length, written in pieces, one cut inside "ă".
      const bytes = Buffer.from(PAGE);
      const cut =
        Buffer.byteLength(HEAD) + Buffer.from(CONTENT.slice(0, CONTENT.indexOf('ă') + 1)).length - 1;
      response.write(bytes.subarray(0, cut));
      response.write(bytes.subarray(cut, cut + 4000));
      response.end(bytes.subarray(cut + 4000));
    } else if (path === '/ro/dynamic') {
      response.setHeader('Cache-Control', UNCACHEABLE_CACHE_CONTROL);
      response.end(PAGE);
    } else if (path === '/ro/cookie') {
      response.setHeader('Set-Cookie', 'a=b');
      response.end(PAGE);
    } else {
      response.statusCode = 404;
      response.setHeader('Cache-Control', UNCACHEABLE_CACHE_CONTROL);
      response.write('<!DOCTYPE html><html><body>');
      response.end(`Pagina nu există${inline(START)}</body></html>`);
    }
  });
  // Another test file of this worker may have hooked every server (lib/server/incoming-requests.ts).
  server.emit = net.Server.prototype.emit;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ask: (path: string, headers: Record<string, string> = {}) =>
      askRaw(`http://127.0.0.1:${port}${path}`, { headers }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('sendPayloadBesideDocument', () => {
  // Every page here passes the window: a limit of 100 bytes.
  const placement = new PayloadPlacement(100);
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (server = await startServer(placement)));
  afterAll(() => server.close());
  const parts = takePayloadOut(PAGE, '/ro/gdpr?payload')!;

  it("keeps a page's payload inline until its size is known, and in a page that fits the window", async () => {
    const first = await server.ask('/ro/streamed', { 'Accept-Encoding': 'identity' });
    expect(first.body.toString('utf8')).toBe(PAGE);
    await placement.idle();
    const fits = await startServer(new PayloadPlacement());
    try {
      await fits.ask('/ro/gdpr');
      await placement.idle();
      for (let ask = 0; ask < 2; ask++)
        expect((await fits.ask('/ro/gdpr', { 'Accept-Encoding': 'identity' })).body.toString('utf8')).toBe(
          PAGE,
        );
    } finally {
      await fits.close();
    }
  });

  it("sends a shared page's document without its payload, compressed or not, with its new length", async () => {
    await server.ask('/ro/gdpr');
    await placement.idle();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await server.ask('/ro/gdpr', { 'Accept-Encoding': encoding });
      expect(answer.status).toBe(200);
      expect(decodedBody(answer)).toBe(parts.document);
      if (encoding === 'identity') expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      else expect(answer.headers['content-encoding']).toBe(encoding);
    }
  });

  it('answers the payload address with the same page’s payload as JavaScript', async () => {
    for (const encoding of ['br', 'identity']) {
      const answer = await server.ask('/ro/gdpr?payload', { 'Accept-Encoding': encoding });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(decodedBody(answer)).toBe(parts.payload);
    }
  });

  it('holds a page rendered in pieces and sends it whole, a character cut between pieces intact', async () => {
    const answer = await server.ask('/ro/streamed', { 'Accept-Encoding': 'identity' });
    expect(answer.body.toString('utf8')).toBe(takePayloadOut(PAGE, '/ro/streamed?payload')!.document);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    const payload = await server.ask('/ro/streamed?payload', { 'Accept-Encoding': 'identity' });
    expect(payload.body.toString('utf8')).toBe(parts.payload);
  });

  it('leaves the payload inline in a page no shared cache may keep, and in the nonce pages', async () => {
    for (const path of ['/ro/dynamic', '/ro/cookie', '/ro/order/x', '/admin']) {
      const answer = await server.ask(path, { 'Accept-Encoding': 'identity' });
      expect([path, answer.body.toString('utf8')]).toEqual([path, PAGE]);
    }
  });

  it('answers 404 with nothing to run for a payload asked of a page that has none', async () => {
    for (const path of ['/ro/dynamic?payload', '/ro/missing?payload']) {
      const answer = await server.ask(path, { 'Accept-Encoding': 'br' });
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['etag']).toBeUndefined();
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe("default-src 'self'");
      expect(answer.body.length).toBe(0);
    }
    const missing = await server.ask('/ro/missing', { 'Accept-Encoding': 'identity' });
    expect(missing.status).toBe(404);
    expect(missing.body.toString('utf8')).toContain(inline(START));
  });

  it('passes a 304 of the page or of its payload as Next wrote it', async () => {
    for (const path of ['/ro/gdpr', '/ro/gdpr?payload']) {
      const answer = await server.ask(path, { 'If-None-Match': '"v1"' });
      expect([path, answer.status]).toEqual([path, 304]);
    }
  });
});
