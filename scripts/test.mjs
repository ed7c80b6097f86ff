#!/usr/bin/env node
// `npm test`: installs what the tests need, then runs typecheck, lint, the module graph's rules, the format check,
// Jest (unit + integration, on PGlite and on a real PostgreSQL), the production build and Playwright in a real
// Chromium. Ends with one summary line.
import fs from 'node:fs';
import path from 'node:path';
import { auditVerdict } from './lib/audit.mjs';
import { setUpForTests } from './lib/machine.mjs';
import { build, root, run, runSync, say } from './lib/project.mjs';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

// On an older node, the rest runs again on the shop's Node line (scripts/lib/node-runtime.mjs).
await runOnSupportedNode();

const reports = path.join(root, 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

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

function countJest(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    results.passed += report.numPassedTests;
    results.failed += report.numFailedTests;
    results.skipped += report.numPendingTests + report.numTodoTests;
    // A suite that fails to load, or whose set-up or clean-up failed after its tests passed, has no failed test of
    // its own: count it, or it would go unnoticed.
    const brokenSuites = report.testResults.filter(
      (suite) =>
        suite.status === 'failed' && !suite.assertionResults.some((result) => result.status === 'failed'),
    );
    results.failed += brokenSuites.length;
    if (report.numFailedTests > 0 || brokenSuites.length > 0) failures.push('jest');
    return true;
  } catch {
    return false;
  }
}

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    results.passed += stats.expected + stats.flaky;
    results.failed += stats.unexpected;
    results.skipped += stats.skipped;
    if (stats.unexpected > 0) failures.push('playwright');
    return true;
  } catch {
    return false;
  }
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
const jestExit = await run(bin('jest'), ['--json', `--outputFile=${jestReport}`, '--forceExit'], {
  env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
});
if (!countJest(jestReport)) {
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
  if (!countPlaywright(playwrightReport)) {
    results.failed++;
    failures.push('playwright (no report)');
  }
} else {
  say('Skipping the end-to-end tests: the build failed.');
  results.failed++;
  failures.push('playwright (not run)');
}

if (failures.length) say(`\nFailed: ${failures.join(', ')}`);
say(
  `\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`,
);
process.exit(results.failed > 0 ? 1 : 0);
