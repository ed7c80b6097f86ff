/** @jest-environment node */
import http from 'node:http';
import net from 'node:net';
import { ResponseCompression } from '@/lib/server/response-compression';
import { PUBLIC_PAGE_CACHE_CONTROL } from '@/lib/server/shared-cache';
import { askRaw, decodedBody } from '@/tests/support/raw-http';
import { NGINX_BINARY, NGINX_MISSING, prepareNginx, type Nginx } from '@/tests/e2e/support/nginx';

/*
 * docs/deploy/nginx-site.conf in front of a server that compresses as the shop does (lib/server/response-compression.ts):
 * nginx's page cache keys a page by its address only, so what keeps a brotli copy from a client that never asked for
 * it is the shop's `Vary: Accept-Encoding`, which nginx honours (1.7.7 on) by keeping one copy per variant. The whole
 * path with a built shop is tests/e2e/deploy-nginx.spec.ts.
 */

const UPSTREAM_PORT = 3420;
const HTTP_PORT = 3421;
const HTTPS_PORT = 3422;

const PAGE =
  '<!DOCTYPE html><html><body>' + 'Vinietă online pentru autoturisme. '.repeat(600) + '</body></html>';
/** What Next says a page varies by, to which the shop adds Accept-Encoding. */
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

// nginx comes from apt, as .ci/run installs it; a machine without it says so (NGINX_MISSING) and skips this file, as
// the deployment specs do, rather than failing on a binary the repository cannot ship.
const describeWithNginx = NGINX_BINARY ? describe : describe.skip;
if (!NGINX_BINARY) console.warn(NGINX_MISSING);

describeWithNginx('the documented nginx in front of the server’s compression', () => {
  let nginx: Nginx;
  let upstream: http.Server;
  let reached = 0;
  const compression = new ResponseCompression();

  const ask = (pathname: string, acceptEncoding?: string) =>
    askRaw(`${nginx.httpsUrl}${pathname}`, {
      headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
      ca: nginx.certificate,
    });

  beforeAll(async () => {
    upstream = http.createServer((request, response) => {
      reached++;
      compression.compress(request, response);
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.setHeader('Vary', NEXT_VARY);
      if (request.url === '/ro/order') {
        // A dynamic page: streamed, never kept.
        response.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
        response.write(PAGE.slice(0, 3000));
        response.end(PAGE.slice(3000));
        return;
      }
      response.setHeader('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
      response.setHeader('Content-Length', Buffer.byteLength(PAGE));
      response.end(PAGE);
    });
    // Another test file of this worker may have hooked every server: this one is the compression under test alone.
    upstream.emit = net.Server.prototype.emit;
    await new Promise<void>((resolve) => upstream.listen(UPSTREAM_PORT, '127.0.0.1', resolve));
    nginx = prepareNginx({
      upstreams: [{ port: UPSTREAM_PORT }],
      httpPort: HTTP_PORT,
      httpsPort: HTTPS_PORT,
    });
    nginx.start();
    const deadline = Date.now() + 20_000;
    while (
      !(await ask('/health').then(
        () => true,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${nginx.errorLog()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    await nginx?.stop();
    upstream?.closeAllConnections();
    await new Promise<void>((resolve) => upstream?.close(() => resolve()));
  });

  it('keeps one copy of a page per encoding: a gzip-only client never gets brotli, a brotli client gets it', async () => {
    const before = reached;
    const gzipFirst = await ask('/ro/faq', 'gzip, deflate');
    const brotliFirst = await ask('/ro/faq', 'gzip, deflate, br, zstd');
    const plainFirst = await ask('/ro/faq');
    const gzipAgain = await ask('/ro/faq', 'gzip, deflate');
    const brotliAgain = await ask('/ro/faq', 'gzip, deflate, br, zstd');
    const plainAgain = await ask('/ro/faq');

    for (const answer of [gzipFirst, gzipAgain]) expect(answer.headers['content-encoding']).toBe('gzip');
    for (const answer of [brotliFirst, brotliAgain]) expect(answer.headers['content-encoding']).toBe('br');
    for (const answer of [plainFirst, plainAgain]) expect(answer.headers['content-encoding']).toBeUndefined();
    for (const answer of [gzipFirst, brotliFirst, plainFirst, gzipAgain, brotliAgain, plainAgain]) {
      expect(answer.status).toBe(200);
      expect(decodedBody(answer)).toBe(PAGE);
      expect(answer.headers.vary).toBe(`${NEXT_VARY}, Accept-Encoding`);
    }
    expect([gzipFirst, brotliFirst, plainFirst].map((answer) => answer.headers['x-cache-status'])).toEqual([
      'MISS',
      'MISS',
      'MISS',
    ]);
    // The micro-cache still holds: each copy is answered by nginx itself.
    expect([gzipAgain, brotliAgain, plainAgain].map((answer) => answer.headers['x-cache-status'])).toEqual([
      'HIT',
      'HIT',
      'HIT',
    ]);
    expect(reached - before).toBe(3);
  });

  it('passes a streamed page through in the encoding the client asked for', async () => {
    const brotli = await ask('/ro/order', 'gzip, deflate, br');
    const gzipped = await ask('/ro/order', 'gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    for (const answer of [brotli, gzipped]) {
      expect(decodedBody(answer)).toBe(PAGE);
      expect(answer.headers['x-cache-status']).not.toBe('HIT');
    }
  });
});
