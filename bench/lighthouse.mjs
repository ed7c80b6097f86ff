/**
 * The public pages' speed on a phone: Lighthouse (mobile, its defaults: a mid-range phone on a slow 4G, simulated)
 * 5 times on every public page (tests/e2e/support/public-pages.ts), one page at a time, against the built shop started
 * here as `npm start` starts it (an embedded store of its own), and as many times on the baseline: bare Next
 * (bench/bare-next, a Next + next-intl app as small as the framework's quickstart) built and started beside it the
 * same way. Reports each run's performance score, FCP, LCP, TBT, SI and CLS and their medians, what Lighthouse's
 * diagnostics name (render-blocking resources, main-thread work, each script's boot-up, unused JavaScript, the LCP
 * element), each page's transferred JavaScript and HTML, the ratio of each purchase page's JavaScript to the content
 * pages', and each page's goals against bare Next (bench/lighthouse-goals.mjs: performance ≥ bare's − 3, FCP and LCP
 * ≤ 1.15 × bare's, purchase pages' TBT ≤ 1.3 × bare's) with whether each holds, to reports/bench-lighthouse.json with
 * a summary on stdout. Not a test: nothing here fails (`npm test` gates the other categories and CLS).
 *
 * The runs go round the pages (bare Next's, then the first run of every page, then the second ...): a burst of load
 * from elsewhere on the machine then falls once on several pages, not five times on one.
 *
 * Plain JavaScript run by Node, not tsx like the other benches: Lighthouse cannot run under tsx's transform
 * (scripts/lib/lighthouse.mjs says why).
 *
 * Env: BENCH_LIGHTHOUSE_RUNS (5), BENCH_LIGHTHOUSE_PORT (3350; bare Next on the next port), BENCH_LIGHTHOUSE_PAGES (comma-separated path prefixes:
 * a subset, e.g. `/ro/vignette,/ro/faq`; `/ro/faq$` is that page alone), BENCH_LIGHTHOUSE_REPORTS (1: every run's whole
 * Lighthouse report, its trace's findings included, also to reports/lighthouse-runs/, to open in the Lighthouse
 * viewer). Serves the build of SITE_URL (npm start rebuilds when stale).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importTypeScript, loadPublicPages, measurePages, median } from '../scripts/lib/lighthouse.mjs';
import { run, root } from '../scripts/lib/project.mjs';
import {
  allGoalsHold,
  LATE_PAINT_MS,
  latePaints,
  LIGHTHOUSE_GOALS,
  pageGoals,
  verdict,
} from './lighthouse-goals.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3350);
const PREFIXES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((prefix) => prefix.trim());
/** Bare Next's page, the baseline of every goal: served beside the shop, on the next port. */
const BARE_PAGE = { path: '/ro/faq', kind: 'bare', locale: 'ro' };
/** Where every run's whole report goes with BENCH_LIGHTHOUSE_REPORTS=1. */
const RUN_REPORTS =
  process.env.BENCH_LIGHTHOUSE_REPORTS === '1' ? path.resolve('reports', 'lighthouse-runs') : null;
/**
 * Where bare Next is copied and built: a folder of the checkout, with the shop's node_modules hard-linked into it (a
 * symlink pointing out of the app's folder is refused by Turbopack, and hard links need the same file system). The
 * leading dot keeps it out of the type check's globs; .gitignore and the lint leave it out too.
 */
const BARE_COPY = path.join(root, '.bench-bare-next');
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
  diagnostics: run.diagnostics,
});

/** Lighthouse's kinds of main-thread work (mainthread-work-breakdown's groups), with the summary's column titles. */
const MAIN_THREAD_WORK = [
  ['scriptEvaluation', 'script'],
  ['scriptParseCompile', 'compile'],
  ['styleLayout', 'style+layout'],
  ['parseHTML', 'parse HTML/CSS'],
  ['paintCompositeRender', 'paint'],
  ['other', 'other'],
];

/** The median of each kind of main-thread work over a page's runs (ms, as Lighthouse counts it: CPU × 4). */
function mainThreadMedians(runs) {
  const measured = runs.filter((run) => run.diagnostics?.mainThread);
  if (!measured.length) return null;
  return Object.fromEntries(
    MAIN_THREAD_WORK.map(([key]) => [
      key,
      median(measured.map((run) => run.diagnostics.mainThread[key] ?? 0)),
    ]),
  );
}

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
    mainThread: mainThreadMedians(measured),
    clsMax: measured.length ? Math.max(...measured.map((run) => run.cls)) : null,
    latePaints: latePaints(measured),
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
  ['late', 6, (page) => `${page.latePaints}/${page.runs.length}`],
];

