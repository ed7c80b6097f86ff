import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

test.describe.configure({ timeout: 420_000 });

/**
 * The goal for every category, performance included, on the median of 5 runs (Lighthouse's own advice for a
 * stable figure: single runs on these 2-core machines vary by a few points). Each run's metrics are recorded in
 * reports/lighthouse.json and printed, so that a score that moves can be explained.
 */
const GOAL = 95;

test('Lighthouse (mobile, median of 5 runs) of home, FAQ and contact: at least 95 in every category', async ({
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
      expect(score, `${page} ${category}`).toBeGreaterThanOrEqual(GOAL);
    }
  }
});
