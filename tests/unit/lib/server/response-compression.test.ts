/** @jest-environment node */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  COMPRESSION,
  isCompressibleType,
  negotiateEncoding,
  ResponseCompression,
} from '@/lib/server/response-compression';
import { askRaw, decodedBody } from '@/tests/support/raw-http';
import { PUBLIC_PAGE_CACHE_CONTROL, UNCACHEABLE_CACHE_CONTROL } from '@/lib/server/shared-cache';

const PAGE =
  '<!DOCTYPE html><html><body>' +
  'Întrebări frecvente despre vinieta online. '.repeat(400) +
  '</body></html>';
const SCRIPT = 'self.__next_f.push([1,"' + 'a:I[1234,[],"Component"]\\n'.repeat(3000) + '"]);';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1, gzip;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip; q=0.000, br', 'br'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity;q=0, gzip', 'gzip'],
    ['identity, gzip;q=0.5', 'identity'],
    ['br;q=nonsense, gzip', 'gzip'],
    [['gzip', 'br'], 'br'],
  ])('%j gives %s', (header, expected) => expect(negotiateEncoding(header)).toBe(expected));
});

describe('isCompressibleType', () => {
  it.each([
    ['text/html; charset=utf-8', true],
    ['text/x-component', true],
    ['text/css; charset=UTF-8', true],
    ['application/javascript; charset=UTF-8', true],
    ['application/json', true],
    ['application/manifest+json', true],
    ['application/ld+json', true],
    ['image/svg+xml', true],
    ['text/plain; version=0.0.4; charset=utf-8', true],
    ['application/xml', true],
    ['text/event-stream', false],
    ['image/png', false],
    ['font/woff2', false],
    ['application/pdf', false],
    ['application/zip', false],
    ['application/jsonp-but-not', false],
    [undefined, false],
  ])('%s: %s', (type, expected) => expect(isCompressibleType(type)).toBe(expected));
});

/** What the kept copy of `body` is: brotli at its best quality. */
const bestBrotli = (body: string) =>
  zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.keptBrotliQuality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });

