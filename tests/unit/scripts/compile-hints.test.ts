import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addCompileHints, chunksRunOnLoad, COMPILE_HINT } from '../../../scripts/lib/compile-hints.mjs';

const page = (...scripts: string[]) =>
  `<!DOCTYPE html><html><head>${scripts.join('')}<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head><body></body></html>`;
const asyncScript = (chunk: string) => `<script src="/_next/static/chunks/${chunk}" async=""></script>`;

describe('compile hints', () => {
  let nextDir: string;
  const chunk = (name: string) => path.join(nextDir, 'static', 'chunks', name);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };

  beforeEach(() => {
    nextDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
    write(
      path.join(nextDir, 'server', 'app', 'ro.html'),
      page(asyncScript('framework-1a.js'), asyncScript('shell_2b.js')),
    );
    write(
      path.join(nextDir, 'server', 'app', 'ro', 'faq.html'),
      page(asyncScript('framework-1a.js'), asyncScript('faq-3c.js')),
    );
    for (const name of ['framework-1a.js', 'shell_2b.js', 'faq-3c.js', 'polyfills.js', 'mobile-menu-4d.js']) {
      write(chunk(name), `(globalThis.TURBOPACK||[]).push(["${name}"]);`);
    }
  });
  afterEach(() => fs.rmSync(nextDir, { recursive: true, force: true }));

  it('reads the scripts a page runs on load, not the polyfills for old browsers', () => {
    expect(chunksRunOnLoad(page(asyncScript('a.js'), asyncScript('turbopack-b_c.js')))).toEqual([
      'a.js',
      'turbopack-b_c.js',
    ]);
  });

  it('marks every chunk a prerendered page runs on load, and leaves the others lazily compiled', () => {
    expect(addCompileHints(nextDir)).toEqual(['faq-3c.js', 'framework-1a.js', 'shell_2b.js']);

    for (const name of ['framework-1a.js', 'shell_2b.js', 'faq-3c.js']) {
      expect(fs.readFileSync(chunk(name), 'utf8')).toBe(
        `${COMPILE_HINT}(globalThis.TURBOPACK||[]).push(["${name}"]);`,
      );
    }
    for (const name of ['polyfills.js', 'mobile-menu-4d.js']) {
      expect(fs.readFileSync(chunk(name), 'utf8')).toBe(`(globalThis.TURBOPACK||[]).push(["${name}"]);`);
    }
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });

  it('changes nothing when run again on the same build', () => {
    addCompileHints(nextDir);
    const before = fs.readFileSync(chunk('framework-1a.js'), 'utf8');

    expect(addCompileHints(nextDir)).toEqual([]);
    expect(fs.readFileSync(chunk('framework-1a.js'), 'utf8')).toBe(before);
  });

  it('fails the build, saying why, when a change of Next leaves it no script to mark', () => {
    // The same pages as Next might write them one day: script tags of another shape.
    for (const file of ['ro.html', path.join('ro', 'faq.html')]) {
      const deferred = '<script src="/_next/static/chunks/framework-1a.js" defer></script>';
      write(path.join(nextDir, 'server', 'app', file), page(deferred));
    }

    expect(() => addCompileHints(nextDir)).toThrow(
      /no script to mark \(prerendered pages in .+: 2; scripts they run on load: 0; of those, found in .+: 0\)/,
    );
    expect(fs.readFileSync(chunk('framework-1a.js'), 'utf8')).not.toContain(COMPILE_HINT);
  });

  it('fails when the build has no prerendered pages where it looks for them', () => {
    fs.rmSync(path.join(nextDir, 'server'), { recursive: true });

    expect(() => addCompileHints(nextDir)).toThrow(/no script to mark \(prerendered pages in .+: 0;/);
  });
});
