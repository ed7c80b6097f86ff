// Reads the JSON reports of Jest and Playwright for `npm test`'s summary: how many tests passed, failed and were
// skipped, and which failed. CI shows only the last lines of a run, so the summary names each failed test there;
// without the names a failure far up in Jest's output could not be told from the tail. Node built-ins only.

/** A message's first line that says something, without the terminal's colour codes, at most `width` characters. */
export function firstLine(message, width = 240) {
  const line =
    String(message ?? '')
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((text) => text.trim())
      .find((text) => text && !/^●/.test(text)) ?? '';
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** Where a file is, from the project's root: reports name files by their absolute path. */
const fromRoot = (file, root) => (root && file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file);

/**
 * Jest's `--json` report: the counts, and a line per failed test (file › name: first line of the failure). A suite
 * that fails to load, or whose set-up or clean-up failed after its tests passed, has no failed test of its own: it
 * counts as one failure and is named too, or it would go unnoticed. The suites named in `without` (absolute paths, as
 * the report has them) are left out: they were run again, and the second report counts them.
 */
export function readJestReport(report, root, { without = [] } = {}) {
  const failed = [];
  let brokenSuites = 0;
  for (const suite of report.testResults) {
    if (without.includes(suite.name)) continue;
    const file = fromRoot(suite.name, root);
    const failedTests = suite.assertionResults.filter((result) => result.status === 'failed');
    for (const test of failedTests)
      failed.push(`${file} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (suite.status === 'failed' && failedTests.length === 0) {
      brokenSuites++;
      failed.push(`${file} (the suite itself): ${firstLine(suite.message)}`);
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenSuites,
    skipped: report.numPendingTests + report.numTodoTests,
    failedTests: failed,
  };
}

/** Jest's words when a worker process dies under a test file: Node itself crashed or was killed, no test failed. */
const WORKER_DIED = /A jest worker process \(pid=\d+\) was terminated by another process: signal=(SIG[A-Z]+)/;

/**
 * The test files whose worker process died by a signal before they reported, with the signal: V8 now and then crashes
 * inside JIT-compiled WebAssembly (SIGILL; PGlite is WebAssembly), which is no verdict on the file's tests. `npm test`
 * runs these files once more in a fresh process and says so in its summary; a file that fails again fails the run.
 */
export function suitesWhoseProcessDied(report) {
  return report.testResults.flatMap((suite) => {
    const died =
      suite.status === 'failed' && suite.assertionResults.length === 0 && WORKER_DIED.exec(suite.message);
    return died ? [{ file: suite.name, signal: died[1] }] : [];
  });
}

/**
 * Playwright's JSON report: the counts (a test that passed on retry counts as passed), and a line per failure. Its
 * specs name their file from the tests' folder (`config.rootDir`); the line names it from the project's root, as
 * Playwright's own list and the Jest lines do.
 */
export function readPlaywrightReport(report, root) {
  const testsFolder = report.config?.rootDir ? fromRoot(report.config.rootDir, root) : '';
  const failed = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.findLast((result) => result.error)?.error;
        const file = testsFolder ? `${testsFolder}/${spec.file}` : spec.file;
        failed.push(`${file}:${spec.line} › ${spec.title}: ${firstLine(error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  const { stats } = report;
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    failedTests: failed,
  };
}
