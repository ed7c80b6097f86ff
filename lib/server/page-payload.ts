import { createHash } from 'node:crypto';
import type http from 'node:http';
import { needsNoncePolicy } from '@/lib/security/headers.mjs';
import { compressOnce } from './response-compression';
import { toBuffer, writeArguments, type End, type Write } from './response-writes';
import { isPrivateArea, PUBLIC_PAGE_CACHE_CONTROL, sharedCacheControl } from './shared-cache';

/**
 * A public page too large for TCP's first window sends its payload for React beside its document, not inside it
 * (docs/decisions/0040-a-page-payload-beside-its-document.md).
 *
 * Next writes the payload React hydrates a page from (its element tree as the server rendered it: the layout's
 * header, footer and cookie notice with their texts, the metadata, the not-found view) into the HTML as inline
 * `self.__next_f.push(…)` scripts, after the content. They are a fifth of a page's compressed bytes, and a phone
 * paints nothing before the document's last byte has arrived in practice: TCP's first window carries about 14.6 KB,
 * and a page over it waits a round trip more for its first paint. The privacy policy is 16.6 KB with its payload and
 * 14.1 KB without.
 *
 * So a public page that would not fit the first window with its payload names its payload instead, as one deferred
 * script at the page's own address with {@link PAYLOAD_QUERY} in place of the first inline one; the server answers
 * that address with the same page's payload scripts as JavaScript. The page's own scripts are preloaded where their
 * tags were and started by the payload's last line ({@link startScripts}), so that Next's runtime always finds the
 * payload whole. They load together, as before: hydration waits for the payload as it waits for them. A page that
 * fits the window keeps its payload inline: a request more would cost it more than it saves (Lighthouse's LCP, which
 * counts every request made before the largest paint, grew by about 100 ms on pages that gained nothing).
 *
 * Only the pages a shared cache may keep ({@link PUBLIC_PAGE_CACHE_CONTROL}: Next's prerendered pages, the same for
 * every visitor, so the payload asked a moment later describes the same page) with the static policy, which allows
 * the tag; the payload's answer is kept as long as its page by the server's page cache and by nginx. The back-office,
 * the buyer's order and payment pages (a nonce policy), dynamic pages and every error keep Next's inline scripts.
 * Should a page change between its document and its payload (a price changed in that moment, a cache holding one
 * and not the other), React finds the difference when it hydrates and renders the page from the payload.
 */

/**
 * TCP's first congestion window (10 segments of 1 460 bytes) less what a page answer's headers take of it (about
 * 1 040 bytes as Lighthouse counts them): the compressed HTML that arrives in the first round trip.
 */
export const FIRST_WINDOW_BODY_BYTES = 14_600 - 1_100;

/**
 * Which pages go without their payload: those whose HTML, compressed as the server keeps it (brotli 11), is over
 * {@link FIRST_WINDOW_BODY_BYTES}. Measured once per version of a page's HTML, in the thread pool beside the answers:
 * until it is known, the page keeps its payload inline (its first answers, for a moment after each change).
 */
export class PayloadPlacement {
  private readonly apart = new Map<string, boolean | 'measuring'>();

  constructor(
    private readonly limitBytes = FIRST_WINDOW_BODY_BYTES,
    private readonly maxPages = 2000,
  ) {}

  /** Whether the page whose whole HTML is `html` goes without its payload; false until measured. */
  goesApart(html: Buffer): boolean {
    const key = createHash('sha256').update(html).digest('base64url');
    const known = this.apart.get(key);
    if (known === undefined) this.measure(key, html);
    return known === true;
  }

  /** Settles once the measures asked so far are known (for tests). */
  idle(): Promise<void> {
    return this.measuring;
  }

  private measuring: Promise<void> = Promise.resolve();

  private measure(key: string, html: Buffer): void {
    if (this.apart.size >= this.maxPages) this.apart.delete(this.apart.keys().next().value!);
    this.apart.set(key, 'measuring');
    const measured = compressOnce('br', html, true).then(
      (compressed) => {
        // Unless forgotten while it was measured (many pages at once).
        if (this.apart.has(key)) this.apart.set(key, compressed.length > this.limitBytes);
      },
      // Not measured: the page keeps its payload inline, and is measured again on its next answer.
      () => void this.apart.delete(key),
    );
    this.measuring = Promise.all([this.measuring, measured]).then(() => undefined);
  }
}

