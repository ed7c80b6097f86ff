import 'server-only';

import http from 'node:http';
import type { Duplex } from 'node:stream';
import { DATABASE_RETRY_AFTER_SECONDS } from '@/lib/db/errors';
import { securityHeaders } from '@/lib/security/headers.mjs';
import { PEER_ADDRESS_HEADER, stampPeerAddress } from '@/lib/security/peer-address';
import { processPageCache } from './page-cache';
import { isHtmlAnswer, sendPayloadBesideDocument, takePayloadRequest } from './page-payload';
import { inRequestScope, type RequestScope } from './request-scope';
import { processResponseCompression } from './response-compression';
import { sharedCacheControl } from './shared-cache';

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
const patched = globalThis as unknown as {
  __roadIncomingRequests?: boolean;
  /** The HTTP servers that have served a request, and whether their connections are being closed. */
  __roadServers?: Set<http.Server>;
  __roadClosingConnections?: boolean;
};
const servers = () => (patched.__roadServers ??= new Set());

/**
 * From a graceful shutdown's start (lib/startup/shutdown-signals.ts): every answer says `Connection: close`, and the
 * connections that fall idle are closed as they do. Next closes the connections idle at the signal, but one that was
 * answering then stays open after its answer, kept alive (65 s, `npm run serve`) by the client or proxy, and the
 * server's drain would wait for it until the shutdown's deadline.
 */
export function closeConnectionsAsTheyFallIdle(): void {
  if (patched.__roadClosingConnections) return;
  patched.__roadClosingConnections = true;
  const closeIdle = () => {
    for (const server of servers()) server.closeIdleConnections();
  };
  closeIdle();
  setInterval(closeIdle, 100).unref();
}

/**
 * How long a client may take to send a request. Node's defaults (60 s for the headers, 300 s for the whole request)
 * let a client that trickles a body hold a connection for five minutes; the shop's largest body is 64 KB
 * (lib/api/request.ts), which even a poor mobile link sends well within these.
 */
export const INCOMING_TIMEOUTS = { headersMs: 20_000, requestMs: 30_000 };

/** Node's own status for a request it cannot parse, by its error's code (`_http_server.js`, socketOnError). */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Node's answer to a request it could not parse (a malformed request line, headers over the size limit, a request
 * that took too long), as Node writes it, but with the security headers every other answer carries: Node answers
 * these itself, before Next or next.config's headers see them.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const response = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !response?.headersSent) {
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    const headers = securityHeaders.map(({ key, value }) => `${key}: ${value}\r\n`).join('');
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${headers}Content-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  }
  socket.destroy(error);
}

/**
 * Sends the answer of a request marked "the database was away" (lib/server/request-scope.ts) as 503 with
 * `Retry-After`: a page that failed without its data (Next's 500), or one that showed the shop's "temporarily
 * unavailable" view (200); the shop's "too many requests" view (200) is sent as 429 with its own `Retry-After`. A 200
 * of a request only marked "away" stays: a stale page served while its background
 * regeneration failed is a good answer. Node writes the status through `writeHead`, also when a handler
 * only set `statusCode`.
 */
export function answerUnavailableWhenMarked(response: http.ServerResponse, scope: RequestScope): void {
  const writeHead = response.writeHead as (
    this: http.ServerResponse,
    ...args: unknown[]
  ) => http.ServerResponse;
  response.writeHead = function (this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    const replaced =
      (scope.databaseAway && statusCode >= 500) || (scope.unavailableShown && statusCode === 200)
        ? { status: 503, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS }
        : scope.tooManyRequestsShown && statusCode === 200
          ? { status: 429, retryAfterSeconds: scope.tooManyRequestsShown.retryAfterSeconds }
          : undefined;
    if (replaced) {
      statusCode = replaced.status;
      this.setHeader('Retry-After', String(replaced.retryAfterSeconds));
      this.setHeader('Cache-Control', 'no-store');
      // A status message given with the old status would belong to it.
      if (typeof rest[0] === 'string') rest.shift();
    }
    return writeHead.call(this, statusCode, ...rest);
  } as typeof response.writeHead;
}

/**
 * Gives the answer the shared-cache lifetime of lib/server/shared-cache.ts as its head is written: Next's own
 * `s-maxage` of a prerendered page is its revalidation time (an hour), which next.config cannot change for pages.
 * Node writes every head through `writeHead`, also when a handler only set headers and ended the answer.
 */
export function answerSharedCacheLifetime(
  request: http.IncomingMessage,
  response: http.ServerResponse,
): void {
  const writeHead = response.writeHead as (
    this: http.ServerResponse,
    ...args: unknown[]
  ) => http.ServerResponse;
  response.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    const cacheControl = this.getHeader('cache-control');
    const replaced = sharedCacheControl({
      pathname: (request.url ?? '/').split('?')[0]!,
      cacheControl: cacheControl === undefined ? undefined : String(cacheControl),
      setsCookie: this.hasHeader('set-cookie'),
      fromStaff: Boolean(request.headers.authorization),
    });
    if (replaced) this.setHeader('Cache-Control', replaced);
    return writeHead.apply(this, args);
  } as typeof response.writeHead;
}

