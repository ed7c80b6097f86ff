import { createHash } from 'node:crypto';
import type http from 'node:http';
import zlib from 'node:zlib';
import { toBuffer, writeArguments, type End, type Write } from './response-writes';

/**
 * The server's own compression of its answers (docs/decisions/0028-server-compresses-with-brotli.md): brotli for a
 * client that accepts it, gzip for one that accepts only that, the plain bytes otherwise. Next's own compression
 * (`compress` in next.config.mjs, off) only gzips.
 *
 * - Only text the client will read as such is compressed ({@link isCompressibleType}), from {@link
 *   COMPRESSION.thresholdBytes} up (or of unknown length), never an answer already encoded, a HEAD, a 1xx, 204, 206
 *   or 304, nor one that says `no-transform`. Every compressible answer says `Vary: Accept-Encoding`, so a cache in
 *   front (nginx, a CDN) keeps one copy per encoding and never hands brotli to a client that did not ask for it.
 * - A streamed answer (Next's dynamic pages) is compressed as it goes at a fast quality, and each `res.flush()` Next
 *   calls after a chunk flushes the compressor: the first bytes of a page never wait for its end.
 * - An answer a cache may keep (`public`, `s-maxage` or `immutable`) of known length is the same bytes for many
 *   visitors: Next's prerendered pages, its RSC payloads, the `/_next/static` files. Its compressed copy is kept in
 *   memory by the hash of its bytes, made once at the best quality in the background while the first visitors get
 *   the fast one; later visitors get the kept copy without compressing anything.
 */

export type ContentEncoding = 'br' | 'gzip' | 'identity';

export const COMPRESSION = {
  /** Smaller answers fit one packet anyway; compressing them costs more than it saves. */
  thresholdBytes: 1024,
  /** Streamed and first-time answers: brotli 5 is about as fast as gzip 6 and a quarter smaller on the pages. */
  fastBrotliQuality: 5,
  fastGzipLevel: zlib.constants.Z_DEFAULT_COMPRESSION,
  /** Kept copies, compressed once per version of the bytes. */
  keptBrotliQuality: 11,
  keptGzipLevel: 9,
  /** The kept copies' total size: every page in four languages in two encodings, and every static file, fit. */
  maxKeptBytes: 64 * 1024 * 1024,
  /** An answer larger than this is compressed as it streams, never held whole. */
  maxKeptAnswerBytes: 4 * 1024 * 1024,
} as const;

/** The encodings the server sends, in its order of preference when a client weighs them alike. */
const SERVED: readonly Exclude<ContentEncoding, 'identity'>[] = ['br', 'gzip'];

/**
 * The encoding to answer with, from a request's `Accept-Encoding` (RFC 9110 §12.5.3): the served encoding the client
 * weighs highest (`q`, 1 when not given; `*` for any encoding not named; `x-gzip` is gzip), brotli before gzip when
 * weighed alike; the plain bytes when it accepts neither, gives none, or weighs `identity` higher.
 */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const offer of header.split(',')) {
    const [name, ...parameters] = offer.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(
      name === 'x-gzip' ? 'gzip' : name,
      Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0,
    );
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  let chosen: ContentEncoding = 'identity';
  let chosenWeight = weights.get('identity') ?? 0;
  for (const encoding of SERVED) {
    if (weightOf(encoding) > chosenWeight) {
      chosen = encoding;
      chosenWeight = weightOf(encoding);
    }
  }
  return chosen;
}

const COMPRESSIBLE_TYPE =
  /^\s*(?:text\/(?!event-stream)[\w.+-]+|application\/(?:javascript|x-javascript|ecmascript|json|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

/**
 * Whether an answer of this `Content-Type` is compressed: HTML, CSS, JavaScript, Next's RSC payloads
 * (`text/x-component`), JSON, XML, SVG and plain text. Not server-sent events (each event must leave at once), nor
 * images, fonts, PDFs and archives, which are compressed already.
 */
export const isCompressibleType = (contentType: unknown): boolean =>
  typeof contentType === 'string' && COMPRESSIBLE_TYPE.test(contentType);

/** Whether a cache may keep the answer, so that the same bytes go to many visitors. */
const SHARED_ANSWER = /(?:^|[\s,])(?:public|s-maxage=|immutable)/i;
const PRIVATE_ANSWER = /(?:^|[\s,])(?:private|no-store)/i;
const NO_TRANSFORM = /(?:^|[\s,])no-transform(?:$|[\s,])/i;

function appendVary(response: http.ServerResponse, name: string): void {
  const current = response.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === name.toLowerCase())) return;
  response.setHeader('Vary', [...values, name].join(', '));
}

function compressor(encoding: Exclude<ContentEncoding, 'identity'>, sizeHint: number | undefined) {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.fastBrotliQuality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          ...(sizeHint ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
        },
      })
    : zlib.createGzip({ level: COMPRESSION.fastGzipLevel });
}

