// A Lighthouse worker (scripts/lib/lighthouse.mjs, measurePages): a process of its own with its own Chromium, because
// Lighthouse keeps global state (its timing marks, its settings) and two runs must not share one process. It takes
// one job at a time from its parent and answers with what the run measured, never with the whole report.
import { failedAudits, launchChrome, runLighthouse, summarizeRun } from './lighthouse.mjs';

const chrome = await launchChrome();

process.on('message', async (job) => {
  if (job === 'stop') {
    await chrome.kill();
    process.disconnect();
    return;
  }
  try {
    const lhr = await runLighthouse(chrome, job.baseUrl, job.page, job.categories);
    process.send({
      id: job.id,
      lighthouseVersion: lhr.lighthouseVersion,
      run: summarizeRun(lhr),
      failedAudits: failedAudits(lhr, job.page, job.gated),
    });
  } catch (error) {
    process.send({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
process.send('ready');