/**
 * Headers Next sets on a page for its client router, which reads them from its payload requests (`RSC: 1`), never
 * from a document. A document's headers travel uncompressed in TCP's first window with its first bytes, 14.6 KB in
 * all, which a legal text's page fills (docs/decisions/0039-a-legal-text-sent-once.md).
 */
export const ROUTER_ONLY_HEADERS = ['x-nextjs-stale-time', 'x-nextjs-prerender'] as const;

/** Sends an HTML answer without {@link ROUTER_ONLY_HEADERS}; Node writes every head through `writeHead`. */
export function answerDocumentWithoutRouterHeaders(response: http.ServerResponse): void {
  const writeHead = response.writeHead as (
    this: http.ServerResponse,
    ...args: unknown[]
  ) => http.ServerResponse;
  response.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    if (isHtmlAnswer(this)) for (const name of ROUTER_ONLY_HEADERS) this.removeHeader(name);
    return writeHead.apply(this, args);
  } as typeof response.writeHead;
}

/**
 * Prepares what Next's own HTTP server does not let us configure, before Next sees a request. Called from
 * instrumentation.ts; requests that arrive while Next is still starting were emitted before this ran.
 *
 * - Each request is stamped with its socket's peer address (PEER_ADDRESS_HEADER), signed with this process's secret
 *   (lib/security/peer-address.ts), over any copy the client sent; an unstamped one, or one a client wrote, is
 *   counted under one shared "unknown" address by lib/api/request.ts.
 * - The server gets the shorter receive timeouts above (Node reads them on each connection check, so setting them
 *   on the first request still applies to every connection after it).
 * - Each request runs in a scope of its own (lib/server/request-scope.ts): one answered without the database it
 *   needed is sent as 503 with `Retry-After` ({@link answerUnavailableWhenMarked}).
 * - A page Next marked for shared caches says how long one may keep it ({@link answerSharedCacheLifetime}), and is
 *   kept that long by the server itself: a request for it is answered before Next sees it (lib/server/page-cache.ts).
 * - A public page that would not fit TCP's first window with its payload for React sends the payload beside its
 *   document, at its address with `?payload` (lib/server/page-payload.ts).
 * - A page's document goes without the headers only Next's client router reads
 *   ({@link answerDocumentWithoutRouterHeaders}).
 * - Every answer is compressed by the server itself, brotli where the client accepts it (lib/server/response-compression.ts;
 *   Next's own compression only gzips and is off in next.config.mjs).
 * - A request Node cannot parse (400, 431, 408) is answered by {@link answerClientError}, with the security headers,
 *   unless the server has its own `clientError` listener.
 * - Once the server stops, its connections close after their answers ({@link closeConnectionsAsTheyFallIdle}).
 */
export function hookIncomingRequests() {
  if (patched.__roadIncomingRequests) return;
  patched.__roadIncomingRequests = true;
  const prepared = new WeakSet<http.Server>();
  const prototype = http.Server.prototype as unknown as { emit: Emit };
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event, ...args) {
    if (event === 'clientError' && this instanceof http.Server && this.listenerCount('clientError') === 0) {
      answerClientError(args[0] as NodeJS.ErrnoException, args[1] as Duplex);
      return true;
    }
    if (event === 'request') {
      if (!prepared.has(this)) {
        prepared.add(this);
        servers().add(this);
        this.headersTimeout = INCOMING_TIMEOUTS.headersMs;
        this.requestTimeout = INCOMING_TIMEOUTS.requestMs;
      }
      if (patched.__roadClosingConnections) (args[1] as http.ServerResponse).shouldKeepAlive = false;
      const request = args[0] as http.IncomingMessage;
      if (processPageCache()?.answer(request, args[1] as http.ServerResponse)) return true;
      // After the page cache's recording (it keeps the bytes as sent) and before the head's other wrappers (they run
      // first, and the compression sees the status and Cache-Control they leave).
      processResponseCompression().compress(request, args[1] as http.ServerResponse);
      // After the compression, so that it runs first: the compression and the page cache see the bytes sent.
      sendPayloadBesideDocument(request, args[1] as http.ServerResponse, takePayloadRequest(request));
      request.headers[PEER_ADDRESS_HEADER] = stampPeerAddress(request.socket?.remoteAddress ?? '');
      const scope: RequestScope = {};
      answerUnavailableWhenMarked(args[1] as http.ServerResponse, scope);
      answerDocumentWithoutRouterHeaders(args[1] as http.ServerResponse);
      // Wrapped last, so it runs first: a 503 or 429 written by the one above still ends as no-store.
      answerSharedCacheLifetime(request, args[1] as http.ServerResponse);
      return inRequestScope(scope, () => emit.call(this, event, ...args));
    }
    return emit.call(this, event, ...args);
  };
}
