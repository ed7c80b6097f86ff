import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { locales } from '@/lib/i18n/routing';
import { routeFiles } from '../../support/api-route-files';
import { XSRF_HEADERS } from './xsrf';

/**
 * Generated bad requests for the fuzz test (tests/e2e/fuzz.spec.ts) and its larger run (bench/fuzz.ts): malformed
 * paths, query strings, bodies, content types, methods and headers, built with fast-check from a fixed seed so
 * that a failure comes back the same, shrunk to its smallest form. The routes are read from the app folder, so a
 * new route is fuzzed without being listed.
 */

export const FUZZ_SEED = 20261124;
/** Requests sent at once, so that the run is bounded on two cores without hiding a slow answer behind a queue. */
export const BATCH = 6;
/** The issue's bound for any answer; a request is abandoned (and counted as a hang) well after it. */
export const MAX_ANSWER_MS = 2_000;
const ABANDON_MS = 10_000;

/** `FUZZ_RUNS_SCALE` multiplies the counts: 1 in `npm test` (10 000 API and 1 000 page requests), 10 in the bench. */
export function fuzzCounts(scale = Number(process.env.FUZZ_RUNS_SCALE ?? 1)) {
  return { api: Math.ceil(10_000 * scale), pages: Math.ceil(1_000 * scale) };
}

export interface FuzzRequest {
  method: string;
  /** Path and query as sent, already percent-encoded (or deliberately not). */
  target: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

// -------------------------------------------------------------------------------------------------------------
// Text, segments and query strings
// -------------------------------------------------------------------------------------------------------------

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
/** Characters that have broken web shops: NUL, surrogate halves, separators, direction marks, combining marks. */
const nastyUnit = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\u0000',
      '\uD800',
      '\uDBFF',
      '\uDC00',
      '\uDFFF',
      '%',
      '/',
      '?',
      '#',
      '.',
      '\\',
      '"',
      "'",
      '<',
      '>',
      '&',
      '=',
      '+',
      ';',
      ' ',
      '\n',
      '\r',
      '\t',
      '\u202E',
      '\uFEFF',
      '\u0301',
      'ț',
      'ő',
      '€',
      '🚗',
      '\u{10FFFF}',
    ),
  },
  { weight: 4, arbitrary: printable },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) },
);
export const nastyText = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: nastyUnit, maxLength: 24 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'null',
      'NaN',
      '-1',
      '0',
      '1e309',
      '9'.repeat(400),
      'A'.repeat(22),
      '\u0000'.repeat(22),
      'true',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '%00',
      '2026-02-30',
      'ro',
      'admin',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 5_000 }).map((length) => 'x'.repeat(length)) },
);

/**
 * Percent-encodes text for a URL the way a careless client does: a lone surrogate becomes the three bytes it would
 * have if it were a character (`%ED%A0%80`), which are not UTF-8 — the form of the issue's 500s.
 */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char);
  }
  return out;
}

const brokenEscapes = fc.constantFrom(
  '%',
  '%Z',
  '%ZZ',
  '%E0%A4%A',
  '%C0%80',
  '%FF',
  '%ED%A0%80',
  '%00',
  '%2F',
  '%2e%2e',
  'a%',
  '%%',
  '%u0000',
  'x.json',
  'x.png',
  '.well-known',
  'A'.repeat(22),
  'AAAAAAAAAAAAAAAAAAAA%00',
  '%F0%9F%9A',
);
export const segment = fc.oneof(
  { weight: 5, arbitrary: nastyText.map(encodeText) },
  { weight: 3, arbitrary: brokenEscapes },
  { weight: 1, arbitrary: fc.integer({ min: 2_000, max: 20_000 }).map((length) => 'a'.repeat(length)) },
);

const QUERY_KEYS = [
  'orderId',
  'id',
  'uuid',
  'username',
  'page',
  'size',
  'q',
  'from',
  'to',
  'status',
  'product',
  'sort',
  'dir',
  'active',
  'ntpId',
  'email',
  'app',
];
export const queryString = fc
  .array(
    fc.tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: segment }),
      segment,
    ),
    { maxLength: 5 },
  )
  .map((pairs) => (pairs.length ? `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}` : ''));

