#!/usr/bin/env node
// `npm test`: installs what the tests need, then runs typecheck, lint, the module graph's rules, the format check,
// Jest (unit + integration, on PGlite and on a real PostgreSQL), the production build and Playwright in a real
// Chromium. Ends with one summary line.
import fs from 'node:fs';
import path from 'node:path';
import { auditVerdict } from './lib/audit.mjs';
import { setUpForTests } from './lib/machine.mjs';
import { readJestReport, readPlaywrightReport, suitesWhoseProcessDied } from './lib/test-reports.mjs';
import { build, root, run, runSync, say } from './lib/project.mjs';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

// On an older node, the rest runs again on the shop's Node line (scripts/lib/node-runtime.mjs).
await runOnSupportedNode();

const reports = path.join(root, 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** A line per failed test, printed last: CI shows only the end of the run. */
const failedTests = [];
/** A line per test file run a second time because its process died, printed last too. */
const ranTwice = [];

/** A whole step (typecheck, lint, format, build) counts as one check. */
async function step(name, command, args) {
  say(`\n=== ${name} ===`);
  const code = await (typeof command === 'function' ? command() : run(command, args));
  if (code === 0) results.passed++;
  else {
    results.failed++;
    failures.push(name);
  }
  return code === 0;
}

/** A JSON report, or undefined when there is none or it cannot be read. */
function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Adds a JSON report's counts to the results; false when there is no report (undefined) or it cannot be read. */
function count(report, read, name) {
  if (!report) return false;
  let counts;
  try {
    counts = read(report);
  } catch {
    return false;
  }
  results.passed += counts.passed;
  results.failed += counts.failed;
  results.skipped += counts.skipped;
  if (counts.failed > 0) failures.push(name);
  failedTests.push(...counts.failedTests);
  return true;
}

try {
  // The dependencies, then .env.test and .env (never a developer's .env.local: scripts/lib/env.mjs says why),
  // Chromium and PostgreSQL, installed with apt when missing.
  await setUpForTests();
} catch (error) {
  say(error.message);
  say('0 passed, 1 failed');
  process.exit(1);
}
// One public address for the test build and its servers: canonical links must point where the pages are.
process.env.SITE_URL ??= 'http://localhost:3100';

/** Known advisories of the production dependencies (scripts/lib/audit.mjs decides what fails). */
function audit() {
  say('\n=== npm audit (production dependencies) ===');
  const { stdout } = runSync('npm', ['audit', '--omit=dev', '--json'], { timeout: 120_000 });
  const { outcome, message } = auditVerdict(stdout ?? '');
  say(`${outcome === 'skip' ? 'skipped' : outcome === 'pass' ? 'passed' : 'FAILED'}: ${message}`);
  if (outcome === 'skip') results.skipped++;
  else if (outcome === 'pass') results.passed++;
  else {
    results.failed++;
    failures.push('npm audit');
  }
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
audit();
await step('typecheck', bin('tsc'), ['--noEmit']);
await step('lint', bin('eslint'), ['--max-warnings', '0', '.']);
// lib/'s folders form a one-way graph and lib/ never imports app/ or components/ (.dependency-cruiser.cjs).
await step('module graph', process.execPath, [path.join(root, 'scripts', 'folder-graph.mjs')]);
await step('format', bin('prettier'), ['--check', '.']);

say('\n=== jest (unit and integration) ===');
const jestReport = path.join(reports, 'jest.json');
// --forceExit: a suite whose set-up timed out leaves its database or server open, and Jest would then wait for it
// for ever after reporting; its failure is already counted, and CI must go on to the end-to-end tests.
const jestEnv = {
  env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
};

/** Runs the files again; the files it counted (none when Jest left no second report: the first counts them failed). */
async function jestAgain(suites) {
  say(`\n=== jest, again: ${suites.length} test file(s) whose process died ===`);
  const againReport = path.join(reports, 'jest-again.json');
  const files = suites.map(({ file }) => file);
  await run(
    bin('jest'),
    ['--json', `--outputFile=${againReport}`, '--forceExit', '--runTestsByPath', ...files],
    jestEnv,
  );
  if (!count(readReport(againReport), (report) => readJestReport(report, root), 'jest (run again)'))
    return [];
  ranTwice.push(
    ...suites.map(({ file, signal }) => `${path.relative(root, file)} (its process died: ${signal})`),
  );
  return files;
}

const jestExit = await run(bin('jest'), ['--json', `--outputFile=${jestReport}`, '--forceExit'], jestEnv);
const firstRun = readReport(jestReport);
// A file whose worker process died by a signal (a crash of Node itself, once in many runs) is run once more, in a
// fresh Jest, and counted from that run; the summary names it, so a crash that comes back is seen.
const runAgain = Array.isArray(firstRun?.testResults) ? suitesWhoseProcessDied(firstRun) : [];
/** The files counted from the second run, left out of the first report's counts. */
const without = runAgain.length ? await jestAgain(runAgain) : [];
if (!count(firstRun, (report) => readJestReport(report, root, { without }), 'jest')) {
  // Jest itself ended before its report (out of memory, killed): the summary says how, as the last lines CI shows.
  results.failed++;
  failures.push(`jest (no report; Jest exited with ${jestExit})`);
}

const built = await step('build', build);
if (built) {
  say('\n=== playwright (end to end, real Chromium) ===');
  const playwrightReport = path.join(reports, 'playwright.json');
  // The HTML report keeps what the tests attach (the phone screenshots of purchase-recovery.spec.ts) for people.
  await run(bin('playwright'), ['test', '--reporter=list,json,html'], {
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      PLAYWRIGHT_HTML_OUTPUT_DIR: path.join(reports, 'playwright-html'),
      PLAYWRIGHT_HTML_OPEN: 'never',
    },
  });
  if (!count(readReport(playwrightReport), (report) => readPlaywrightReport(report, root), 'playwright')) {
    results.failed++;
    failures.push('playwright (no report)');
  }
} else {
  say('Skipping the end-to-end tests: the build failed.');
  results.failed++;
  failures.push('playwright (not run)');
}

if (ranTwice.length) say(`\nRun a second time:\n${ranTwice.map((line) => `  ${line}`).join('\n')}`);
if (failedTests.length) {
  const shown = failedTests.slice(0, 30);
  say(`\nFailed tests:\n${shown.map((line) => `  ${line}`).join('\n')}`);
  if (failedTests.length > shown.length) say(`  … and ${failedTests.length - shown.length} more (reports/)`);
}
if (failures.length) say(`\nFailed: ${failures.join(', ')}`);
say(
  `\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`,
);
process.exit(results.failed > 0 ? 1 : 0);
