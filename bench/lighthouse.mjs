/**
 * The public pages' speed on a phone: Lighthouse (mobile, its defaults: a mid-range phone on a slow 4G, simulated)
 * 5 times on every public page (tests/e2e/support/public-pages.ts), one page at a time, against the built shop started
 * here as `npm start` starts it (an embedded store of its own). Reports each run's performance score, FCP, LCP, TBT,
 * SI and CLS and their medians, each page's transferred JavaScript and HTML, and the ratio of each purchase page's
 * JavaScript to the content pages' (the median of theirs, measured in the same run), to reports/bench-lighthouse.json
 * with a summary on stdout. Not a test: nothing here passes or fails (`npm test` gates the other categories and CLS).
 *
 * The runs go round the pages (the first run of every page, then the second ...): a burst of load from elsewhere on
 * the machine then falls once on several pages, not five times on one.
 *
 * Plain JavaScript run by Node, not tsx like the other benches: Lighthouse cannot run under tsx's transform
 * (scripts/lib/lighthouse.mjs says why).
 *
 * Env: BENCH_LIGHTHOUSE_RUNS (5), BENCH_LIGHTHOUSE_PORT (3350), BENCH_LIGHTHOUSE_PAGES (comma-separated path prefixes:
 * a subset, e.g. `/ro/vignette,/ro/faq`). Serves the build of SITE_URL (npm start rebuilds when stale).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importTypeScript, loadPublicPages, measurePages, median } from '../scripts/lib/lighthouse.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3350);
const PREFIXES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((prefix) => prefix.trim());
/** The metrics of a run that vary from run to run, each reported per run and as the median. */
const METRICS = ['performance', 'fcp', 'lcp', 'tbt', 'si', 'cls'];

const say = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const loadAverage = () => Number(os.loadavg()[0].toFixed(2));

/** One run as the report keeps it. */
const runFigures = ({ run }) => ({
  performance: run.scores.performance,
  fcp: run.fcp,
  lcp: run.lcp,
  tbt: run.tbt,
  si: run.si,
  cls: run.cls,
  observedPaint: run.observedPaint,
  scriptBytes: run.scriptBytes,
  htmlScriptBytes: run.htmlScriptBytes,
  documentBytes: run.documentBytes,
  requests: run.requests,
});

/** A page's runs, their medians, and the bytes it downloads (the same in every run but for Next's prefetches). */
function pageSummary(page, results) {
  const runs = results.map((result) => (result.error ? { error: result.error } : runFigures(result)));
  const measured = runs.filter((run) => !run.error);
  const medianOf = (key) => (measured.length ? median(measured.map((run) => run[key])) : null);
  return {
    path: page.path,
    kind: page.kind,
    runs,
    median: Object.fromEntries(METRICS.map((key) => [key, medianOf(key)])),
    clsMax: measured.length ? Math.max(...measured.map((run) => run.cls)) : null,
    scriptBytes: medianOf('scriptBytes'),
    htmlScriptBytes: medianOf('htmlScriptBytes'),
    documentBytes: medianOf('documentBytes'),
    requests: medianOf('requests'),
  };
}

/** The columns of the summary on stdout: each page's medians, its worst layout shift, its bytes. */
const COLUMNS = [
  ['page', 36, (page) => page.path],
  ['kind', 10, (page) => page.kind],
  ['perf', 5, (page) => page.median.performance],
  ['FCP', 7, (page) => page.median.fcp],
  ['LCP', 7, (page) => page.median.lcp],
  ['TBT', 6, (page) => page.median.tbt],
  ['SI', 7, (page) => page.median.si],
  ['CLS max', 9, (page) => page.clsMax],
  ['JS KB', 8, (page) => kb(page.scriptBytes ?? 0)],
  ["HTML's JS", 11, (page) => kb(page.htmlScriptBytes ?? 0)],
  ['HTML KB', 9, (page) => kb(page.documentBytes ?? 0)],
  ['JS ×', 6, (page) => page.scriptRatioToContent?.toFixed(2) ?? ''],
];