/** A server answering as Next does, each answer through the compression under test. */
async function startServer(compression: ResponseCompression) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((request, response) => {
    compression.compress(request, response);
    const path = request.url ?? '/';
    if (path === '/page' || path === '/page-no-transform') {
      // Next's prerendered page: its length set, the whole body in one `end`.
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.setHeader('Vary', 'RSC, Next-Router-State-Tree');
      response.setHeader(
        'Cache-Control',
        path === '/page' ? PUBLIC_PAGE_CACHE_CONTROL : `${PUBLIC_PAGE_CACHE_CONTROL}, no-transform`,
      );
      response.setHeader('Content-Length', Buffer.byteLength(PAGE));
      response.setHeader('ETag', '"v1"');
      if (request.headers['if-none-match'] === '"v1"') {
        response.statusCode = 304;
        response.removeHeader('Content-Length');
        response.end();
        return;
      }
      response.end(PAGE);
    } else if (path === '/twice') {
      // A handler that ends an answer twice: the second `end` is a no-op, as Node makes it for a plain answer.
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.setHeader('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
      response.setHeader('Content-Length', Buffer.byteLength(PAGE));
      response.end(PAGE);
      response.end();
    } else if (path === '/static.js') {
      // A `/_next/static` file as Next's file server sends it: its length set, piped from disk in chunks.
      response.setHeader('Content-Type', 'application/javascript; charset=UTF-8');
      response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      response.setHeader('Accept-Ranges', 'bytes');
      response.setHeader('Content-Length', Buffer.byteLength(SCRIPT));
      Readable.from([SCRIPT.slice(0, 5000), SCRIPT.slice(5000, 20_000), SCRIPT.slice(20_000)]).pipe(response);
    } else if (path === '/small') {
      response.setHeader('Content-Type', 'application/json');
      response.end('{"ok":true}');
    } else if (path === '/image') {
      response.setHeader('Content-Type', 'image/png');
      response.end(Buffer.alloc(20_000, 7));
    } else if (path === '/encoded') {
      response.setHeader('Content-Type', 'text/html');
      response.setHeader('Content-Encoding', 'gzip');
      response.end(zlib.gzipSync(PAGE));
    } else if (path === '/events') {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.end(`data: ${'x'.repeat(5000)}\n\n`);
    } else if (path === '/dynamic') {
      // A dynamic page: no length, two writes, each flushed as Next flushes them.
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.setHeader('Cache-Control', UNCACHEABLE_CACHE_CONTROL);
      response.write(PAGE.slice(0, 2000));
      response.write(Buffer.from(PAGE.slice(2000)));
      response.end();
    } else if (path === '/streamed') {
      // A streamed page whose end waits for the client to have read its first part.
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.flushHeaders();
      response.write('<!DOCTYPE html><html><body><p>shell</p>');
      (response as http.ServerResponse & { flush: () => void }).flush();
      void released.then(() => response.end(`${'<p>late</p>'.repeat(500)}</body></html>`));
    } else if (path === '/large-stream') {
      // Many megabytes through a slow reader: the writer must wait for the compressor, not buffer everything.
      response.setHeader('Content-Type', 'text/plain');
      let sent = 0;
      const more = () => {
        while (sent < 400) {
          sent += 1;
          const ok = response.write(`${sent} ${Math.random().toString(36).repeat(400)}\n`);
          (response as http.ServerResponse & { flush: () => void }).flush();
          if (!ok) return void response.once('drain', more);
        }
        response.end();
      };
      more();
    } else {
      response.statusCode = 404;
      response.setHeader('Content-Type', 'text/html');
      response.end(PAGE);
    }
  });
  // Another test file of this worker may have hooked every server (lib/server/incoming-requests.ts): this server is
  // the compression under test alone.
  server.emit = net.Server.prototype.emit;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    release,
    ask: (path: string, headers: Record<string, string> = {}, method = 'GET') =>
      askRaw(`http://127.0.0.1:${port}${path}`, { headers, method }),
    /** The streamed page, read through a brotli decompressor: resolves with what arrived before the end was sent. */
    readStreamed: () =>
      new Promise<{ beforeRelease: string; whole: string; headers: http.IncomingHttpHeaders }>(
        (resolve, reject) => {
          const request = http.request(
            { port, path: '/streamed', headers: { 'Accept-Encoding': 'br' }, agent: false },
            (response) => {
              const decompress = zlib.createBrotliDecompress();
              let text = '';
              let beforeRelease: string | undefined;
              decompress.on('data', (chunk: Buffer) => {
                text += chunk.toString();
                if (beforeRelease === undefined && text.includes('shell')) {
                  beforeRelease = text;
                  release();
                }
              });
              decompress.on('end', () =>
                resolve({ beforeRelease: beforeRelease ?? '', whole: text, headers: response.headers }),
              );
              decompress.on('error', reject);
              response.pipe(decompress);
            },
          );
          request.on('error', reject);
          request.end();
        },
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('the server’s compression of its answers', () => {
  const compression = new ResponseCompression();
  let shop: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (shop = await startServer(compression)));
  afterAll(() => shop.close());

  it('answers brotli to a client that accepts it, gzip to one that accepts only gzip, plain bytes to the rest', async () => {
    const brotli = await shop.ask('/page', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    const gzipped = await shop.ask('/page', { 'Accept-Encoding': 'gzip, deflate' });
    const plain = await shop.ask('/page');
    expect([brotli, gzipped, plain].map((answer) => answer.headers['content-encoding'])).toEqual([
      'br',
      'gzip',
      undefined,
    ]);
    for (const answer of [brotli, gzipped, plain]) {
      expect(answer.status).toBe(200);
      expect(decodedBody(answer)).toBe(PAGE);
      expect(answer.headers.vary).toBe('RSC, Next-Router-State-Tree, Accept-Encoding');
    }
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
    expect(brotli.headers['content-length']).toBeUndefined();
    expect(brotli.body.length).toBeLessThan(gzipped.body.length);
  });

  it('keeps the best-quality copy of an answer a cache may keep, and sends it to the visitors after', async () => {
    await shop.ask('/page', { 'Accept-Encoding': 'br' });
    await compression.idle();
    const kept = await shop.ask('/page', { 'Accept-Encoding': 'br' });
    expect(kept.body.equals(bestBrotli(PAGE))).toBe(true);
    expect(decodedBody(kept)).toBe(PAGE);
    expect(compression.keptCopies.count).toBeGreaterThanOrEqual(2);
  });

  it('compresses a piped static file whole, keeps it, and drops its byte ranges', async () => {
    const first = await shop.ask('/static.js', { 'Accept-Encoding': 'br, gzip' });
    await compression.idle();
    const second = await shop.ask('/static.js', { 'Accept-Encoding': 'br, gzip' });
    for (const answer of [first, second]) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['accept-ranges']).toBeUndefined();
      expect(decodedBody(answer)).toBe(SCRIPT);
    }
    expect(second.body.equals(bestBrotli(SCRIPT))).toBe(true);
  });

  it('leaves alone what is small, already compressed, not text, a HEAD, a 304, a 404 to a plain client, or no-transform', async () => {
    const accepts = { 'Accept-Encoding': 'br, gzip' };
    const small = await shop.ask('/small', accepts);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe('11');
    expect(small.headers.vary).toBe('Accept-Encoding');
    const image = await shop.ask('/image', accepts);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.length).toBe(20_000);
    const encoded = await shop.ask('/encoded', accepts);
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(encoded.body).toString()).toBe(PAGE);
    const events = await shop.ask('/events', accepts);
    expect(events.headers['content-encoding']).toBeUndefined();
    const head = await shop.ask('/page', accepts, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
    expect(head.headers.vary).toContain('Accept-Encoding');
    const notModified = await shop.ask('/page', { ...accepts, 'If-None-Match': '"v1"' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.body.length).toBe(0);
    const noTransform = await shop.ask('/page-no-transform', accepts);
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect(noTransform.body.toString()).toBe(PAGE);
    const missing = await shop.ask('/missing', accepts);
    expect(missing.status).toBe(404);
    expect(decodedBody(missing)).toBe(PAGE);
  });

  it('sends a page held whole once, even when its handler ends it twice', async () => {
    const answer = await shop.ask('/twice', { 'Accept-Encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(decodedBody(answer)).toBe(PAGE);
  });

  it('compresses a dynamic page written in parts', async () => {
    const answer = await shop.ask('/dynamic', { 'Accept-Encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(decodedBody(answer)).toBe(PAGE);
  });

  it('sends a streamed page’s first part when it is flushed, before its end is written', async () => {
    const { beforeRelease, whole, headers } = await shop.readStreamed();
    expect(headers['content-encoding']).toBe('br');
    expect(beforeRelease).toContain('<p>shell</p>');
    expect(beforeRelease).not.toContain('late');
    expect(whole).toBe(`<!DOCTYPE html><html><body><p>shell</p>${'<p>late</p>'.repeat(500)}</body></html>`);
  }, 10_000);

  it('holds a large stream’s writer back while the compressor is full, and loses nothing', async () => {
    const answer = await shop.ask('/large-stream', { 'Accept-Encoding': 'br' });
    const lines = decodedBody(answer).trim().split('\n');
    expect(lines).toHaveLength(400);
    expect(lines.map((line) => Number(line.split(' ')[0]))).toEqual(
      Array.from({ length: 400 }, (_, index) => index + 1),
    );
  });

  it('drops the compressor of a client gone mid-stream, and answers the next one', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.request(
        { port: shop.port, path: '/large-stream', headers: { 'Accept-Encoding': 'br' }, agent: false },
        (response) =>
          response.once('data', () => {
            request.destroy();
            resolve();
          }),
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' ? resolve() : reject(error),
      );
      request.end();
    });
    expect(decodedBody(await shop.ask('/dynamic', { 'Accept-Encoding': 'br' }))).toBe(PAGE);
  });
});