/** `body` compressed in `encoding` in the thread pool, at the quality of a kept copy (`best`) or of a first answer. */
export const compressOnce = (encoding: Exclude<ContentEncoding, 'identity'>, body: Buffer, best: boolean) =>
  new Promise<Buffer>((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'gzip')
      zlib.gzip(body, { level: best ? COMPRESSION.keptGzipLevel : COMPRESSION.fastGzipLevel }, done);
    else
      zlib.brotliCompress(
        body,
        {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: best
              ? COMPRESSION.keptBrotliQuality
              : COMPRESSION.fastBrotliQuality,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      );
  });

/** A 1xx, 204 or 304 has no body at all. */
const hasBody = (status: number) => status >= 200 && status !== 204 && status !== 304;

export class ResponseCompression {
  private readonly kept = new Map<string, Buffer>();
  private keptBytes = 0;
  private readonly compressing = new Set<string>();
  /** One best-quality compression at a time: it runs beside the answers, never ahead of them. */
  private queue: Promise<void> = Promise.resolve();

  /** How many compressed copies are kept, and their bytes. */
  get keptCopies(): { count: number; bytes: number } {
    return { count: this.kept.size, bytes: this.keptBytes };
  }

  /** Settles once every best-quality compression asked so far is kept (for tests). */
  idle(): Promise<void> {
    return this.queue;
  }

  /**
   * Compresses `response` as its head is written, in the encoding `request` accepts, when its answer is one to
   * compress. Wrap it before any wrapper of `writeHead` that sets headers (they then run first, and this sees the
   * final status and headers), and after any wrapper of `write`/`end` that wants the bytes as sent.
   */
  compress(request: http.IncomingMessage, response: http.ServerResponse): void {
    const accepted = negotiateEncoding(request.headers['accept-encoding']);
    const write = response.write as unknown as Write;
    const end = response.end as unknown as End;
    const writeHead = response.writeHead as (
      this: http.ServerResponse,
      ...args: unknown[]
    ) => http.ServerResponse;
    // Set by `end` when it is called before the head: the whole body in one piece, so its length is known.
    let pendingLength: number | undefined;
    let mode: 'plain' | 'stream' | 'whole' = 'plain';
    let encoding: Exclude<ContentEncoding, 'identity'> = 'gzip';
    let stream: zlib.Gzip | zlib.BrotliCompress | undefined;
    const held: Buffer[] = [];
    const choose = this.choose.bind(this);
    const startStream = this.stream.bind(this);
    const sendWhole = this.sendWhole.bind(this);
    const mayCompress = (answer: http.ServerResponse) =>
      accepted !== 'identity' &&
      request.method !== 'HEAD' &&
      isCompressibleType(answer.getHeader('content-type'));

    response.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
      // Headers given to writeHead itself are set first, so that the decision sees them.
      const headers = args.find((arg, index) => index > 0 && arg && typeof arg === 'object');
      if (headers && !Array.isArray(headers)) {
        for (const [name, value] of Object.entries(headers))
          if (value !== undefined) this.setHeader(name, value);
        args = args.filter((arg) => arg !== headers);
      }
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
      if (isCompressibleType(this.getHeader('content-type'))) {
        appendVary(this, 'Accept-Encoding');
        const chosen = choose(request, this, status, accepted, pendingLength);
        if (chosen !== 'plain') {
          mode = chosen.mode;
          encoding = chosen.encoding;
          this.setHeader('Content-Encoding', encoding);
          this.removeHeader('Content-Length');
          this.removeHeader('Accept-Ranges');
          if (mode === 'stream') stream = startStream(this, write, end, encoding, chosen.length);
        } else if (pendingLength !== undefined && !this.hasHeader('content-length') && hasBody(status)) {
          // Written by `end` above, in place of Node's implicit head, which would have said the length.
          this.setHeader('Content-Length', pendingLength);
        }
      }
      return writeHead.apply(this, args);
    } as typeof response.writeHead;

    response.write = function (this: http.ServerResponse, ...args: unknown[]) {
      if (!this.headersSent) this.writeHead(this.statusCode);
      if (mode === 'plain') return write.apply(this, args);
      const { chunk, encoding: charset, callback } = writeArguments(args);
      if (chunk === undefined || chunk === null) {
        callback?.();
        return true;
      }
      if (mode === 'whole') {
        held.push(toBuffer(chunk, charset));
        callback?.();
        return true;
      }
      return stream!.write(toBuffer(chunk, charset), callback);
    } as typeof response.write;

