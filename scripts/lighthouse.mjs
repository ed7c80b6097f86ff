#!/usr/bin/env node
// Lighthouse's gate on a running built shop: `node scripts/lighthouse.mjs [baseUrl] [path prefix ...]`.
// One run (mobile, Lighthouse's defaults) of every public page (tests/e2e/support/public-pages.ts), or of those whose
// address starts with a given prefix. Writes reports/lighthouse.json: per page the four scores, the metrics, the
// transferred bytes and requests, and the audits that kept a gated category below 100. Prints one line a page and
// exits 1 when a page fails the gate (tests/e2e/lighthouse.spec.ts asserts the same on the report).
//
// One run is enough: accessibility, best practices and SEO do not move with the machine's load, and a layout shift
// is observed, not simulated. Two pages are measured at a time (LIGHTHOUSE_PARALLEL), which takes the 48 pages from
// about 5 to about 3 minutes on a 2-core machine; that makes the performance scores printed here lower than a quiet
// machine's. They are recorded, never judged: `npm run bench` (bench/lighthouse.mjs) takes the median of 5 runs per
// page, one page at a time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gateProblems, loadPublicPages, measurePages } from './lib/lighthouse.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { PUBLIC_PAGES, GATED_CATEGORIES, LIGHTHOUSE_CATEGORIES, CLS_TOLERANCE } = await loadPublicPages();
const PARALLEL = Number(process.env.LIGHTHOUSE_PARALLEL ?? 2);

const [baseArgument = 'http://localhost:3000', ...prefixes] = process.argv.slice(2);
const baseUrl = baseArgument.replace(/\/+$/, '');
const pages = PUBLIC_PAGES.filter(
  (page) => !prefixes.length || prefixes.some((prefix) => page.path.startsWith(prefix)),
);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The report's entry of a page: the run, the gated categories, and why it fails the gate (empty when it passes). */
function entryOf(page, result) {
  const gated = GATED_CATEGORIES[page.kind];
  if (result.error) return { ...page, gated, run: null, problems: [result.error], failedAudits: [] };
  return {
    ...page,
    gated,
    run: result.run,
    problems: gateProblems(gated, result.run, result.failedAudits, CLS_TOLERANCE),
    failedAudits: result.failedAudits,
    lighthouseVersion: result.lighthouseVersion,
  };
}

function print(entry) {
  const { run } = entry;
  const figures = run
    ? `${LIGHTHOUSE_CATEGORIES.map((category) => `${category} ${run.scores[category]}`).join('  ')}  CLS ${run.cls}  ` +
      `JS ${kb(run.scriptBytes)} (HTML's ${kb(run.htmlScriptBytes)})  HTML ${kb(run.documentBytes)}  ${run.requests} requests`
    : entry.problems.join('; ');
  console.log(`${entry.problems.length ? 'FAIL' : 'ok  '} ${entry.path.padEnd(34)} ${figures}`);
  for (const audit of entry.failedAudits) {
    const note = audit.expected ? ', expected here' : '';
    console.log(
      `       ${audit.category}: ${audit.id} (${audit.score}${note}) ${audit.explanation || audit.title}`,
    );
    for (const item of audit.items) console.log(`         ${item}`);
  }
}

const started = performance.now();
const results = await measurePages(
  baseUrl,
  pages.map((page) => ({ page, categories: LIGHTHOUSE_CATEGORIES, gated: GATED_CATEGORIES[page.kind] })),
  { parallel: PARALLEL, onResult: (job, result) => print(entryOf(job.page, result)) },
);
const entries = results.map((result, index) => entryOf(pages[index], result));

const seconds = Math.round((performance.now() - started) / 1000);
const report = {
  measuredAt: new Date().toISOString(),
  baseUrl,
  formFactor: 'mobile',
  runsPerPage: 1,
  parallel: PARALLEL,
  seconds,
  pages: entries,
};
fs.mkdirSync(path.join(root, 'reports'), { recursive: true });
fs.writeFileSync(path.join(root, 'reports', 'lighthouse.json'), `${JSON.stringify(report, null, 2)}\n`);
const failing = entries.filter((entry) => entry.problems.length);
console.log(
  `${entries.length - failing.length} of ${entries.length} pages pass (${seconds} s); report: reports/lighthouse.json`,
);
if (failing.length) {
  for (const entry of failing) console.log(`  ${entry.path}: ${entry.problems.join(', ')}`);
  process.exit(1);
}
