import type http from 'node:http';
import { getConfig } from '@/lib/config/env';
import { isAppUserAgent } from '@/lib/consent';
import { REQUEST_ID_HEADER, requestIdOf } from '@/lib/log/request-id';
import { PAYLOAD_QUERY } from './page-payload';
import { negotiateEncoding } from './response-compression';
import { isPrivateArea, PUBLIC_PAGE_CACHE_CONTROL, PUBLIC_PAGE_SHARED_CACHE } from './shared-cache';

/**
 * The server's own micro-cache of public pages (docs/decisions/0025-public-pages-micro-cached.md, "On a server alone"):
 * what the documented nginx keeps, the server keeps too, for a shop served without it. A public page Next answers
 * from its prerendered copy still costs it its whole request path per visitor (routing, the proxy, its ETag over the
 * page's 100 KB, the page turned into bytes and compressed again); a page kept here is written as the bytes the server
 * sent, compressed once (lib/server/response-compression.ts), before Next sees the request.
 *
 * Kept: exactly the answers a shared cache may keep (lib/server/shared-cache.ts: 200, {@link PUBLIC_PAGE_CACHE_CONTROL},
 * no `Set-Cookie`), for their fresh time (5 s), once per encoding the server answers the visitor in (brotli, gzip or
 * none); a page's payload too (lib/server/page-payload.ts), under its own address. Never asked: a request with
 * another query, with credentials (`Authorization`), for Next's client navigation (its `RSC` and `Next-Router-*`
 * headers, which the page's `Vary` names), from the mobile app (the proxy remembers its mode in a cookie). Forgotten
 * at once when the catalog changes (lib/catalog/page-revalidation.ts), so a new price is never shown late by it. A hit
 * gets a request id of its own and answers `If-None-Match` with 304 from the kept `ETag`.
 */

interface KeptPage {
  status: number;
  headers: [string, string | number | string[]][];
  body: Buffer;
  etag: string | undefined;
  keptUntil: number;
}

/** Headers of the connection or of one answer only, never replayed. */
const NOT_REPLAYED = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  REQUEST_ID_HEADER,
]);
/** A path whose last segment has an extension, as the proxy's matcher tells files from pages (proxy.ts). */
const FILE_NAME = /\.[^/]*$/;
/** Headers of Next's client navigation: a request carrying one is answered something else than the page's HTML. */
const NAVIGATION_HEADER = /^(rsc|next-router-|next-url|next-action|x-nextjs-|purpose$)/;

/**
 * The key of the kept copy that may answer `request`, or undefined when no kept copy may: only a GET or HEAD of a
 * path without a query (or with a page payload's), from a visitor without credentials, not Next's own navigation
 * nor the app.
 */
export function keptPageKey(request: http.IncomingMessage): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = request.url ?? '';
  const [pathname, query] = url.split(/\?(.*)/s);
  if (!pathname!.startsWith('/') || pathname!.startsWith('/_next/') || isPrivateArea(pathname!))
    return undefined;
  // A page's payload (lib/server/page-payload.ts) is kept as its page is; any other query may change the answer.
  if (query !== undefined && query !== PAYLOAD_QUERY) return undefined;
  // A file (public/'s images, icons, /assets/*.json): never a page, and not worth copying as it is sent.
  if (FILE_NAME.test(pathname!)) return undefined;
  const headers = request.headers;
  if (headers.authorization || isAppUserAgent(headers['user-agent'])) return undefined;
  if (Object.keys(headers).some((name) => NAVIGATION_HEADER.test(name))) return undefined;
  return `${negotiateEncoding(request.headers['accept-encoding'])} ${url}`;
}

/** Whether a finished answer is one to keep: what a shared cache may keep, in the encoding its key says. */
export function mayKeepAnswer(response: http.ServerResponse, key: string): boolean {
  if (response.statusCode !== 200 || response.hasHeader('set-cookie')) return false;
  if (response.getHeader('cache-control') !== PUBLIC_PAGE_CACHE_CONTROL) return false;
  const encoding = response.getHeader('content-encoding') ?? 'identity';
  return key.startsWith(`${encoding} `);
}

export interface PageCacheOptions {
  freshMs?: number;
  maxPages?: number;
  maxPageBytes?: number;
  now?: () => number;
  /** The id of an answer from the cache (default: the front proxy's, as the proxy keeps it, or a fresh one). */
  requestId?: (request: http.IncomingMessage) => string;
}

