// Lighthouse on the shop's public pages, as the gate (scripts/lighthouse.mjs, which tests/e2e/lighthouse.spec.ts runs)
// and the bench (bench/lighthouse.mjs) run it: mobile with Lighthouse's defaults (a mid-range phone on a slow 4G,
// simulated), in a headless Chromium per worker process.
//
// Plain JavaScript run by plain Node, never through tsx: Lighthouse sends its gatherers' functions to the browser as
// source text, and tsx's transform of node_modules adds `__name(...)` helpers to them that do not exist there (every
// run then fails with "__name is not defined"). The TypeScript this needs (the page list) is loaded apart, through
// tsx's scoped `tsImport`, which leaves Lighthouse alone.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TypeScript module of the shop (its `@/` paths resolved), loaded without affecting anything else. */
export const importTypeScript = (file) =>
  tsImport(path.join(root, file), { parentURL: import.meta.url, tsconfig: path.join(root, 'tsconfig.json') });

/** tests/e2e/support/public-pages.ts: PUBLIC_PAGES, GATED_CATEGORIES, LIGHTHOUSE_CATEGORIES. */
export const loadPublicPages = () => importTypeScript('tests/e2e/support/public-pages.ts');

export const launchChrome = () =>
  chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });

/** The phone Lighthouse's mobile runs emulate: 412 × 823 CSS pixels at 1.75 device pixels per CSS pixel, touch. */
export const PHONE = screenEmulationMetrics.mobile;

/** The DevTools connection to `chrome` (from launchChrome), made once per browser. */
const connections = new WeakMap();
const connect = (chrome) => {
  if (!connections.has(chrome))
    connections.set(
      chrome,
      puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null }),
    );
  return connections.get(chrome);
};

/**
 * Makes `tab` Lighthouse's phone (PHONE) before Lighthouse sees it.
 *
 * Lighthouse sets that emulation itself at the start of every run, just before it navigates, and headless Chromium
 * then shows the page's first frame at the next whole second in most runs (1.2-1.4 s or 2.2-2.4 s after the
 * navigation, against 0.2-0.6 s otherwise): viz throttles the tab with `ThrottleUndrawnFrames`, and Lantern then
 * counts every script that arrived before that late paint in FCP and LCP (decision 0038). The same emulation set
 * here, once, before the run, gives the same phone (its viewport, pixel ratio, touch and user agent) without the
 * throttle. Throws when the tab is not that phone.
 */
async function emulatePhone(tab) {
  const session = await tab.createCDPSession();
  const { width, height, deviceScaleFactor, mobile } = PHONE;
  await session.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor, mobile });
  await session.send('Emulation.setTouchEmulationEnabled', { enabled: mobile });
  const ratio = await tab.evaluate(() => window.devicePixelRatio);
  if (ratio !== deviceScaleFactor)
    throw new Error(
      `The tab's emulation did not take: device pixel ratio ${ratio}, not ${deviceScaleFactor}`,
    );
}

/**
 * One Lighthouse run of `page` ({ path, kind }) on the shop at `baseUrl`, with the given categories, in a tab of its
 * own, closed after it (emulatePhone: Lighthouse's own screen emulation is off, the tab's stands for it); the report
 * (LHR). The not-found page answers 404 by design, which Lighthouse refuses to audit unless told it is expected.
 */
