import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

test.describe.configure({ timeout: 420_000 });

test('Lighthouse (mobile, median of 5 runs) scores home, FAQ and contact at least 95 in every category', async ({
  baseURL,
}) => {
  // The script records the scores in reports/lighthouse.json; it exits non-zero below the goal.
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
    for (const [category, score] of Object.entries(scores))
      expect(score, `${page} ${category}`).toBeGreaterThanOrEqual(95);
  }
});