/** The process's placement, on globalThis: the server's hook and the tests that read it are bundled apart. */
const realm = globalThis as unknown as { roadPayloadPlacement?: PayloadPlacement };
export const processPayloadPlacement = (): PayloadPlacement =>
  (realm.roadPayloadPlacement ??= new PayloadPlacement());

/** The query that asks a page's address for its payload: `/ro/gdpr?payload`. */
export const PAYLOAD_QUERY = 'payload';

/** The payload scripts Next writes into a page: the first one starts the list, each other one adds a part. */
const PAYLOAD_SCRIPT =
  /<script>((?:\(self\.__next_f=self\.__next_f\|\|\[\]\)|self\.__next_f)\.push\([\s\S]*?\))<\/script>/g;
/** The tags Next writes for the scripts a page runs on load, and the preload it adds for its bootstrap script. */
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/chunks\/[\w.-]+\.js)" async=""><\/script>/g;
const CHUNK_PRELOAD =
  /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/chunks\/[\w.-]+\.js)"\/>/g;
const preloadTag = (src: string) => `<link rel="preload" as="script" fetchPriority="low" href="${src}"/>`;

/**
 * Adds the page's scripts, in plain ES5 for every browser the shop serves, once the payload is in `self.__next_f`.
 * Next's runtime reads the payload until `DOMContentLoaded`, or, when it runs after the document was parsed, until
 * the task after its own: a script of the page that ran in the moment between the end of the parsing and the
 * deferred payload would close the payload's stream before the payload came.
 */
const startScripts = (sources: string[]) =>
  `(function(u){for(var i=0;i<u.length;i++){var s=document.createElement('script');s.src=u[i];s.async=true;` +
  `document.head.appendChild(s)}})(${JSON.stringify(sources)});\n`;

export const payloadAddress = (pathname: string) => `${pathname}?${PAYLOAD_QUERY}`;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page's HTML without its payload scripts, a deferred script naming `payloadSrc` where the first one was, and
 * the payload as one script: its parts in their order, then the page's scripts added. Each script tag of the page
 * becomes a preload (as Next preloads its bootstrap script), so that they load as before and run after the payload.
 * Undefined when the HTML has no payload script.
 */
export function takePayloadOut(
  html: string,
  payloadSrc: string,
): { document: string; payload: string } | undefined {
  const parts = [...html.matchAll(PAYLOAD_SCRIPT)];
  if (parts.length === 0) return undefined;
  const preloaded = new Set([...html.matchAll(CHUNK_PRELOAD)].map((match) => match[1]!));
  const scripts = [...html.matchAll(CHUNK_SCRIPT)].map((match) => match[1]!);
  let first = true;
  const document = html
    .replace(PAYLOAD_SCRIPT, () => {
      if (!first) return '';
      first = false;
      return `<script defer src="${attribute(payloadSrc)}"></script>`;
    })
    .replace(CHUNK_SCRIPT, (_tag, src: string) => (preloaded.has(src) ? '' : preloadTag(src)));
  const payload = `${parts.map((part) => part[1]).join(';\n')};\n`;
  return { document, payload: scripts.length ? payload + startScripts(scripts) : payload };
}

/**
 * Whether `request` asks for a page's payload ({@link payloadAddress}); if so, its address becomes the page's own,
 * so that Next renders (or serves the prerendered copy of) the page whose payload is asked. Call before Next sees it.
 */
export function takePayloadRequest(request: http.IncomingMessage): boolean {
  const url = request.url ?? '';
  const suffix = `?${PAYLOAD_QUERY}`;
  if (!url.endsWith(suffix) || request.method !== 'GET') return false;
  const pathname = url.slice(0, -suffix.length);
  if (!isPagePath(pathname)) return false;
  request.url = pathname;
  return true;
}

/** A page's address whose payload may go beside its document: not the back-office nor the API, no nonce policy. */
const isPagePath = (pathname: string) =>
  pathname.startsWith('/') &&
  !pathname.includes('?') &&
  !pathname.startsWith('/_next/') &&
  !isPrivateArea(pathname) &&
  !needsNoncePolicy(pathname);

/**
 * The headers of a page's answer that describe the page itself, or how to keep it (not the security headers, whose
 * `Content-Security-Policy` also starts with `content-`).
 */
const PAGE_HEADER =
  /^(etag|last-modified|link|location|refresh|set-cookie|content-(?:type|length|encoding|language|location|disposition)|x-nextjs-[\w-]+)$/i;

