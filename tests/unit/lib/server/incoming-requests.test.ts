/** @jest-environment node */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { clientAddress } from '@/lib/api/request';
import { hookIncomingRequests, INCOMING_TIMEOUTS } from '@/lib/server/incoming-requests';
import { noteDatabaseAway, noteTooManyRequestsShown, noteUnavailableShown } from '@/lib/server/request-scope';
import { isForgedPeerStamp, PEER_ADDRESS_HEADER, stampedPeerAddress } from '@/lib/security/peer-address';
import { askRaw, decodedBody } from '@/tests/support/raw-http';

/** A server that answers with the client address the shop's limits would count for each request. */
async function startServer() {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ ...request.headers });
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string') headers.set(name, value);
    response.end(clientAddress(new Request('http://localhost/api/login', { headers })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    seen,
    ask: async (claimed: string) =>
      (await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_ADDRESS_HEADER]: claimed } })).text(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a forger might send: a plain address, and one shaped like a stamp with a guessed secret. */
const FORGERIES = ['203.0.113.9', '00000000-0000-4000-8000-000000000000 203.0.113.9', ' 203.0.113.9'];

// One file, in order: the moments of a server's start-up, the hook not yet installed, then installed.
describe('a client-sent peer address header, at every moment of start-up', () => {
  it('is never believed by a server the hook has not reached (before it is installed, or started another way)', async () => {
    const early = await startServer();
    try {
      for (const forged of FORGERIES) expect(await early.ask(forged)).toBe('unknown');
      // No secret yet in this process: the proxy leaves the copy to the reader, which believes none.
      expect(stampedPeerAddress('203.0.113.9')).toBeUndefined();
    } finally {
      await early.close();
    }
  });

  it('is replaced by the real peer once the hook is installed, on a server started before it and on one after', async () => {
    const before = await startServer();
    expect(before.server.requestTimeout).toBe(300_000);
    hookIncomingRequests();
    const after = await startServer();
    try {
      for (const target of [before, after]) {
        for (const forged of FORGERIES) expect(await target.ask(forged)).toBe('127.0.0.1');
        expect(target.server.headersTimeout).toBe(INCOMING_TIMEOUTS.headersMs);
        expect(target.server.requestTimeout).toBe(INCOMING_TIMEOUTS.requestMs);
        // What reaches Next is the process's stamp, never the client's text.
        const stamp = target.seen.at(-1)![PEER_ADDRESS_HEADER] as string;
        expect(stamp).not.toContain('203.0.113.9');
        expect(stampedPeerAddress(stamp)).toBe('127.0.0.1');
      }
      // And proxy.ts removes any copy that is not the process's own.
      for (const forged of FORGERIES) expect(isForgedPeerStamp(forged)).toBe(true);
      expect(isForgedPeerStamp(after.seen[0]![PEER_ADDRESS_HEADER] as string)).toBe(false);
      expect(isForgedPeerStamp(null)).toBe(false);
    } finally {
      await before.close();
      await after.close();
    }
  });
});

/** What the server answers to raw bytes, read until it closes the connection. */
function rawAnswer(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
  });
}