function printSummary(report) {
  const widths = COLUMNS.map(([, width], index) =>
    index === 0 ? Math.max(width, ...report.pages.map((page) => page.path.length + 2)) : width,
  );
  const row = (cells) =>
    cells.map((cell, index) => (index < 2 ? cell.padEnd(widths[index]) : cell.padStart(widths[index])));
  say(
    `\nLighthouse bench: mobile, median of ${report.runsPerPage} runs per page, ${report.pages.length} pages, ` +
      `${report.seconds} s; load average ${report.machine.loadAverageAtStart} at the start, ` +
      `${report.machine.loadAverageAtEnd} at the end (${report.machine.cores} cores)\n`,
  );
  say(row(COLUMNS.map(([title]) => title)).join(''));
  for (const page of report.pages)
    say(row(COLUMNS.map(([, , value]) => String(value(page) ?? '-'))).join(''));
  const { contentScriptBytes, purchaseScriptRatio: ratio, medianPerformance } = report;
  say(
    `\nJS: every script transferred while Lighthouse watched, the linked pages' JavaScript that Next's router ` +
      `prefetches included; HTML's JS: the part the page's HTML names.`,
  );
  say(
    `Content pages' JavaScript (median): ${contentScriptBytes === null ? '-' : `${kb(contentScriptBytes)} KB`}; ` +
      `purchase pages: ${ratio ? `${ratio.min.toFixed(2)}-${ratio.max.toFixed(2)} ×` : '-'} that ` +
      "(issue 16's goal: at most 1.3 ×).",
  );
  say(
    `Median performance: content pages ${medianPerformance.content ?? '-'}, purchase pages ` +
      `${medianPerformance.purchase ?? '-'}; runs with a layout shift: ${report.runsWithLayoutShift}. ` +
      'Report: reports/bench-lighthouse.json',
  );
}

async function main() {
  const { PUBLIC_PAGES } = await loadPublicPages();
  const { startShop, waitUntilHealthy } = await importTypeScript('tests/e2e/support/shop-process.ts');
  const pages = PUBLIC_PAGES.filter(
    (page) => !PREFIXES || PREFIXES.some((prefix) => page.path.startsWith(prefix)),
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-bench-lighthouse-'));
  const shop = startShop(PORT, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'fatal',
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  });
  try {
    say(`Starting the built shop on port ${PORT} (an embedded store of its own) ...`);
    await waitUntilHealthy(shop, 600_000);
    // Once before measuring: the pages regenerated at start are served from the cache, as a visitor gets them.
    for (const page of pages) await fetch(`${shop.url}${page.path}`).catch(() => {});

    const loadAtStart = loadAverage();
    const started = performance.now();
    const jobs = Array.from({ length: RUNS }, (_, round) =>
      pages.map((page) => ({ page, categories: ['performance'], gated: [], round })),
    ).flat();
    let done = 0;
    const results = await measurePages(shop.url, jobs, {
      parallel: 1,
      onResult: (job, result) => {
        done++;
        const figures = result.error
          ? result.error
          : `performance ${result.run.scores.performance}  LCP ${result.run.lcp} ms  TBT ${result.run.tbt} ms  CLS ${result.run.cls}`;
        say(`  [${done}/${jobs.length}] run ${job.round + 1} ${job.page.path}: ${figures}`);
      },
    });
    const seconds = Math.round((performance.now() - started) / 1000);

    const summaries = pages.map((page) =>
      pageSummary(
        page,
        results.filter((_, index) => jobs[index].page === page),
      ),
    );
    // The baseline: the median of the content pages' JavaScript, measured in this same run.
    const contentBytes = summaries
      .filter((page) => page.kind === 'content' && page.scriptBytes !== null)
      .map((page) => page.scriptBytes);
    const contentScriptBytes = contentBytes.length ? median(contentBytes) : null;
    for (const page of summaries) {
      if (page.kind === 'purchase' && page.scriptBytes !== null && contentScriptBytes)
        page.scriptRatioToContent = Number((page.scriptBytes / contentScriptBytes).toFixed(2));
    }
    const ratios = summaries.map((page) => page.scriptRatioToContent).filter((ratio) => ratio !== undefined);
    const performanceOf = (kind) => {
      const scores = summaries
        .filter((page) => page.kind === kind && page.median.performance !== null)
        .map((page) => page.median.performance);
      return scores.length ? median(scores) : null;
    };
    const report = {
      measuredAt: new Date().toISOString(),
      lighthouseVersion: results.find((result) => result.lighthouseVersion)?.lighthouseVersion,
      formFactor: 'mobile',
      runsPerPage: RUNS,
      seconds,
      machine: { cores: os.cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadAverage() },
      contentScriptBytes,
      purchaseScriptRatio: ratios.length ? { min: Math.min(...ratios), max: Math.max(...ratios) } : null,
      medianPerformance: { content: performanceOf('content'), purchase: performanceOf('purchase') },
      runsWithLayoutShift: summaries.flatMap((page) => page.runs).filter((run) => run.cls > 0).length,
      pages: summaries,
    };
    fs.mkdirSync('reports', { recursive: true });
    fs.writeFileSync(path.join('reports', 'bench-lighthouse.json'), `${JSON.stringify(report, null, 2)}\n`);
    printSummary(report);
  } finally {
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