const goalCell = (goal) => {
  if (!goal) return '';
  const figure =
    goal.metric === 'performance'
      ? `${goal.value ?? '-'} ≥ ${goal.limit ?? '-'}`
      : `${goal.ratio === null ? '-' : goal.ratio.toFixed(2)} ≤ ${goal.limit}`;
  return `${figure} ${verdict(goal)}`;
};

/** Every page against bare Next's medians: each goal with its figure, its limit and whether it holds. */
function printGoals(report) {
  const { bare } = report;
  say(
    `\nAgainst bare Next (bench/bare-next) ${bare.path}, measured in the same run: performance ` +
      `${bare.median.performance ?? '-'}, FCP ${bare.median.fcp ?? '-'} ms, LCP ${bare.median.lcp ?? '-'} ms, ` +
      `TBT ${bare.median.tbt ?? '-'} ms (medians of ${bare.runs.length} runs). Goals: performance ≥ bare's − ` +
      `${report.goals.performanceMargin}, FCP and LCP ≤ ${report.goals.fcpRatio} × bare's, purchase pages' TBT ≤ ` +
      `${report.goals.tbtRatio} × bare's.\n`,
  );
  const width = Math.max(36, ...report.pages.map((page) => page.path.length + 2));
  const cells = [
    ['page', width],
    ['kind', 10],
    ['performance', 22],
    ['FCP ×', 27],
    ['LCP ×', 27],
    ['TBT ×', 27],
  ];
  say(cells.map(([title, size]) => title.padEnd(size)).join(''));
  for (const page of report.pages) {
    const goal = (metric) => page.goals.find((item) => item.metric === metric);
    const values = [
      page.path,
      page.kind,
      ...['performance', 'fcp', 'lcp', 'tbt'].map((m) => goalCell(goal(m))),
    ];
    say(values.map((value, index) => value.padEnd(cells[index][1])).join(''));
  }
  const failing = report.pages.filter((page) => page.goals.some((goal) => goal.holds !== true));
  say(
    report.allGoalsHold
      ? `\nEvery goal holds on all ${report.pages.length} pages.`
      : `\nThe goals hold on ${report.pages.length - failing.length} of ${report.pages.length} pages; not on ` +
          `${failing.map((page) => page.path).join(', ')}.`,
  );
}

/**
 * Where each page's main-thread time went, beside bare Next's: the kinds of work issue 30 asks to trace (a page's
 * first layout, its HTML's parse, its scripts), as medians of the runs.
 */
function printMainThread(report) {
  const width = Math.max(36, ...report.pages.map((page) => page.path.length + 2));
  say(`\nMain thread by kind of work (Lighthouse's breakdown, ms, medians; bare Next first):\n`);
  say(
    'page'.padEnd(width) +
      MAIN_THREAD_WORK.map(([, title]) => title.padStart(15)).join('') +
      'total'.padStart(8),
  );
  for (const page of [report.bare, ...report.pages]) {
    const work = page.mainThread;
    const cells = MAIN_THREAD_WORK.map(([key]) => String(work?.[key] ?? '-').padStart(15));
    const total = work ? Object.values(work).reduce((sum, value) => sum + value, 0) : '-';
    say(page.path.padEnd(width) + cells.join('') + String(total).padStart(8));
  }
}

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
  for (const page of [report.bare, ...report.pages])
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
  const late = (pages) => pages.reduce((sum, page) => sum + page.latePaints, 0);
  const runs = (pages) => pages.reduce((sum, page) => sum + page.runs.length, 0);
  say(
    `late: runs whose first frame was presented ${LATE_PAINT_MS} ms or more after the navigation, ` +
      `bare Next ${late([report.bare])} of ${runs([report.bare])}, the shop ${late(report.pages)} of ` +
      `${runs(report.pages)}; Lantern counts every script in such a run's FCP and LCP ` +
      '(bench/lighthouse-goals.mjs, LATE_PAINT_MS).',
  );
  say(
    `Median performance: content pages ${medianPerformance.content ?? '-'}, purchase pages ` +
      `${medianPerformance.purchase ?? '-'}; runs with a layout shift: ${report.runsWithLayoutShift}. ` +
      'Report: reports/bench-lighthouse.json',
  );
}

/** `from`'s tree again at `to`, every file a hard link (no byte copied), every symbolic link the same link. */
function linkTree(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else fs.linkSync(source, target);
  }
}

/**
 * bench/bare-next, copied to BARE_COPY with hard links to the shop's node_modules, built with `next build` and started
 * with `next start` as the shop's server is (startBuiltServer: `npm run serve`'s options); resolves once its page
 * answers.
 */