/** A route's address with its dynamic segments filled in, sometimes with more segments or a trailing slash. */
export function pathFor(route: string, locales: fc.Arbitrary<string> = segment) {
  const parts = route.split('/').filter(Boolean);
  return fc
    .tuple(
      fc.tuple(
        ...parts.map((part) =>
          part === '[locale]'
            ? locales
            : /^\[\[?\.\.\./.test(part)
              ? fc.array(segment, { maxLength: 3 }).map((segments) => segments.join('/'))
              : part.startsWith('[')
                ? segment
                : fc.constant(part),
        ),
      ),
      fc.oneof(
        { weight: 6, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constant('/') },
        {
          weight: 1,
          arbitrary: segment.map((extra) => `/${extra}`),
        },
      ),
    )
    .map(([filled, tail]) => `/${filled.filter((part) => part !== '').join('/')}${tail}`);
}

// -------------------------------------------------------------------------------------------------------------
// Bodies, content types, methods, headers
// -------------------------------------------------------------------------------------------------------------

const FIELDS = [
  'items',
  'categoryCode',
  'type',
  'startDate',
  'county',
  'plate',
  'country',
  'email',
  'phone',
  'locale',
  'invoice',
  'kind',
  'name',
  'address',
  'taxId',
  'tradeRegister',
  'street',
  'city',
  'postalCode',
  'acceptTerms',
  'operatorId',
  'productId',
  'username',
  'password',
  'role',
  'uuid',
  'oldPass',
  'newPass',
  'id',
  'active',
  'ntpId',
  'cardNumber',
  'cvv',
  'expiry',
  'code',
  'posID',
  'ntpID',
  'orderID',
  'config',
  'order',
  'payment',
  '__proto__',
  'constructor',
];
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), nastyText), tie('json'), { maxKeys: 5 }),
  ),
}));
const jsonObject = fc.dictionary(fc.constantFrom(...FIELDS), json, { maxKeys: 8 });

interface Body {
  type?: string;
  body?: string | Uint8Array;
}
const withType =
  (type: string) =>
  (body: string | Uint8Array): Body => ({ type, body });

export const body: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 6,
    arbitrary: jsonObject.map((value) => JSON.stringify(value)).map(withType('application/json')),
  },
  {
    weight: 2,
    arbitrary: json.map((value) => JSON.stringify(value) ?? '').map(withType('application/json')),
  },
  { weight: 2, arbitrary: nastyText.map(withType('application/json')) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 50, max: 40_000 })
      .map((depth) => '['.repeat(depth) + ']'.repeat(depth))
      .map(withType('application/json')),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 60_000, max: 300_000 })
      .map((length) => JSON.stringify({ email: 'x'.repeat(length) }))
      .map(withType('application/json')),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map(withType('application/json')) },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELDS), nastyText, { maxKeys: 6 })
      .map((fields) =>
        Object.entries(fields)
          .map(([key, value]) => `${key}=${encodeText(value)}`)
          .join('&'),
      )
      .map(withType('application/x-www-form-urlencoded')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=zz'), nastyText)
      .map(([type, text]) => ({
        type,
        body: `--zz\r\nContent-Disposition: form-data; name="ntpId"\r\n\r\n${text}`,
      })),
  },
  { weight: 1, arbitrary: fc.constant({}) },
);
const contentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/json; charset=latin1',
  'application/jsonx',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  '',
  '*/*',
  'application/json;;;',
);

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const headerText = fc.string({ unit: printable, maxLength: 40 });

const headers = fc.record(
  {
    xsrf: fc.boolean(),
    authorization: fc.oneof(
      fc.constantFrom('Bearer ', 'Bearer x.y.z', 'Basic Zm9vOmJhcg==', 'Bearer eyJhbGciOiJub25lIn0.e30.'),
      headerText.map((text) => `Bearer ${text}`),
    ),
    'idempotency-key': headerText,
    'accept-language': fc.constantFrom('en-US', 'de', '*', 'xx-ZZ;q=2', ''),
    'user-agent': fc.constantFrom('RoadPartnersApp/1.0', 'curl/8', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-address', '::1, 10.0.0.1', ''),
    'x-request-id': headerText,
    'verification-token': headerText,
    /** Past Node's 16 KB header limit, so the server's own refusal (431) is exercised too. */
    padding: fc.integer({ min: 1_000, max: 24_000 }).map((length) => 'p'.repeat(length)),
  },
  { requiredKeys: [] },
);

/** A request to a route, its methods drawn mostly from the ones it has so that the handlers themselves are reached. */
export function requestFor(route: string, methods: readonly string[], locales?: fc.Arbitrary<string>) {
  const method = methods.length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...methods) },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
      )
    : fc.constantFrom(...METHODS);
  return fc
    .record({
      method,
      path: pathFor(route, locales),
      query: fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryString }),
      body,
      otherType: fc.option(contentType, { freq: 5 }),
      headers,
    })
    .map(
      ({
        method,
        path,
        query,
        body: { type, body: content },
        otherType,
        headers: { xsrf, padding, ...rest },
      }): FuzzRequest => {
        const sent: Record<string, string> = { ...rest, ...(xsrf ? XSRF_HEADERS : {}) };
        if (padding) sent['x-padding'] = padding;
        const withBody = method !== 'GET' && method !== 'HEAD' && content !== undefined;
        const sentType = otherType ?? type;
        if (withBody && sentType) sent['content-type'] = sentType;
        return { method, target: `${path}${query}`, headers: sent, ...(withBody ? { body: content } : {}) };
      },
    );
}

