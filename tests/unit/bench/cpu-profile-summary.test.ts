import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  bucketOf,
  formatSummary,
  originalSourcePath,
  sourceMapLocator,
  summariseProfile,
  type CpuProfile,
} from '../../../bench/cpu-profile-summary';

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url, lineNumber: 0, columnNumber: 0 },
  children,
});

// (root) ─┬─ next handler ─┬─ shop code ─── zod parse
//         │                └─ node:internal stream (called by Next: counts for Next)
//         ├─ pdfkit ─── node:internal zlib
//         ├─ node:internal timers (alone: Node's own)
//         ├─ (garbage collector)
//         └─ (idle)
const PROFILE: CpuProfile = {
  nodes: [
    frame(1, '(root)', '', [2, 6, 8, 9, 10]),
    frame(2, 'handle', 'file:///app/node_modules/next/dist/server/base-server.js', [3, 5]),
    frame(3, 'createOrder', 'file:///app/lib/orders/create-order.ts', [4]),
    frame(4, 'parse', 'file:///app/node_modules/zod/v4/core/parse.js'),
    frame(5, 'write', 'node:internal/streams/writable'),
    frame(6, 'text', 'file:///app/node_modules/pdfkit/js/pdfkit.js', [7]),
    frame(7, 'deflate', 'node:zlib'),
    frame(8, 'listOnTimeout', 'node:internal/timers'),
    frame(9, '(garbage collector)', ''),
    frame(10, '(idle)', ''),
  ],
  startTime: 1_000_000,
  endTime: 1_010_000,
  // Ten samples 1 ms apart: each counts for the millisecond after it.
  samples: [3, 4, 5, 7, 6, 8, 9, 10, 10, 2],
  timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

describe('the CPU profile summary of the purchase bench', () => {
  it('puts each sample in the bucket of its innermost recognised frame, node internals counting for their caller', () => {
    const summary = summariseProfile(PROFILE);
    expect(summary.windowMs).toBe(10);
    expect(summary.samples).toBe(10);
    expect(summary.percent).toMatchObject({
      shop: 10,
      zod: 10,
      next: 20,
      pdf: 20,
      node: 10,
      gc: 10,
      idle: 20,
      database: 0,
    });
    expect(summary.busyPercent).toBe(80);
  });

  it('sums only the busy window, cutting samples at its edges', () => {
    // 2.5 ms to 6.5 ms: half of sample 3 (next), samples 4, 5 (pdf), 6 (node), half of sample 7 (gc)
    const summary = summariseProfile(PROFILE, { window: { fromUs: 1_002_500, toUs: 1_006_500 } });
    expect(summary.windowMs).toBe(4);
    expect(summary.percent).toMatchObject({ next: 12.5, pdf: 50, node: 25, gc: 12.5, shop: 0 });
  });

  it('falls back to the whole profile when the window does not overlap it (another clock)', () => {
    const summary = summariseProfile(PROFILE, { window: { fromUs: 5, toUs: 10 } });
    expect(summary.windowMs).toBe(10);
  });

  it('knows the packages and the folders of the shop, hashed external names included', () => {
    expect(bucketOf('file:///srv/shop/node_modules/fontkit/dist/main.cjs')).toBe('pdf');
    expect(bucketOf('/srv/shop/.next/node_modules/pg-587764f78a6c7a9c/lib/client.js')).toBe('database');
    expect(bucketOf('file:///srv/shop/node_modules/pg-protocol/dist/parser.js')).toBe('database');
    expect(bucketOf('../../../node_modules/drizzle-orm/pg-core/dialect.js')).toBe('database');
    expect(bucketOf('file:///srv/shop/node_modules/nodemailer/lib/smtp-connection/index.js')).toBe('mail');
    expect(bucketOf('file:///srv/shop/node_modules/next/dist/compiled/react-dom/cjs/x.js')).toBe('react');
    expect(bucketOf('file:///srv/shop/node_modules/next/dist/server/next-server.js')).toBe('next');
    expect(bucketOf('../../../lib/invoices/invoice-pdf-layout.ts')).toBe('pdf');
    expect(bucketOf('../../../lib/db/client.ts')).toBe('database');
    expect(bucketOf('turbopack:///[project]/lib/orders/quote.ts')).toBe('shop');
    expect(bucketOf('file:///srv/shop/node_modules/luxon/build/node/luxon.js')).toBe('other');
    // Where Turbopack's joined maps lost the package's name: drizzle-orm's sources, next-intl's formatters.
    expect(bucketOf('file:///srv/shop/node_modules/src/pg-core/dialect.ts')).toBe('database');
    expect(bucketOf('file:///srv/shop/node_modules/core.ts')).toBe('next');
    expect(bucketOf('file:///srv/shop/node_modules/%40formatjs/intl-localematcher/index.js')).toBe('next');
    expect(bucketOf('node:internal/http')).toBeUndefined();
    expect(bucketOf('file:///srv/shop/.next/server/chunks/unmapped._.js')).toBeUndefined();
  });

  it("finds a minified chunk's original sources through the map beside it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-map-'));
    try {
      const chunk = path.join(dir, 'chunk._.js');
      fs.writeFileSync(chunk, 'a();b();\n');
      // Column 0 comes from zod, column 4 from the shop's quote.
      fs.writeFileSync(
        `${chunk}.map`,
        JSON.stringify({
          version: 3,
          sources: ['../node_modules/zod/index.js', '../lib/orders/quote.ts'],
          names: [],
          mappings: 'AAAA,ICAA',
        }),
      );
      const locate = sourceMapLocator();
      const url = pathToFileURL(chunk).href;
      expect(bucketOf(locate(url, 0, 0))).toBe('zod');
      expect(bucketOf(locate(url, 0, 5))).toBe('shop');
      expect(locate('file:///nowhere/x.js', 0, 0)).toBe('file:///nowhere/x.js');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names a source map's sources as paths: Next's own, Turbopack's runtime and project, relative ones", () => {
    const nextMap = 'file:///srv/shop/node_modules/next/dist/server/base-server.js';
    expect(originalSourcePath('../../src/server/base-server.ts', nextMap)).toBe(
      'file:///srv/shop/node_modules/next/src/server/base-server.ts',
    );
    expect(originalSourcePath('webpack://next/./dist/compiled/react-dom/cjs/x.js', nextMap)).toBe(
      'node_modules/next/dist/compiled/react-dom/cjs/x.js',
    );
    expect(bucketOf(originalSourcePath('turbopack:///[turbopack]/nodejs/runtime.ts', nextMap))).toBe('next');
    expect(originalSourcePath('turbopack:///[project]/lib/orders/quote.ts', nextMap)).toBe(
      'lib/orders/quote.ts',
    );
  });

  it('prints the buckets largest first', () => {
    const lines = formatSummary(summariseProfile(PROFILE));
    expect(lines[0]).toMatch(/20\.0 % {2}/);
    expect(lines.some((line) => line.includes('zod'))).toBe(true);
    expect(lines.some((line) => line.includes('database'))).toBe(false);
  });
});