export class PageCache {
  private readonly pages = new Map<string, KeptPage>();
  private readonly freshMs: number;
  private readonly maxPages: number;
  private readonly maxPageBytes: number;
  private readonly now: () => number;
  private readonly requestId: (request: http.IncomingMessage) => string;

  constructor(options: PageCacheOptions = {}) {
    this.freshMs = options.freshMs ?? PUBLIC_PAGE_SHARED_CACHE.freshSeconds * 1000;
    // Every public page in four languages, three times (brotli, gzip and not), and room to spare; a page is about
    // 100 KB plain, 15-20 KB compressed.
    this.maxPages = options.maxPages ?? 600;
    this.maxPageBytes = options.maxPageBytes ?? 1024 * 1024;
    this.now = options.now ?? Date.now;
    this.requestId = options.requestId ?? ((request) => requestIdOf(request.headers[REQUEST_ID_HEADER]));
  }

  /** How many pages are kept now. */
  get size(): number {
    return this.pages.size;
  }

  /** Forgets every kept page: the catalog changed, the next visitor of each page gets it from Next. */
  forgetAll(): void {
    this.pages.clear();
  }

  /**
   * Answers `request` from a fresh kept copy and returns true, or returns false and, when the answer Next is about to
   * give may be kept, records it as it is written.
   */
  answer(request: http.IncomingMessage, response: http.ServerResponse): boolean {
    const key = keptPageKey(request);
    if (!key) return false;
    const page = this.pages.get(key);
    if (page && page.keptUntil > this.now()) {
      this.replay(page, request, response);
      return true;
    }
    if (page) this.pages.delete(key);
    if (request.method === 'GET') this.record(key, response);
    return false;
  }

  private replay(page: KeptPage, request: http.IncomingMessage, response: http.ServerResponse): void {
    for (const [name, value] of page.headers) response.setHeader(name, value);
    response.setHeader(REQUEST_ID_HEADER, this.requestId(request));
    if (page.etag && request.headers['if-none-match'] === page.etag) {
      for (const name of ['content-type', 'content-encoding']) response.removeHeader(name);
      response.writeHead(304);
      response.end();
      return;
    }
    response.setHeader('content-length', page.body.length);
    response.writeHead(page.status);
    response.end(request.method === 'HEAD' ? undefined : page.body);
  }

  /** Collects what is written (after the server's compression: the bytes sent) and keeps it if the finished answer may be. */
  private record(key: string, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tooLarge = false;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (tooLarge || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      bytes += buffer.length;
      if (bytes > this.maxPageBytes) tooLarge = true;
      else chunks.push(buffer);
    };
    const write = response.write as (...args: unknown[]) => boolean;
    const end = response.end as (...args: unknown[]) => http.ServerResponse;
    response.write = function (this: http.ServerResponse, ...args: unknown[]) {
      collect(args[0], args[1]);
      return write.apply(this, args);
    } as typeof response.write;
    response.end = function (this: http.ServerResponse, ...args: unknown[]) {
      collect(args[0], args[1]);
      return end.apply(this, args);
    } as typeof response.end;
    response.once('finish', () => {
      if (tooLarge || !mayKeepAnswer(response, key)) return;
      const headers = Object.entries(response.getHeaders())
        .filter(([name, value]) => value !== undefined && !NOT_REPLAYED.has(name))
        .map(([name, value]) => [name, value] as [string, string | number | string[]]);
      const etag = response.getHeader('etag');
      if (!this.pages.has(key) && this.pages.size >= this.maxPages)
        this.pages.delete(this.pages.keys().next().value!);
      this.pages.set(key, {
        status: response.statusCode,
        headers,
        body: Buffer.concat(chunks),
        etag: typeof etag === 'string' ? etag : undefined,
        keptUntil: this.now() + this.freshMs,
      });
    });
  }
}

/**
 * The process's page cache, or null when `PAGE_CACHE=off`. On globalThis: the server's hook (instrumentation) and the
 * route handlers that forget it are bundled apart.
 */
const realm = globalThis as unknown as { roadPageCache?: PageCache | null };
export const processPageCache = (): PageCache | null =>
  (realm.roadPageCache ??= getConfig().PAGE_CACHE === 'on' ? new PageCache() : null);

/** Forgets this process's kept pages (the catalog changed). */
export const forgetKeptPages = (): void => realm.roadPageCache?.forgetAll();