describe("Node's own answers to requests it cannot parse, once the hook is installed", () => {
  it('carry the security headers: a malformed request 400, headers too large 431', async () => {
    hookIncomingRequests();
    const { server, close } = await startServer();
    try {
      const { port } = server.address() as AddressInfo;
      const cases: [string, string][] = [
        ['GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n', '400 Bad Request'],
        [
          `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
          '431 Request Header Fields Too Large',
        ],
      ];
      for (const [bytes, status] of cases) {
        const answer = await rawAnswer(port, bytes);
        expect(answer.startsWith(`HTTP/1.1 ${status}\r\n`)).toBe(true);
        for (const header of [
          'Content-Security-Policy',
          'X-Content-Type-Options: nosniff',
          'Strict-Transport-Security',
          'X-Frame-Options: DENY',
        ])
          expect(answer).toContain(header);
      }
    } finally {
      await close();
    }
  });
});

describe('an answer made without the database, once the hook is installed', () => {
  /** A server whose answer, after an await (as a page's read), marks the request and gives `status`. */
  async function answering(mark: (() => void) | undefined, status: number) {
    hookIncomingRequests();
    const server = http.createServer(async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      mark?.();
      response.statusCode = status;
      response.end('page');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/ro/faq`);
      return {
        status: answer.status,
        retryAfter: answer.headers.get('retry-after'),
        body: await answer.text(),
      };
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it("is 503 with Retry-After, never 500: a page that failed without its data, or showed the shop's unavailable view", async () => {
    for (const [mark, status] of [
      [noteDatabaseAway, 500],
      [noteUnavailableShown, 200],
    ] as const) {
      const answer = await answering(mark, status);
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.body).toBe('page');
    }
  });

  it("is 429 with the view's own Retry-After for a page that showed the shop's too-many-requests view", async () => {
    const answer = await answering(() => noteTooManyRequestsShown(7), 200);
    expect(answer).toEqual({ status: 429, retryAfter: '7', body: 'page' });
    // A failure of such a page stays what it is.
    expect(await answering(() => noteTooManyRequestsShown(7), 500)).toMatchObject({
      status: 500,
      retryAfter: null,
    });
  });

  it('leaves every other answer as it is: a stale page served while its regeneration failed, a bug', async () => {
    expect(await answering(noteDatabaseAway, 200)).toMatchObject({ status: 200, retryAfter: null });
    expect(await answering(undefined, 500)).toMatchObject({ status: 500, retryAfter: null });
  });
});

describe('the shared-cache lifetime of an answer, once the hook is installed', () => {
  /** The Cache-Control of what a server answers at `path` after setting `cacheControl` (and a cookie, if asked). */
  async function cacheControlOf(
    path: string,
    cacheControl: string,
    options: { cookie?: boolean; headers?: Record<string, string>; unavailable?: boolean } = {},
  ) {
    hookIncomingRequests();
    const server = http.createServer(async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (options.unavailable) noteUnavailableShown();
      response.setHeader('Cache-Control', cacheControl);
      if (options.cookie) response.setHeader('Set-Cookie', 'appMode=1; Path=/');
      response.end('page');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`, { headers: options.headers });
      return answer.headers.get('cache-control');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
  const NEXT_ISR = 's-maxage=3600, stale-while-revalidate=31532400';

  it("replaces Next's hour on a public page with the few seconds a shared cache may keep it", async () => {
    expect(await cacheControlOf('/ro/faq?x=1', NEXT_ISR)).toBe('s-maxage=5, stale-while-revalidate=25');
  });

  it('makes it uncacheable for staff, with a cookie, under /admin or /api, and when the page is a 503', async () => {
    const uncacheable = 'private, no-cache, no-store, max-age=0, must-revalidate';
    expect(await cacheControlOf('/ro/faq', NEXT_ISR, { headers: { authorization: 'Bearer x' } })).toBe(
      uncacheable,
    );
    expect(await cacheControlOf('/ro/faq', NEXT_ISR, { cookie: true })).toBe(uncacheable);
    expect(await cacheControlOf('/admin', NEXT_ISR)).toBe(uncacheable);
    expect(await cacheControlOf('/api/health', NEXT_ISR)).toBe(uncacheable);
    expect(await cacheControlOf('/ro/faq', NEXT_ISR, { unavailable: true })).toBe('no-store');
  });

  it('leaves the header of an answer not marked for shared caches as it was', async () => {
    expect(await cacheControlOf('/api/nmps/utils/vignette/prices', 'public, max-age=60')).toBe(
      'public, max-age=60',
    );
  });
});

describe("the router's own headers, once the hook is installed", () => {
  /** The headers of what a server answers after setting Next's router headers on a `contentType` answer. */
  async function headersOf(contentType: string) {
    hookIncomingRequests();
    const server = http.createServer((_request, response) => {
      response.setHeader('Content-Type', contentType);
      response.setHeader('x-nextjs-stale-time', '300');
      response.setHeader('x-nextjs-prerender', ['1', '1']);
      response.setHeader('x-nextjs-cache', 'HIT');
      response.end('page');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      return (await fetch(`http://127.0.0.1:${port}/ro/terms-conditions`)).headers;
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it("are not sent with a page's document, which the router never reads them from", async () => {
    const headers = await headersOf('text/html; charset=utf-8');
    expect(headers.get('x-nextjs-stale-time')).toBeNull();
    expect(headers.get('x-nextjs-prerender')).toBeNull();
    expect(headers.get('x-nextjs-cache')).toBe('HIT');
  });

  it('stay on the payload the router fetches', async () => {
    const headers = await headersOf('text/x-component');
    expect(headers.get('x-nextjs-stale-time')).toBe('300');
    expect(headers.get('x-nextjs-prerender')).toBe('1, 1');
  });
});

describe('the compression of an answer, once the hook is installed', () => {
  const PAGE =
    '<!DOCTYPE html><html><body>' + '<p>Vinietă pentru autoturisme</p>'.repeat(300) + '</body></html>';

  /** What a server answers a client accepting `acceptEncoding` for a page marked as Next marks a prerendered one. */
  async function answerTo(acceptEncoding: string, options: { unavailable?: boolean } = {}) {
    hookIncomingRequests();
    const server = http.createServer(async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (options.unavailable) noteUnavailableShown();
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.setHeader('Cache-Control', 's-maxage=3600, stale-while-revalidate=31532400');
      response.setHeader('Content-Length', Buffer.byteLength(PAGE));
      response.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // A query: never kept by the process's page cache, so each test reaches its own server.
      return await askRaw(`http://127.0.0.1:${port}/ro/compressed?v=1`, {
        headers: { 'Accept-Encoding': acceptEncoding },
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it('is brotli for a browser, gzip for a client of gzip only, with the shared-cache lifetime', async () => {
    const brotli = await answerTo('gzip, deflate, br, zstd');
    const gzipped = await answerTo('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    for (const answer of [brotli, gzipped]) {
      expect(decodedBody(answer)).toBe(PAGE);
      expect(answer.headers['cache-control']).toBe('s-maxage=5, stale-while-revalidate=25');
      expect(answer.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('keeps a 503 compressed and uncacheable', async () => {
    const answer = await answerTo('br', { unavailable: true });
    expect(answer.status).toBe(503);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(decodedBody(answer)).toBe(PAGE);
  });
});
