/**
 * The National Bank of Romania's (BNR) reference-rate XML feed, read for the one rate the shop needs: forints per
 * leu. Framework-free: no Next.js, no database, no logger; the caller decides what to do with a failure.
 *
 * The document (schema nbrfxrates.xsd) looks like this:
 *
 *   <DataSet xmlns="https://www.bnr.ro/xsd" xmlns:xsi="..." xsi:schemaLocation="https://curs.bnr.ro/xsd/nbrfxrates.xsd">
 *     <Header><Publisher>National Bank of Romania</Publisher><PublishingDate>2026-11-20</PublishingDate>
 *       <MessageType>DR</MessageType></Header>
 *     <Body><Subject>Reference rates</Subject><OrigCurrency>RON</OrigCurrency>
 *       <Cube date="2026-11-20">
 *         <Rate currency="EUR">5.0812</Rate>
 *         <Rate currency="HUF" multiplier="100">1.3010</Rate>   (lei per 100 forints)
 *         ...
 *       </Cube>
 *     </Body>
 *   </DataSet>
 *
 * - Every rate is lei per `multiplier` units of the currency; `multiplier` is absent (meaning 1) for most currencies
 *   and 100 for HUF, ISK, JPY and KRW.
 * - The daily file has one Cube; nbrfxrates10days.xml and the year files have many, and their order is not
 *   something to rely on, so the latest is chosen by its date.
 * - The namespace is not fixed: BNR published `http://www.bnr.ro/xsd` for years and `https://www.bnr.ro/xsd` since
 *   its August 2026 site relaunch (the year archives up to 2025 still carry the old one). Elements are therefore
 *   matched by local name, whatever the namespace or prefix.
 * - Since 2026-08-04 the feeds live on curs.bnr.ro. The old address https://www.bnr.ro/nbrfxrates.xml answers
 *   200 with the HTML home page, so "200 OK" proves nothing: the body must parse as a DataSet or it is NOT_XML.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';

/** Where BNR publishes the daily file since August 2026 (the www.bnr.ro address now serves the home page). */
export const BNR_DAILY_FEED_URL = 'https://curs.bnr.ro/nbrfxrates.xml';

export interface BnrRate {
  /** YYYY-MM-DD: the Cube's date, the banking day the rate was set on. */
  date: string;
  /** Forints per leu, rounded to 6 decimals. */
  ron2huf: number;
  /** Lei per 100 forints, as published (BNR quotes HUF per 100). */
  ronPer100Huf: number;
}

export type BnrFeedReason = 'NOT_XML' | 'NO_CUBE' | 'NO_HUF' | 'BAD_VALUE';

/** The feed's body is not a usable BNR rate document. */
export class BnrFeedError extends Error {
  readonly reason: BnrFeedReason;

  constructor(reason: BnrFeedReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BnrFeedError';
    this.reason = reason;
  }
}

export type BnrFetchReason = 'HTTP_STATUS' | 'TIMEOUT' | 'NETWORK';

/** The feed could not be fetched: a non-2xx answer (with its `status`), a timeout, or a network failure. */
export class BnrFetchError extends Error {
  readonly reason: BnrFetchReason;
  readonly url: string;
  readonly status?: number;

  constructor(
    reason: BnrFetchReason,
    url: string,
    message: string,
    options?: { status?: number; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BnrFetchError';
    this.reason = reason;
    this.url = url;
    if (options?.status !== undefined) this.status = options.status;
  }
}

/** The largest real file (a year archive) is about 230 KB; anything far beyond that is not a rate document. */
const MAX_DOCUMENT_CHARS = 5_000_000;

const TEXT = '#text';
const ATTR = '@_';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  textNodeName: TEXT,
  removeNSPrefix: true,
  // Numbers are validated here, strictly, not guessed by the parser ("1.3010" must not become anything else).
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  alwaysCreateTextNode: true,
  // The feed has no entities; do not expand any (no DOCTYPE games).
  processEntities: false,
  htmlEntities: false,
  isArray: (tagName) => tagName === 'Cube' || tagName === 'Rate',
});

/** Attributes and text arrive as strings (or are absent); anything else in the shape is ignored. */
const rateSchema = z.object({
  [TEXT]: z.string().optional(),
  [`${ATTR}currency`]: z.string().optional(),
  [`${ATTR}multiplier`]: z.string().optional(),
});

const cubeSchema = z.object({
  [`${ATTR}date`]: z.string().optional(),
  Rate: z.array(z.unknown()).optional(),
});

const documentSchema = z.object({
  DataSet: z.object({
    Body: z
      .object({
        OrigCurrency: z.object({ [TEXT]: z.string().optional() }).optional(),
        Cube: z.array(z.unknown()).optional(),
      })
      .optional(),
  }),
});

/** BNR's XSD restricts rates to plain decimals: digits, optionally a point and more digits. */
const DECIMAL = /^\d+(?:\.\d+)?$/;
const INTEGER = /^\d+$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.toISOString().slice(0, 10) === value;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * Reads a BNR rate document (the daily file, the 10-day file or a year file) and returns the HUF rate of its latest
 * Cube. Throws BnrFeedError: NOT_XML (not well-formed, or not a DataSet), NO_CUBE, NO_HUF (the latest Cube has no
 * HUF rate), BAD_VALUE (a Cube date, rate or multiplier that is not a positive number, or a base other than RON).
 */