    let ended = false;
    response.end = function (this: http.ServerResponse, ...args: unknown[]) {
      // A second `end` (a handler that ends an answer already ended) must not send the held body twice.
      if (ended && mode !== 'plain') return this;
      ended = true;
      const { chunk, encoding: charset, callback } = writeArguments(args);
      // The head is written here, not by Node's `end`, only when the answer may be compressed: the body is then
      // known whole, and its length decides. Any other answer's head is Node's, with its own Content-Length.
      if (!this.headersSent && mayCompress(this)) {
        if (!this.hasHeader('content-length'))
          pendingLength = chunk === undefined || chunk === null ? 0 : toBuffer(chunk, charset).length;
        this.writeHead(this.statusCode);
      }
      if (mode === 'plain') return end.apply(this, args);
      if (chunk !== undefined && chunk !== null) {
        if (mode === 'whole') held.push(toBuffer(chunk, charset));
        else stream!.write(toBuffer(chunk, charset));
      }
      if (mode === 'whole') sendWhole(this, write, end, encoding, Buffer.concat(held), callback);
      else {
        if (callback) this.once('finish', callback);
        stream!.end();
      }
      return this;
    } as typeof response.end;

    // Next calls this after each chunk of a streamed page, so that the chunk leaves now and not when the compressor's
    // window fills. A sync flush keeps what the compressor learnt (a full flush would forget it).
    (response as http.ServerResponse & { flush?: () => void }).flush = () => {
      if (mode !== 'stream' || !stream) return;
      stream.flush(encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH);
    };
  }

  /** How to send an answer whose head is being written: plain, compressed as it streams, or held whole. */
  private choose(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    status: number,
    accepted: ContentEncoding,
    pendingLength: number | undefined,
  ):
    | 'plain'
    | {
        mode: 'stream' | 'whole';
        encoding: Exclude<ContentEncoding, 'identity'>;
        length: number | undefined;
      } {
    if (accepted === 'identity' || request.method === 'HEAD') return 'plain';
    if (!hasBody(status) || status === 206) return 'plain';
    if (response.hasHeader('content-encoding')) return 'plain';
    const cacheControl = String(response.getHeader('cache-control') ?? '');
    if (NO_TRANSFORM.test(cacheControl)) return 'plain';
    const declared = response.getHeader('content-length');
    const length = declared === undefined ? pendingLength : Number(declared);
    if (length !== undefined && length < COMPRESSION.thresholdBytes) return 'plain';
    const shared = status === 200 && SHARED_ANSWER.test(cacheControl) && !PRIVATE_ANSWER.test(cacheControl);
    const whole = shared && length !== undefined && length <= COMPRESSION.maxKeptAnswerBytes;
    return { mode: whole ? 'whole' : 'stream', encoding: accepted, length };
  }

  /** A compressor whose output goes to the response, paused while the connection is full. */
  private stream(
    response: http.ServerResponse,
    write: Write,
    end: End,
    encoding: Exclude<ContentEncoding, 'identity'>,
    sizeHint: number | undefined,
  ) {
    const stream = compressor(encoding, sizeHint);
    stream.on('data', (chunk: Buffer) => {
      if (!write.call(response, chunk)) stream.pause();
    });
    response.on('drain', () => stream.resume());
    // A writer waiting for the response's `drain` (Next's streaming, a piped file) waits for the compressor's.
    stream.on('drain', () => response.emit('drain'));
    stream.on('end', () => end.call(response));
    stream.on('error', (error) => response.destroy(error));
    // A client gone before the end: the compressor's memory goes with it.
    response.once('close', () => {
      if (!response.writableFinished) stream.destroy();
    });
    return stream;
  }

  /**
   * Sends a body a cache may keep: its kept copy when there is one; else compressed now at the fast quality, while
   * the best quality is made for the visitors after.
   */
  private sendWhole(
    response: http.ServerResponse,
    write: Write,
    end: End,
    encoding: Exclude<ContentEncoding, 'identity'>,
    body: Buffer,
    callback: (() => void) | undefined,
  ): void {
    const key = `${encoding} ${createHash('sha256').update(body).digest('base64url')}`;
    const send = (compressed: Buffer) => {
      if (response.destroyed) return;
      write.call(response, compressed);
      end.call(response, callback);
    };
    const kept = this.kept.get(key);
    if (kept) return send(kept);
    compressOnce(encoding, body, false).then(send, (error: Error) => response.destroy(error));
    this.keepBest(key, encoding, body);
  }

  private keepBest(key: string, encoding: Exclude<ContentEncoding, 'identity'>, body: Buffer): void {
    if (this.compressing.has(key)) return;
    this.compressing.add(key);
    this.queue = this.queue
      .then(() => compressOnce(encoding, body, true))
      .then((compressed) => {
        while (this.kept.size > 0 && this.keptBytes + compressed.length > COMPRESSION.maxKeptBytes) {
          const [oldest, copy] = this.kept.entries().next().value!;
          this.kept.delete(oldest);
          this.keptBytes -= copy.length;
        }
        this.kept.set(key, compressed);
        this.keptBytes += compressed.length;
      })
      .catch(() => undefined)
      .finally(() => this.compressing.delete(key));
  }
}

/** The process's compression, on globalThis like the page cache: one set of kept copies however it is bundled. */
const realm = globalThis as unknown as { roadResponseCompression?: ResponseCompression };
export const processResponseCompression = (): ResponseCompression =>
  (realm.roadResponseCompression ??= new ResponseCompression());