/** Whether an answer is an HTML document, by the `Content-Type` it carries so far. */
export const isHtmlAnswer = (response: http.ServerResponse) =>
  /^\s*text\/html\s*(?:;|$)/i.test(String(response.getHeader('content-type') ?? ''));

/** Whether an answer about to be written is a page a shared cache may keep, as Next left its head. */
function isSharedPage(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if (response.statusCode !== 200 || response.headersSent || response.hasHeader('content-encoding'))
    return false;
  if (!isHtmlAnswer(response)) return false;
  const cacheControl = response.getHeader('cache-control');
  const shared =
    sharedCacheControl({
      pathname: (request.url ?? '/').split('?')[0]!,
      cacheControl: cacheControl === undefined ? undefined : String(cacheControl),
      setsCookie: response.hasHeader('set-cookie'),
      fromStaff: Boolean(request.headers.authorization),
    }) ?? cacheControl;
  return shared === PUBLIC_PAGE_CACHE_CONTROL;
}

/**
 * Sends `response`'s page with its payload beside it ({@link takePayloadOut}) when `placement` says it goes apart:
 * the document, or, for a request {@link takePayloadRequest} took (`payloadOnly`), the payload as JavaScript. Wrap it
 * after the compression (lib/server/response-compression.ts), so that it runs first and the compression and the page
 * cache see the bytes sent. A page a shared cache may keep is held whole (Next's prerendered pages come in one piece;
 * one rendered on demand is sent when its render ends), its `Content-Length` set to the bytes sent. Any other answer
 * passes as it is, but a payload asked of an address that has none, which is answered 404.
 */
export function sendPayloadBesideDocument(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  payloadOnly: boolean,
  placement: PayloadPlacement = processPayloadPlacement(),
): void {
  if (request.method !== 'GET') return;
  const pathname = (request.url ?? '/').split('?')[0]!;
  if (!isPagePath(pathname)) return;
  const write = response.write as unknown as Write;
  const end = response.end as unknown as End;
  let state: 'undecided' | 'holding' | 'passing' = 'undecided';
  const held: Buffer[] = [];
  const decide = (answer: http.ServerResponse) => {
    if (state === 'undecided') state = isSharedPage(request, answer) ? 'holding' : 'passing';
    return state;
  };
  const noPayload = (answer: http.ServerResponse, callback: (() => void) | undefined) => {
    // What described the page goes with it; the security headers and the request id stay.
    for (const name of answer.getHeaderNames()) if (PAGE_HEADER.test(name)) answer.removeHeader(name);
    answer.statusCode = 404;
    answer.setHeader('Cache-Control', 'no-store');
    answer.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    answer.setHeader('Content-Length', 0);
    return end.call(answer, undefined, callback);
  };

  response.write = function (this: http.ServerResponse, ...args: unknown[]) {
    if (decide(this) === 'passing') {
      // A payload asked of a page that has none goes without the page: its body is dropped, its end answers 404.
      if (payloadOnly && !this.headersSent) {
        writeArguments(args).callback?.();
        return true;
      }
      return write.apply(this, args);
    }
    const { chunk, encoding, callback } = writeArguments(args);
    if (chunk !== undefined && chunk !== null) held.push(toBuffer(chunk, encoding));
    callback?.();
    return true;
  } as typeof response.write;

  response.end = function (this: http.ServerResponse, ...args: unknown[]) {
    const { chunk, encoding, callback } = writeArguments(args);
    if (decide(this) === 'passing') {
      if (payloadOnly && !this.headersSent && this.statusCode !== 304) return noPayload(this, callback);
      return end.apply(this, args);
    }
    if (chunk !== undefined && chunk !== null) held.push(toBuffer(chunk, encoding));
    const bytes = Buffer.concat(held);
    const keptWhole = () => {
      if (this.hasHeader('content-length')) this.setHeader('Content-Length', bytes.length);
      return end.call(this, bytes, callback);
    };
    // The payload is always answered when asked: the document that named it may be a moment older than this answer.
    if (!payloadOnly && !placement.goesApart(bytes)) return keptWhole();
    const parts = takePayloadOut(bytes.toString('utf8'), payloadAddress(pathname));
    if (!parts) return payloadOnly ? noPayload(this, callback) : keptWhole();
    const body = Buffer.from(payloadOnly ? parts.payload : parts.document);
    if (payloadOnly) this.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    this.setHeader('Content-Length', body.length);
    return end.call(this, body, callback);
  } as typeof response.end;
}
