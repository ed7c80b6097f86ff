// A Lighthouse worker (scripts/lib/lighthouse.mjs, measurePages): a process of its own with its own Chromium, because
// Lighthouse keeps global state (its timing marks, its settings) and two runs must not share one process. It takes
// one job at a time from its parent and answers with what the run measured, never with the whole report.
import { failedAudits, launchChrome, runLighthouse, scriptsNamedIn, summarizeRun } from './lighthouse.mjs';

const chrome = await launchChrome();

process.on('message', async (job) => {
  if (job === 'stop') {
    await chrome.kill();
    process.disconnect();
    return;
  }
  try {
    // The HTML once before the run: it names the scripts every visit loads, and the run then sees a page the server
    // has rendered already, as a visitor does, not its first render.
    const html = await fetch(`${job.baseUrl}${job.page.path}`).then((response) => response.text());
    const lhr = await runLighthouse(chrome, job.baseUrl, job.page, job.categories);
    process.send({
      id: job.id,
      lighthouseVersion: lhr.lighthouseVersion,
      run: summarizeRun(lhr, scriptsNamedIn(html)),
      failedAudits: failedAudits(lhr, job.page, job.gated),
    });
  } catch (error) {
    process.send({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
process.send('ready');