async function startBareNext(startBuiltServer, port) {
  fs.rmSync(BARE_COPY, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'bench', 'bare-next'), BARE_COPY, { recursive: true });
  linkTree(path.join(root, 'node_modules'), path.join(BARE_COPY, 'node_modules'));
  say('Building bare Next (bench/bare-next) ...');
  // The copy's own Next: the shop's would load React from the shop's node_modules and the app from the copy's, two
  // Reacts in one render.
  const next = path.join(BARE_COPY, 'node_modules', 'next', 'dist', 'bin', 'next');
  const code = await run(process.execPath, [next, 'build'], {
    cwd: BARE_COPY,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (code !== 0) throw new Error(`bare Next's build failed (exit ${code})`);
  const server = startBuiltServer(port, {}, [], BARE_COPY);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`bare Next exited early:\n${server.output()}`);
    const ok = await fetch(`${server.url}${BARE_PAGE.path}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await server.stop();
  throw new Error('bare Next did not answer in 2 minutes');
}

async function main() {
  const { PUBLIC_PAGES } = await loadPublicPages();
  const { startBuiltServer, startShop, waitUntilHealthy } = await importTypeScript(
    'tests/e2e/support/shop-process.ts',
  );
  const pages = PUBLIC_PAGES.filter(
    (page) =>
      !PREFIXES ||
      PREFIXES.some((prefix) =>
        prefix.endsWith('$') ? page.path === prefix.slice(0, -1) : page.path.startsWith(prefix),
      ),
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-bench-lighthouse-'));
  const shop = startShop(PORT, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'fatal',
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  });
  let bare;
  try {
    say(`Starting the built shop on port ${PORT} (an embedded store of its own) ...`);
    await waitUntilHealthy(shop, 600_000);
    bare = await startBareNext(startBuiltServer, PORT + 1);
    say(`Bare Next on port ${PORT + 1}: its ${BARE_PAGE.path} is every goal's baseline.`);
    // Once before measuring: the pages regenerated at start are served from the cache, as a visitor gets them.
    for (const page of pages) await fetch(`${shop.url}${page.path}`).catch(() => {});

    const loadAtStart = loadAverage();
    const started = performance.now();
    // Bare Next's page in every round, as many runs as each of the shop's: first, then the shop's pages.
    const job = (page, round, baseUrl) => ({
      page,
      ...(baseUrl ? { baseUrl } : {}),
      categories: ['performance'],
      gated: [],
      diagnostics: true,
      round,
      ...(RUN_REPORTS
        ? {
            reportFile: path.join(
              RUN_REPORTS,
              `${baseUrl ? 'bare' : 'shop'}${page.path.replaceAll('/', '_')}-${round + 1}.json`,
            ),
          }
        : {}),
    });
    if (RUN_REPORTS) fs.mkdirSync(RUN_REPORTS, { recursive: true });
    const jobs = Array.from({ length: RUNS }, (_, round) => [
      job(BARE_PAGE, round, bare.url),
      ...pages.map((page) => job(page, round)),
    ]).flat();
    let done = 0;
    const results = await measurePages(shop.url, jobs, {
      parallel: 1,
      onResult: (job, result) => {
        done++;
        const figures = result.error
          ? result.error
          : `performance ${result.run.scores.performance}  LCP ${result.run.lcp} ms  TBT ${result.run.tbt} ms  CLS ${result.run.cls}`;
        const where = job.page === BARE_PAGE ? `bare Next ${job.page.path}` : job.page.path;
        say(`  [${done}/${jobs.length}] run ${job.round + 1} ${where}: ${figures}`);
      },
    });
    const seconds = Math.round((performance.now() - started) / 1000);

    const resultsOf = (page) => results.filter((_, index) => jobs[index].page === page);
    const bareSummary = pageSummary(BARE_PAGE, resultsOf(BARE_PAGE));
    const summaries = pages.map((page) => {
      const summary = pageSummary(page, resultsOf(page));
      return { ...summary, goals: pageGoals(summary, bareSummary) };
    });
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
      goals: LIGHTHOUSE_GOALS,
      allGoalsHold: allGoalsHold(summaries),
      bare: bareSummary,
      pages: summaries,
    };
    fs.mkdirSync('reports', { recursive: true });
    fs.writeFileSync(path.join('reports', 'bench-lighthouse.json'), `${JSON.stringify(report, null, 2)}\n`);
    printSummary(report);
    printMainThread(report);
    printGoals(report);
  } finally {
    await shop.stop();
    await bare?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(BARE_COPY, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