// -------------------------------------------------------------------------------------------------------------
// The routes
// -------------------------------------------------------------------------------------------------------------

/** Every API route, read from app/api (the catch-all for unknown addresses included). */
export const apiRoutes = () => routeFiles('api');

export const pageLocale = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...locales) },
  { weight: 1, arbitrary: segment },
);

/**
 * Every page and file a visitor can ask for: the pages under app/ (shop, back-office, sandbox provider), the route
 * handlers outside the API (the dictionaries, the categories file), the metadata routes and the public files.
 */
export function pageRoutes(root = process.cwd()): string[] {
  const appDir = path.join(root, 'app');
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(appDir, 'api')) walk(full);
      } else if (entry.name === 'page.tsx' || entry.name === 'route.ts') {
        pages.push(`/${path.relative(appDir, dir).split(path.sep).join('/')}`);
      }
    }
  };
  walk(appDir);
  const publicFiles: string[] = [];
  const walkPublic = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walkPublic(full);
      else publicFiles.push(`/${path.relative(path.join(root, 'public'), full).split(path.sep).join('/')}`);
    }
  };
  walkPublic(path.join(root, 'public'));
  return [
    ...pages,
    '/robots.txt',
    '/sitemap.xml',
    '/icon.svg',
    '/apple-icon.png',
    '/manifest.webmanifest',
    '/_next/static/[file]',
    ...publicFiles,
  ];
}

/** A request to any of the pages and files, mostly GET (a form post now and then), in a language or not. */
export const pageRequest = (routes = pageRoutes()) =>
  fc.constantFrom(...routes).chain((route) => requestFor(route, ['GET', 'GET', 'GET', 'POST'], pageLocale));

// -------------------------------------------------------------------------------------------------------------
// Sending and judging
// -------------------------------------------------------------------------------------------------------------

export interface Outcome {
  status: number;
  ms: number;
  body: string;
  /** Why no answer came (a hang past the abandon time, a closed connection). */
  failure?: string;
}

