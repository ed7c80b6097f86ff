import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

test.describe.configure({ timeout: 420_000 });

/**
 * The goal for the categories that do not move with the machine's load (accessibility, best practices, SEO), on the
 * median of 5 runs. The performance score is a time measured on a shared 2-core machine: it is recorded in
 * reports/lighthouse.json with each run's metrics and printed, never a pass or a fail here (`npm run bench` is where
 * speed is judged, against a baseline of the same run).
 */
const GOAL = 95;
const MEASURED_ONLY = new Set(['performance']);

test('Lighthouse (mobile, median of 5 runs) of home, FAQ and contact: at least 95 in accessibility, best practices and SEO', async ({
  baseURL,
}) => {
  const run = await promisify(execFile)(process.execPath, ['scripts/lighthouse.mjs', baseURL!], {
    timeout: 400_000,
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  console.log(run.stdout);
  const report = JSON.parse(fs.readFileSync('reports/lighthouse.json', 'utf8')) as {
    results: { page: string; scores: Record<string, number> }[];
  };
  expect(report.results.map((result) => result.page)).toEqual(['/ro', '/ro/faq', '/ro/contact']);
  for (const { page, scores } of report.results) {
    for (const [category, score] of Object.entries(scores)) {
      if (MEASURED_ONLY.has(category)) continue;
      expect(score, `${page} ${category}`).toBeGreaterThanOrEqual(GOAL);
    }
  }
});