export async function runLighthouse(chrome, baseUrl, page, categories) {
  const tab = await (await connect(chrome)).newPage();
  try {
    await emulatePhone(tab);
    const runner = await lighthouse(
      `${baseUrl}${page.path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        // The tab is the phone already: the same figures, marked as set from outside, keep the report truthful.
        screenEmulation: { ...PHONE, disabled: true },
        // The full-page screenshot only illustrates the HTML report, which nobody opens here: time saved on every run.
        disableFullPageScreenshot: true,
        ignoreStatusCode: page.kind === 'not-found',
      },
      undefined,
      tab,
    );
    const lhr = runner?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    if (lhr.runtimeError)
      throw new Error(`Lighthouse could not measure ${page.path}: ${lhr.runtimeError.message}`);
    return { lhr, linkElements: runner.artifacts?.LinkElements ?? [] };
  } finally {
    await tab.close().catch(() => {});
  }
}

/**
 * What a failed canonical audit saw, which its report does not say: the addresses of the run and every canonical and
 * hreflang link, with where it was found (head, body, HTTP header).
 */
export function canonicalEvidence(lhr, linkElements) {
  return [
    `requested ${lhr.requestedUrl}, main document ${lhr.mainDocumentUrl}, final ${lhr.finalDisplayedUrl}`,
    ...linkElements
      .filter((link) => link.rel === 'canonical' || link.hreflang)
      .map((link) => `${link.rel}${link.hreflang ? ` ${link.hreflang}` : ''} ${link.href} (${link.source})`),
  ];
}

const numeric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;

/**
 * What one run measured:
 * - `scores`: the categories asked for, 0-100 as Lighthouse shows them
 * - `fcp`, `lcp`, `tbt`, `si` (ms): First/Largest Contentful Paint, Total Blocking Time, Speed Index, simulated
 * - `cls`: Cumulative Layout Shift, observed in the trace (not simulated)
 * - `observedPaint` (ms): when this machine's browser really painted first. On a loaded machine it sometimes paints
 *   only after the scripts ran, and the simulated LCP then counts every script's download: the main source of spread.
 * - from the network-requests audit, bytes over the wire (compressed): `documentBytes` (the page's own HTML),
 *   `scriptBytes` and `scriptRequests` (every script the phone downloaded while Lighthouse watched), `htmlScriptBytes`
 *   (those the page's HTML names, `htmlScripts`: what every visit loads before the page responds; the rest are parts
 *   the page loads later, and the JavaScript of the pages its links lead to, which Next's router prefetches for the
 *   links in view), `transferredBytes` and `requests` (everything, the router's prefetches included)
 */
export function summarizeRun(lhr, htmlScripts = new Set()) {
  const network = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = (items) => items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const scripts = network.filter((item) => item.resourceType === 'Script');
  const document =
    network.find((item) => item.resourceType === 'Document' && item.url === lhr.mainDocumentUrl) ??
    network.find((item) => item.resourceType === 'Document');
  return {
    scores: Object.fromEntries(
      Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
    ),
    fcp: Math.round(numeric(lhr, 'first-contentful-paint')),
    lcp: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbt: Math.round(numeric(lhr, 'total-blocking-time')),
    si: Math.round(numeric(lhr, 'speed-index')),
    cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(4)),
    observedPaint: lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? null,
    documentBytes: document?.transferSize ?? 0,
    scriptBytes: bytes(scripts),
    scriptRequests: scripts.length,
    htmlScriptBytes: bytes(scripts.filter((item) => htmlScripts.has(new URL(item.url).pathname))),
    transferredBytes: bytes(network),
    requests: network.length,
  };
}

const pathOf = (url) => {
  try {
    const { pathname } = new URL(url);
    return pathname;
  } catch {
    return String(url);
  }
};
const items = (lhr, id) => lhr.audits[id]?.details?.items ?? [];
const rounded = (value) => Math.round(value ?? 0);

/**
 * Where a run's time went, as Lighthouse's diagnostics name it (the bench keeps them beside each run's figures, to
 * compare the shop's pages with bare Next's): the render-blocking resources and what each costs the first paint
 * (ms), the main thread's work by kind (ms), each script's boot-up (evaluation and parsing, ms), the unused
 * JavaScript (bytes), the LCP element, and the document's own transfer and time.
 */
export function diagnosticsOf(lhr) {
  // Lighthouse 13's insights, which replaced render-blocking-resources and largest-contentful-paint-element: the
  // first table of the LCP breakdown is its parts (ms), the second item the element.
  const [lcpParts, lcpNode] = items(lhr, 'lcp-breakdown-insight');
  const metrics = lhr.audits.metrics?.details?.items?.[0] ?? {};
  return {
    renderBlocking: items(lhr, 'render-blocking-insight').map((item) => ({
      path: pathOf(item.url),
      wastedMs: rounded(item.wastedMs),
      bytes: item.totalBytes ?? 0,
    })),
    mainThread: Object.fromEntries(
      items(lhr, 'mainthread-work-breakdown').map((item) => [item.group, rounded(item.duration)]),
    ),
    bootup: items(lhr, 'bootup-time')
      .slice(0, 8)
      .map((item) => ({
        path: pathOf(item.url),
        total: rounded(item.total),
        scripting: rounded(item.scripting),
        parse: rounded(item.scriptParseCompile),
      })),
    unusedJavaScript: items(lhr, 'unused-javascript')
      .slice(0, 8)
      .map((item) => ({ path: pathOf(item.url), bytes: item.wastedBytes ?? 0, total: item.totalBytes ?? 0 })),
    lcpElement: lcpNode ? describeItem({ node: lcpNode }) : null,
    lcpParts: Object.fromEntries(
      (lcpParts?.items ?? []).map((item) => [item.subpart, rounded(item.duration)]),
    ),
    observedFcp: rounded(metrics.observedFirstContentfulPaint),
    observedLcp: rounded(metrics.observedLargestContentfulPaint),
    serverResponseMs: rounded(lhr.audits['server-response-time']?.numericValue),
  };
}

/** The addresses (paths) of the scripts a page's HTML names: `<script src>` and `<link rel="preload" as="script">`. */
export const scriptsNamedIn = (html) =>
  new Set(
    [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => new URL(match[1], 'http://x').pathname),
  );

/** What an audit's table row names: the element (selector and markup), or the address. */
function describeItem(item) {
  const node = item.node ?? item.source;
  if (node?.selector || node?.snippet) return `${node.selector ?? ''} ${node.snippet ?? ''}`.trim();
  if (typeof item.url === 'string') return item.url;
  return JSON.stringify(item).slice(0, 300);
}

/**
 * A failure that is the point of the page: the not-found page answers 404, and the browser logs the document's own
 * 404 as a console error ("Failed to load resource"), which best practices' errors-in-console counts. Any other
 * console error on that page still fails.
 */
function isExpectedFailure(page, lhr, audit) {
  if (page.kind !== 'not-found' || audit.id !== 'errors-in-console') return false;
  const items = audit.details?.items ?? [];
  return (
    items.length > 0 &&
    items.every(
      (item) =>
        item.source === 'network' &&
        item.sourceLocation?.url === lhr.mainDocumentUrl &&
        /status of 404\b/.test(item.description ?? ''),
    )
  );
}

/**
 * The audits that cost `categories` their 100 on `page` (each weighted audit below a full score), with what they
 * name and whether the failure is the page's purpose (`expected`).
 */
export function failedAudits(lhr, page, categories) {
  return categories.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => ({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        explanation: audit.explanation,
        expected: isExpectedFailure(page, lhr, audit),
        items: (audit.details?.items ?? []).slice(0, 5).map(describeItem),
      })),
  );
}

/**
 * Why a run fails the gate, empty when it passes: each gated category below 100 for a reason other than an expected
 * failure, and a layout shift beyond `clsTolerance` (CLS_TOLERANCE of tests/e2e/support/public-pages.ts).
 */
export function gateProblems(gatedCategories, run, failures, clsTolerance) {
  const problems = gatedCategories
    .filter(
      (category) =>
        run.scores[category] !== 100 &&
        !(
          failures.some((failure) => failure.category === category) &&
          failures.every((failure) => failure.category !== category || failure.expected)
        ),
    )
    .map((category) => `${category} ${run.scores[category]}`);
  if (run.cls > clsTolerance) problems.push(`CLS ${run.cls}`);
  return problems;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Measures `jobs` (each `{ page, categories, gated }`: the page, the categories to run, those whose failed audits to
 * list) on the shop at `baseUrl`, `parallel` at a time, each worker a process with its own Chromium
 * (lighthouse-worker.mjs). Each job's result, `{ run, failedAudits, lighthouseVersion }` or `{ error }`, is handed to
 * `onResult` as it comes and returned in the jobs' order.
 *
 * Parallel runs suit what does not depend on time (the gate's categories, layout shifts, bytes): a run spends most
 * of its time waiting for the page to go quiet, not computing. Timings need one run at a time.
 */
export async function measurePages(baseUrl, jobs, { parallel = 1, onResult = () => {} } = {}) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = () =>
    new Promise((resolve, reject) => {
      const child = fork(path.join(root, 'scripts', 'lib', 'lighthouse-worker.mjs'), [], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const give = () => {
        if (next >= jobs.length) return child.send('stop');
        const id = next++;
        child.send({ id, baseUrl, ...jobs[id] });
      };
      child.on('message', (message) => {
        if (message === 'ready') return give();
        results[message.id] = message;
        onResult(jobs[message.id], message);
        give();
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`a Lighthouse worker stopped (exit ${code})`)),
      );
    });
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, jobs.length)) }, worker));
  return results;
}
