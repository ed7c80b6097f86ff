// A Lighthouse worker (scripts/lib/lighthouse.mjs, measurePages): a process of its own with its own Chromium, because
// Lighthouse keeps global state (its timing marks, its settings) and two runs must not share one process. It takes
// one job at a time from its parent and answers with what the run measured, never with the whole report.
import fs from 'node:fs';
import {
  canonicalEvidence,
  diagnosticsOf,
  failedAudits,
  launchChrome,
  runLighthouse,
  scriptsNamedIn,
  summarizeRun,
} from './lighthouse.mjs';

const chrome = await launchChrome();

// Told to stop, or the parent gone (killed on a timeout): no Chromium left behind.
process.on('disconnect', () => {
  void Promise.resolve(chrome.kill()).finally(() => process.exit(0));
});
/**
 * An answer to the parent. A run that ends after the parent died must not crash the worker before it closed its
 * Chromium: a failed send is passed to the callback (not thrown), and 'disconnect' follows.
 */
const answer = (message) => {
  if (process.connected) process.send(message, () => {});
};

process.on('message', async (job) => {
  if (job === 'stop') return process.disconnect();
  try {
    // The HTML once before the run: it names the scripts every visit loads, and the run then sees a page the server
    // has rendered already, as a visitor does, not its first render.
    const html = await fetch(`${job.baseUrl}${job.page.path}`).then((response) => response.text());
    const { lhr, linkElements } = await runLighthouse(chrome, job.baseUrl, job.page, job.categories);
    // The whole report when asked (the bench's BENCH_LIGHTHOUSE_REPORTS): the parent gets only the figures.
    if (job.reportFile) fs.writeFileSync(job.reportFile, JSON.stringify(lhr));
    answer({
      id: job.id,
      lighthouseVersion: lhr.lighthouseVersion,
      run: {
        ...summarizeRun(lhr, scriptsNamedIn(html)),
        ...(job.diagnostics ? { diagnostics: diagnosticsOf(lhr) } : {}),
      },
      // A canonical refused says what Lighthouse found (seen once in a full run, never alone).
      failedAudits: failedAudits(lhr, job.page, job.gated).map((audit) =>
        audit.id === 'canonical'
          ? { ...audit, items: [...audit.items, ...canonicalEvidence(lhr, linkElements)] }
          : audit,
      ),
    });
  } catch (error) {
    answer({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
answer('ready');
