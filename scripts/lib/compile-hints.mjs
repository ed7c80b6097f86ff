// V8's explicit compile hints for the scripts every page runs at once. Node built-ins only (runs after the build).
import fs from 'node:fs';
import path from 'node:path';

/**
 * The magic comment of V8's explicit compile hints (Chrome 136 and later; other browsers read it as a comment):
 * compile every function of the script while it downloads, off the main thread, instead of lazily on the main
 * thread at each function's first call. For the framework and shell chunks, whose module factories all run while
 * the page hydrates, this halves the long task that blocks a phone's first taps (measured with Lighthouse on the
 * FAQ: total blocking time 103-313 ms before, 63-127 ms after).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const CHUNK_SCRIPT = /<script src="\/_next\/static\/chunks\/([\w.-]+\.js)" async="">/g;

/** The chunks a page's HTML loads and runs at once: its async scripts (not the polyfills for old browsers). */
export const chunksRunOnLoad = (html) => [...html.matchAll(CHUNK_SCRIPT)].map((match) => match[1]);

function htmlFiles(directory) {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return htmlFiles(file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

/**
 * Marks the chunks that the prerendered pages run on load, in a finished `next build` output (`nextDir` is
 * `.next`). Chunks fetched later (a menu opened on demand, the next page of a navigation) stay lazily compiled,
 * as V8 advises: eager compilation of code that may never run costs time and memory. Running it again changes
 * nothing. Returns the chunks it marked.
 *
 * Throws when it finds no chunk to mark: the pages and chunks are found by the shape of Next's output (the folder
 * of prerendered pages, the script tags), and a Next release that changes it would otherwise leave every script
 * unmarked without a word.
 */
export function addCompileHints(nextDir) {
  const pagesDir = path.join(nextDir, 'server', 'app');
  const chunksDir = path.join(nextDir, 'static', 'chunks');
  const pages = htmlFiles(pagesDir);
  const chunks = new Set(pages.flatMap((file) => chunksRunOnLoad(fs.readFileSync(file, 'utf8'))));
  const chunkFile = (chunk) => path.join(chunksDir, chunk);
  const found = [...chunks].filter((chunk) => fs.existsSync(chunkFile(chunk))).sort();
  if (found.length === 0) {
    throw new Error(
      `Compile hints: no script to mark (prerendered pages in ${pagesDir}: ${pages.length}; scripts they run on ` +
        `load: ${chunks.size}; of those, found in ${chunksDir}: 0). Next's build output has changed shape: ` +
        'adapt scripts/lib/compile-hints.mjs to it.',
    );
  }
  const marked = [];
  for (const chunk of found) {
    const code = fs.readFileSync(chunkFile(chunk), 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    fs.writeFileSync(chunkFile(chunk), COMPILE_HINT + code);
    marked.push(chunk);
  }
  return marked;
}