export function parseBnrFeed(xml: string): BnrRate {
  if (typeof xml !== 'string' || xml.trim() === '') {
    throw new BnrFeedError('NOT_XML', 'The BNR feed is empty');
  }
  if (xml.length > MAX_DOCUMENT_CHARS) {
    throw new BnrFeedError(
      'NOT_XML',
      `The BNR feed is ${xml.length} characters long, too large to be a rate file`,
    );
  }
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    throw new BnrFeedError(
      'NOT_XML',
      `The BNR feed is not well-formed XML: ${validation.err.msg} (line ${validation.err.line})`,
    );
  }

  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch (error) {
    throw new BnrFeedError('NOT_XML', 'The BNR feed could not be parsed as XML', { cause: error });
  }

  const document = documentSchema.safeParse(parsed);
  if (!document.success) {
    throw new BnrFeedError('NOT_XML', 'The BNR feed is XML but not a BNR DataSet document');
  }
  const body = document.data.DataSet.Body;

  const base = body?.OrigCurrency?.[TEXT]?.trim();
  if (base !== undefined && base !== '' && base.toUpperCase() !== 'RON') {
    throw new BnrFeedError('BAD_VALUE', `The BNR feed quotes against ${base}, not RON`);
  }

  const cubes = (body?.Cube ?? []).map((raw) => {
    const cube = cubeSchema.safeParse(raw);
    const date = cube.success ? cube.data[`${ATTR}date`]?.trim() : undefined;
    if (!cube.success || date === undefined || !isCalendarDay(date)) {
      throw new BnrFeedError('BAD_VALUE', `A Cube of the BNR feed has no valid date (${String(date)})`);
    }
    return { date, rates: cube.data.Rate ?? [] };
  });
  if (cubes.length === 0) {
    throw new BnrFeedError('NO_CUBE', 'The BNR feed has no Cube of rates');
  }

  // ISO dates order as strings; the first of equal dates wins (BNR never repeats one).
  const latest = cubes.reduce((best, cube) => (cube.date > best.date ? cube : best));

  const hufRates = latest.rates.flatMap((raw) => {
    const rate = rateSchema.safeParse(raw);
    return rate.success && rate.data[`${ATTR}currency`]?.trim().toUpperCase() === 'HUF' ? [rate.data] : [];
  });
  if (hufRates.length === 0) {
    throw new BnrFeedError('NO_HUF', `The BNR feed's Cube of ${latest.date} has no HUF rate`);
  }
  if (hufRates.length > 1) {
    throw new BnrFeedError(
      'BAD_VALUE',
      `The BNR feed's Cube of ${latest.date} has ${hufRates.length} HUF rates`,
    );
  }
  const huf = hufRates[0]!;

  const text = huf[TEXT]?.trim() ?? '';
  const value = Number(text);
  if (!DECIMAL.test(text) || !Number.isFinite(value) || value <= 0) {
    throw new BnrFeedError(
      'BAD_VALUE',
      `The BNR HUF rate of ${latest.date} is not a positive number: "${text}"`,
    );
  }

  const multiplierText = huf[`${ATTR}multiplier`]?.trim();
  const multiplier = multiplierText === undefined ? 1 : Number(multiplierText);
  if (
    multiplierText !== undefined &&
    (!INTEGER.test(multiplierText) || !Number.isSafeInteger(multiplier) || multiplier <= 0)
  ) {
    throw new BnrFeedError(
      'BAD_VALUE',
      `The BNR HUF multiplier of ${latest.date} is not a positive integer: "${multiplierText}"`,
    );
  }

  const ron2huf = round(multiplier / value, 6);
  if (!Number.isFinite(ron2huf) || ron2huf <= 0) {
    throw new BnrFeedError(
      'BAD_VALUE',
      `The BNR HUF rate of ${latest.date} gives no usable conversion: "${text}"`,
    );
  }

  return {
    date: latest.date,
    ron2huf,
    // BNR publishes HUF per 100, so this is the published number itself; any other multiplier is rescaled.
    ronPer100Huf: multiplier === 100 ? value : round((value * 100) / multiplier, 10),
  };
}

/** Settles with `promise`, or rejects with the signal's reason as soon as it aborts (even if `promise` never does). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function isTimeout(error: unknown, signal: AbortSignal): boolean {
  return (
    signal.aborted ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  );
}

/**
 * GETs the feed at `url` and parses it. The whole exchange (headers and body) must finish within `timeoutMs`, even
 * against a server, or an injected fetch, that ignores the abort signal. Throws BnrFetchError for a non-2xx answer
 * (with `status`), a timeout or a network failure, and BnrFeedError when the body is not a usable rate document.
 */
export async function fetchBnrRate(
  url: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 10_000,
): Promise<BnrRate> {
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = (error: unknown) =>
    new BnrFetchError('TIMEOUT', url, `The BNR feed at ${url} did not answer within ${timeoutMs} ms`, {
      cause: error,
    });

  let response: Response;
  try {
    response = await untilAborted(
      fetchImpl(url, {
        method: 'GET',
        headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
        redirect: 'follow',
        signal,
      }),
      signal,
    );
  } catch (error) {
    if (isTimeout(error, signal)) throw timedOut(error);
    throw new BnrFetchError('NETWORK', url, `The BNR feed at ${url} could not be fetched: ${String(error)}`, {
      cause: error,
    });
  }

  if (!response.ok) {
    // Release the connection; the body of an error page is of no use.
    void response.body?.cancel().catch(() => undefined);
    throw new BnrFetchError('HTTP_STATUS', url, `The BNR feed at ${url} answered HTTP ${response.status}`, {
      status: response.status,
    });
  }

  let body: string;
  try {
    body = await untilAborted(response.text(), signal);
  } catch (error) {
    if (isTimeout(error, signal)) throw timedOut(error);
    throw new BnrFetchError(
      'NETWORK',
      url,
      `The BNR feed at ${url} broke off while being read: ${String(error)}`,
      {
        cause: error,
      },
    );
  }

  return parseBnrFeed(body);
}
