import {
  firstLine,
  readJestReport,
  readPlaywrightReport,
  suitesWhoseProcessDied,
} from '../../../scripts/lib/test-reports.mjs';

const root = '/check/work/main';

/** The shape of `jest --json`'s report, with the fields the summary reads. */
const jestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    {
      name: `${root}/tests/unit/lib/money.test.ts`,
      status: 'passed',
      message: '',
      assertionResults: [
        { status: 'passed', fullName: 'money adds bani', failureMessages: [] },
        { status: 'pending', fullName: 'money later', failureMessages: [] },
      ],
    },
    {
      name: `${root}/tests/integration/db/migrate-script.test.ts`,
      status: 'failed',
      message: '',
      assertionResults: [
        {
          status: 'passed',
          fullName: 'npm run db:migrate names a bad setting and exits 1',
          failureMessages: [],
        },
        {
          status: 'failed',
          fullName: 'npm run db:migrate on PGlite opens the database once migrated',
          failureMessages: [
            'Error: \u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m\u001b[2m).\u001b[22mtoBe\u001b[2m(\u001b[22m\u001b[32mexpected\u001b[39m\u001b[2m)\u001b[22m\n\nExpected: 1\nReceived: 2\n    at Object.<anonymous> (tests/x.ts:1:1)',
          ],
        },
      ],
    },
    {
      name: `${root}/tests/integration/mail/outbox.test.ts`,
      status: 'failed',
      message:
        "  ● Test suite failed to run\n\n    Cannot find module '@/lib/nope' from 'tests/integration/mail/outbox.test.ts'\n",
      assertionResults: [{ status: 'passed', fullName: 'outbox sends', failureMessages: [] }],
    },
  ],
};

/** The shape of Playwright's JSON reporter's output: suites nest, specs hold tests, tests hold their tries. */
const playwrightReport = {
  config: { rootDir: `${root}/tests/e2e` },
  stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 0 },
  suites: [
    {
      title: 'shell.spec.ts',
      specs: [
        {
          title: 'a page',
          file: 'shell.spec.ts',
          line: 8,
          tests: [{ status: 'expected', results: [{ status: 'passed' }] }],
        },
      ],
      suites: [
        {
          title: 'cookie notice',
          specs: [
            {
              title: 'is shown on the first visit',
              file: 'shell.spec.ts',
              line: 137,
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    { status: 'failed', error: { message: 'Error: first try' } },
                    {
                      status: 'failed',
                      error: {
                        message:
                          '\u001b[31mTimeoutError: locator.click: Timeout 5000ms exceeded.\u001b[39m\nCall log:',
                      },
                    },
                  ],
                },
              ],
            },
            {
              title: 'passes on its second try',
              file: 'shell.spec.ts',
              line: 161,
              tests: [
                {
                  status: 'flaky',
                  results: [{ status: 'failed', error: { message: 'x' } }, { status: 'passed' }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe("npm test's summary", () => {
  it('names each failed Jest test by file and name, with the first line of its failure, without colour codes', () => {
    const counts = readJestReport(jestReport, root);
    expect(counts).toEqual({
      passed: 3,
      failed: 2,
      skipped: 1,
      failedTests: [
        'tests/integration/db/migrate-script.test.ts › npm run db:migrate on PGlite opens the database once migrated: Error: expect(received).toBe(expected)',
        "tests/integration/mail/outbox.test.ts (the suite itself): Cannot find module '@/lib/nope' from 'tests/integration/mail/outbox.test.ts'",
      ],
    });
  });

  it('counts a suite that failed with no failed test of its own as one failure', () => {
    const counts = readJestReport(
      { ...jestReport, numFailedTests: 0, testResults: [jestReport.testResults[2]] },
      root,
    );
    expect(counts.failed).toBe(1);
    expect(counts.failedTests).toHaveLength(1);
  });

  it('finds the files whose worker process died by a signal, and counts them from their second run only', () => {
    // What Jest 30 writes when the worker running a file dies (seen in CI: V8 crashing in PGlite's WebAssembly).
    const died = {
      name: `${root}/tests/integration/db/migrations.test.ts`,
      status: 'failed',
      message:
        '  ● Test suite failed to run\n\n    A jest worker process (pid=7735) was terminated by another process: signal=SIGILL, exitCode=null. Operating system logs may contain more information on why this occurred.\n',
      assertionResults: [],
    };
    // A worker that ended with an exit code, not a signal, is the file's own doing (process.exit in a test).
    const exited = {
      ...died,
      name: `${root}/tests/integration/x.test.ts`,
      message:
        '    A jest worker process (pid=1) was terminated by another process: signal=null, exitCode=1.',
    };
    const report = { ...jestReport, testResults: [...jestReport.testResults, died, exited] };
    expect(suitesWhoseProcessDied(report)).toEqual([{ file: died.name, signal: 'SIGILL' }]);
    expect(suitesWhoseProcessDied(jestReport)).toEqual([]);

    const counted = readJestReport(report, root, { without: [died.name] });
    expect(counted.failed).toBe(3); // the two of jestReport, and the file that exited
    expect(counted.failedTests.some((line) => line.includes('migrations.test.ts'))).toBe(false);
    expect(readJestReport(report, root).failed).toBe(4);
  });

  it("names each failed Playwright test by its file from the project's root and its line, with its last try's error; a retry that passed counts as passed", () => {
    expect(readPlaywrightReport(playwrightReport, root)).toEqual({
      passed: 3,
      failed: 1,
      skipped: 0,
      failedTests: [
        'tests/e2e/shell.spec.ts:137 › is shown on the first visit: TimeoutError: locator.click: Timeout 5000ms exceeded.',
      ],
    });
  });

  it('keeps a line short and says when it was cut', () => {
    expect(firstLine('a'.repeat(300), 20)).toBe(`${'a'.repeat(19)}…`);
    expect(firstLine(undefined)).toBe('');
  });
});
