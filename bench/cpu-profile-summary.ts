/**
 * Where a server's CPU time went: a V8 CPU profile (`node --cpu-prof`) summed into a few buckets a person can act on
 * (Next's request handling, React's render, the invoice PDF, the database client, zod, mail, the shop's own code,
 * the garbage collector, idle), over one window of the run. Each sample counts for the time until the next one and
 * goes to the bucket of the innermost frame whose code is recognised: node's own internals (streams, sockets,
 * buffers) count for the code that called them. The built server is minified into Turbopack chunks, so a frame's
 * source is found through the chunk's source map (`sourceMapLocator`).
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

export const BUCKETS = [
  'next',
  'react',
  'pdf',
  'database',
  'zod',
  'mail',
  'shop',
  'node',
  'gc',
  'idle',
  'other',
] as const;
export type Bucket = (typeof BUCKETS)[number];

export const BUCKET_NAMES: Record<Bucket, string> = {
  next: "Next's request handling",
  react: 'React render',
  pdf: 'invoice PDF (pdfkit/fontkit)',
  database: 'database (pg/drizzle)',
  zod: 'zod',
  mail: 'mail (nodemailer)',
  shop: "the shop's own code",
  node: 'Node (sockets, streams, crypto)',
  gc: 'garbage collector',
  idle: 'idle',
  other: 'other (V8, native, unknown)',
};

/** The parts of a `.cpuprofile` file read here (Chrome DevTools protocol `Profiler.Profile`). */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  /** Microseconds, on the machine's monotonic clock (`process.hrtime`'s on Linux). */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The source file a frame's code came from: its url, or the original file its chunk's source map names. */
export type Locate = (url: string, lineNumber: number, columnNumber: number) => string;