export async function send(baseURL: string, request: FuzzRequest): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseURL}${request.target}`, {
      method: request.method,
      headers: request.headers,
      body: request.body as BodyInit | undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(ABANDON_MS),
    });
    const body = await response.text();
    return { status: response.status, ms: performance.now() - started, body };
  } catch (error) {
    return {
      status: 0,
      ms: performance.now() - started,
      body: '',
      failure: `${String(error)} (${String((error as Error).cause ?? '')})`,
    };
  }
}

const NODE_HEADER_LIMIT = 16 * 1024;
const headBytes = ({ method, target, headers }: FuzzRequest) =>
  Object.entries(headers).reduce(
    (sum, [key, value]) => sum + key.length + value.length + 4,
    method.length + target.length + 64,
  );

/** A stack frame or a source path: what an answer must never show. */
const LEAK = /^\s+at \S|\n\s+at \S.*[:(]|\/node_modules\/|\.tsx?:\d|webpack-internal:|\bturbopack:\/\//m;

const isErrorShape = (body: string) => {
  try {
    const { error } = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return typeof error?.code === 'string' && typeof error.message === 'string';
  } catch {
    return false;
  }
};
/** The payment provider's protocol answer (docs/api.md, Payments), which its notification endpoint gives instead. */
const isProviderAnswer = (body: string) => {
  try {
    return typeof (JSON.parse(body) as { errorType?: unknown }).errorType === 'number';
  } catch {
    return false;
  }
};

/**
 * The e-Factura sandbox speaks ANAF's protocol: OAuth 2's error answer (RFC 6749 §5.2: `error`, `error_description`)
 * for a missing or wrong token or grant, and ANAF's XML `<header ... ExecutionStatus="1">` for a refused upload.
 */
const isEfacturaAnswer = (request: FuzzRequest, body: string) => {
  if (!new URL(request.target, 'http://shop').pathname.startsWith('/api/efactura-sandbox/')) return false;
  if (/<header\b[^>]*ExecutionStatus="1"/.test(body)) return true;
  try {
    return typeof (JSON.parse(body) as { error?: unknown }).error === 'string';
  } catch {
    return false;
  }
};

/**
 * The top-up sandbox speaks Reloadly's protocol: its error body (`timeStamp`, `message`, `path`, `errorCode`), which
 * Reloadly's clients read (lib/issuers/reloadly/contract.ts).
 */
const isReloadlyAnswer = (request: FuzzRequest, body: string) => {
  if (!new URL(request.target, 'http://shop').pathname.startsWith('/api/topup-sandbox/')) return false;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errorCode?: unknown };
    return typeof parsed.message === 'string' && 'errorCode' in parsed;
  } catch {
    return false;
  }
};

/**
 * What is wrong with an answer: a 5xx, no answer or one slower than 2 s, a leaked stack trace or source path, and
 * for the API a 4xx that is not in the JSON error shape. Node's own refusals before the shop runs (431 for headers
 * over 16 KB) have no body to judge.
 */
export function problemsOf(request: FuzzRequest, outcome: Outcome, api: boolean): string[] {
  // Node itself refuses a request head over its 16 KB limit before the shop sees it: 431, or a closed connection
  // when the client is still sending.
  if (headBytes(request) > NODE_HEADER_LIMIT && (outcome.status === 431 || outcome.failure)) return [];
  // The answer to a long address repeats it in its headers (a redirect's Location; next-intl's Link header names it
  // once per language), past undici's own 16 KB limit for an answer's head: the client refuses it, not the shop.
  if (outcome.failure?.includes('HeadersOverflowError') && request.target.length > 2_000) return [];
  const problems: string[] = [];
  if (outcome.failure) problems.push(`no answer: ${outcome.failure}`);
  if (outcome.status >= 500) problems.push(`status ${outcome.status}`);
  if (outcome.ms > MAX_ANSWER_MS) problems.push(`answered in ${Math.round(outcome.ms)} ms`);
  if (LEAK.test(outcome.body)) problems.push(`leaks internals: ${LEAK.exec(outcome.body)![0]}`);
  const judged = outcome.status >= 400 && outcome.status < 500 && outcome.status !== 431;
  // HEAD and OPTIONS answers have no body (Next answers OPTIONS itself, with Allow).
  const bodiless = request.method === 'HEAD' || request.method === 'OPTIONS';
  if (
    api &&
    judged &&
    !bodiless &&
    !isErrorShape(outcome.body) &&
    !isProviderAnswer(outcome.body) &&
    !isEfacturaAnswer(request, outcome.body) &&
    !isReloadlyAnswer(request, outcome.body)
  )
    problems.push(`a ${outcome.status} not in the JSON error shape: ${outcome.body.slice(0, 120)}`);
  return problems;
}

/** Latencies and statuses of every request sent, for the bench's report. */
export class FuzzTally {
  readonly latencies: number[] = [];
  readonly statuses = new Map<number, number>();
  fiveHundreds = 0;
  problems: string[] = [];

  record(request: FuzzRequest, outcome: Outcome, problems: string[]) {
    this.latencies.push(outcome.ms);
    this.statuses.set(outcome.status, (this.statuses.get(outcome.status) ?? 0) + 1);
    if (outcome.status >= 500) this.fiveHundreds++;
    if (problems.length && this.problems.length < 20)
      this.problems.push(`${request.method} ${request.target.slice(0, 200)}: ${problems.join('; ')}`);
  }

  percentile(p: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
  }
}

/**
 * Sends `runs` generated requests to one route, BATCH at a time, through fc.assert: the first batch with a problem
 * fails the property and fast-check shrinks it to the smallest request that still shows it.
 */
export async function fuzzRoute(options: {
  baseURL: string;
  arbitrary: fc.Arbitrary<FuzzRequest>;
  runs: number;
  api: boolean;
  tally: FuzzTally;
  seed?: number;
}) {
  const { baseURL, arbitrary, runs, api, tally } = options;
  await fc.assert(
    fc.asyncProperty(fc.array(arbitrary, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const outcomes = await Promise.all(batch.map((request) => send(baseURL, request)));
      const problems = batch.flatMap((request, index) => {
        const found = problemsOf(request, outcomes[index]!, api);
        tally.record(request, outcomes[index]!, found);
        return found.map((problem) => `${request.method} ${request.target.slice(0, 300)} → ${problem}`);
      });
      if (problems.length) throw new Error(problems.join('\n'));
    }),
    { seed: options.seed ?? FUZZ_SEED, numRuns: Math.ceil(runs / BATCH), endOnFailure: false },
  );
}
