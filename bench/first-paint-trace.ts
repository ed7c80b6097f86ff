/**
 * What a page's first paint waits for on this machine: each address loaded `runs` times, each time in a fresh browser
 * context (a new renderer, an empty cache), under a Chrome trace; per load, the observed first contentful paint, the
 * renderer's main thread before it as wall time and as its own CPU time (and that CPU by kind of work: layout, style,
 * parsing the HTML and the CSS, paint, script, other), and the CPU the renderer's other threads spent compiling
 * scripts (V8's script streaming) before it. `tsx bench/first-paint-trace.ts [runs] <url> ...`, e.g.
 * the shop's `/ro/vignette/trail` beside bare Next's `/ro/faq` (bench/bare-next, `next start -p 3351`).
 *
 * Why: Lighthouse's simulated FCP counts the main thread's tasks before the observed paint by their wall time, four
 * times over. On a two-core machine a task's wall time is its CPU time plus the time the thread waited for a core, and
 * scripts with V8's compile hint (scripts/lib/compile-hints.mjs) are compiled on background threads during exactly
 * that window: wall ≫ CPU there means the page's first paint waited for the machine, not for its own work
 * (docs/decisions/0036-compile-hints-on-two-cores.md). Not a test: nothing here passes or fails.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/lib/chromium.mjs';
import { firstPaintOf, WORK_KINDS, type Load, type TraceEvent } from './first-paint';

async function traceLoads(url: string, runs: number): Promise<Load[]> {
  // The Chromium the end-to-end tests use, with their flags (Lighthouse's runs use the same binary).
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const loads: Load[] = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse's phone: a 412 × 823 screen.
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: {
          includedCategories: [
            '__metadata',
            'toplevel',
            'devtools.timeline',
            'blink.user_timing',
            'loading',
            'v8',
          ],
        },
      });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      await cdp.send('Tracing.end');
      await complete;
      loads.push(firstPaintOf(events));
      await context.close();
    }
    return loads;
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  const args = process.argv.slice(2);
  const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 5;
  if (args.length === 0) {
    process.stderr.write('usage: tsx bench/first-paint-trace.ts [runs] <url> ...\n');
    process.exit(2);
  }
  process.stdout.write(
    `Before the first paint, medians of ${runs} loads in fresh contexts (ms): FCP observed; the main thread's tasks ` +
      'as wall time and as its own CPU; the CPU spent compiling scripts on background threads\n',
  );
  for (const url of args) {
    const loads = await traceLoads(url, runs);
    const of = (key: Exclude<keyof Load, 'mainCpuByKindMs'>) =>
      String(median(loads.map((load) => load[key]))).padStart(6);
    const byKind = WORK_KINDS.map(
      (kind) => `${kind} ${median(loads.map((load) => load.mainCpuByKindMs[kind]))}`,
    ).join(', ');
    process.stdout.write(
      `${url.padEnd(48)} FCP ${of('fcpMs')}  main wall ${of('mainWallMs')}  main CPU ${of('mainCpuMs')}  ` +
        `background compile ${of('backgroundCompileMs')}\n${' '.repeat(49)}main CPU by kind: ${byKind}\n`,
    );
  }
}

if (process.argv[1]?.endsWith('first-paint-trace.ts')) void main();