const PACKAGE_BUCKETS: [RegExp, Bucket][] = [
  [
    /(^|\/)(pdfkit|fontkit|restructure|unicode-properties|unicode-trie|linebreak|dfa|brotli|tiny-inflate)\//,
    'pdf',
  ],
  [
    /(^|\/)(pg|pg-protocol|pg-pool|pg-types|pg-cloudflare|postgres-[a-z]+|drizzle-orm|@electric-sql\/pglite)\//,
    'database',
  ],
  [/(^|\/)zod\//, 'zod'],
  [/(^|\/)(nodemailer|smtp-server)\//, 'mail'],
  [/(^|\/)(react|react-dom|scheduler)\//, 'react'],
  [
    /(^|\/)next\/dist\/compiled\/(react|react-dom|react-server-dom-[a-z]+|scheduler)(-experimental)?\//,
    'react',
  ],
  [/(^|\/)(next|next-intl|use-intl|@formatjs[^/]*|@opentelemetry\/api|@swc\/helpers)\//, 'next'],
  // Turbopack joins a package's own source maps to its chunk's and loses the package's name where those maps point
  // at `../src`: drizzle-orm's TypeScript sources (`node_modules/src/pg-core/…`) and next-intl's formatters
  // (`node_modules/core.ts`).
  [/^src\//, 'database'],
  [/^[^/]+\.ts$/, 'next'],
];

const SHOP_BUCKETS: [RegExp, Bucket][] = [
  [
    /(^|\/)lib\/invoices\/(invoice-pdf|invoice-pdf-layout|invoice-fonts|invoice-pdf-labels|pdf-worker|pdf-render)[^/]*$/,
    'pdf',
  ],
  [/(^|\/)lib\/db\//, 'database'],
  [/(^|\/)lib\/mail\//, 'mail'],
];

/**
 * The bucket of one source file, or undefined for node's own internals and unknown code (the caller's frame
 * decides). A package wins over the shop's folders: `node_modules/zod/…` is zod wherever it is called from.
 */
export function bucketOf(source: string): Bucket | undefined {
  if (!source) return undefined;
  if (source.startsWith('node:')) return undefined;
  const modules = source.lastIndexOf('node_modules/');
  if (modules !== -1) {
    // Turbopack links an external package into .next/node_modules under a hashed name: `pg-587764f78a6c7a9c/`.
    const inPackage = decodeURIComponent(source.slice(modules + 'node_modules/'.length)).replace(
      /^((?:@[^/]+\/)?[^/]+)-[0-9a-f]{16}\//,
      '$1/',
    );
    return PACKAGE_BUCKETS.find(([pattern]) => pattern.test(inPackage))?.[1] ?? 'other';
  }
  const file = source.replace(/^(webpack|turbopack):\/\/\/?(\[project\]\/)?/, '').replace(/^file:\/\//, '');
  if (/(^|\/)\.next\//.test(file)) return undefined;
  return SHOP_BUCKETS.find(([pattern]) => pattern.test(file))?.[1] ?? 'shop';
}

const SPECIAL: Record<string, Bucket> = {
  '(garbage collector)': 'gc',
  '(idle)': 'idle',
  '(program)': 'other',
  '(root)': 'other',
};

export interface ProfileSummary {
  /** The window summed, in ms (the part of it the profile covers). */
  windowMs: number;
  samples: number;
  /** Each bucket's share of the window, in per cent, one decimal. */
  percent: Record<Bucket, number>;
  /** The same in ms. */
  ms: Record<Bucket, number>;
  /** The window's CPU (all but idle) as a share of the window, in per cent. */
  busyPercent: number;
}

/**
 * Sums `profile` into buckets over `window` (microseconds on the profile's clock; the whole profile when absent or
 * when it does not overlap the profile).
 */
export function summariseProfile(
  profile: CpuProfile,
  { window, locate = (url) => url }: { window?: { fromUs: number; toUs: number }; locate?: Locate } = {},
): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const bucketOfNode = new Map<number, Bucket>();
  const resolve = (id: number): Bucket => {
    const known = bucketOfNode.get(id);
    if (known) return known;
    const node = byId.get(id);
    let bucket: Bucket;
    if (!node) bucket = 'other';
    else {
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      const special = url ? undefined : SPECIAL[functionName];
      const own = special ?? (url ? bucketOf(locate(url, lineNumber, columnNumber)) : undefined);
      const up = parent.get(id);
      bucket = own ?? (up === undefined ? 'node' : resolve(up));
      // A stack of node internals and unknown frames only: node's own work (timers, sockets).
      if (bucket === 'other' && !special && own === undefined && url.startsWith('node:')) bucket = 'node';
    }
    bucketOfNode.set(id, bucket);
    return bucket;
  };

  const overlaps = window && window.fromUs < profile.endTime && window.toUs > profile.startTime;
  const from = overlaps ? window.fromUs : profile.startTime;
  const to = overlaps ? window.toUs : profile.endTime;

  const totals = Object.fromEntries(BUCKETS.map((bucket) => [bucket, 0])) as Record<Bucket, number>;
  let time = profile.startTime;
  let samples = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0;
    const next = i + 1 < profile.samples.length ? time + (profile.timeDeltas[i + 1] ?? 0) : profile.endTime;
    const start = Math.max(time, from);
    const end = Math.min(next, to);
    if (end <= start) continue;
    totals[resolve(profile.samples[i]!)] += end - start;
    samples++;
  }
  const covered = Math.max(0, Math.min(to, profile.endTime) - Math.max(from, profile.startTime));
  const share = (us: number) => (covered ? Number(((100 * us) / covered).toFixed(1)) : 0);
  const ms = Object.fromEntries(
    BUCKETS.map((bucket) => [bucket, Math.round(totals[bucket] / 1000)]),
  ) as Record<Bucket, number>;
  const percent = Object.fromEntries(BUCKETS.map((bucket) => [bucket, share(totals[bucket])])) as Record<
    Bucket,
    number
  >;
  return {
    windowMs: Math.round(covered / 1000),
    samples,
    percent,
    ms,
    busyPercent: share(BUCKETS.filter((b) => b !== 'idle').reduce((sum, b) => sum + totals[b], 0)),
  };
}

/**
 * Finds a frame's original source through the source map beside its file (`chunk.js.map`), read once per file;
 * without a map, the url itself.
 */
export function sourceMapLocator(): Locate {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      let map: SourceMap | null = null;
      try {
        const file = url.startsWith('file://') ? fileURLToPath(url) : url;
        map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
      } catch {
        map = null;
      }
      maps.set(url, map);
    }
    return maps.get(url) ?? null;
  };
  return (url, lineNumber, columnNumber) => {
    if (!url.endsWith('.js') || url.startsWith('node:')) return url;
    const entry = mapOf(url)?.findEntry(lineNumber, columnNumber);
    const original = entry && 'originalSource' in entry ? entry.originalSource : undefined;
    return original ? originalSourcePath(original, url) : url;
  };
}

/**
 * A source map's name for a source, as a path bucketOf knows: Next's own maps name `webpack://next/./dist/…` (Next's
 * package) and Turbopack's `turbopack:///[turbopack]/…` (its runtime, part of Next) or `[project]/…`; the others are
 * relative to the map's file.
 */
export function originalSourcePath(source: string, mapUrl: string): string {
  const packaged = /^webpack:\/\/([^/]+)\/(?:\.\/)?(.*)$/.exec(source);
  if (packaged && !packaged[1]!.startsWith('_N_E')) return `node_modules/${packaged[1]}/${packaged[2]}`;
  if (source.startsWith('turbopack:///[turbopack]/'))
    return `node_modules/next/${source.slice('turbopack:///'.length)}`;
  if (source.startsWith('turbopack:///[project]/')) return source.slice('turbopack:///[project]/'.length);
  if (/^[a-z]+:/.test(source)) return source;
  try {
    return new URL(source, mapUrl).href;
  } catch {
    return source;
  }
}

/** One line per bucket above 0.05 %, largest first: "  41.2 %  Next's request handling". */
export function formatSummary(summary: ProfileSummary): string[] {
  return BUCKETS.filter((bucket) => summary.percent[bucket] > 0)
    .sort((a, b) => summary.percent[b] - summary.percent[a])
    .map((bucket) => `${summary.percent[bucket].toFixed(1).padStart(6)} %  ${BUCKET_NAMES[bucket]}`);
}
