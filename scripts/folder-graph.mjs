#!/usr/bin/env node
// `npm run graph` (and a step of `npm test`): cruises lib/ with dependency-cruiser (.dependency-cruiser.cjs) and
// fails on a broken rule of that file, on a cycle between lib/'s folders (naming it, with an import for each step)
// and on an allowed upward import that is no longer needed. `npm run graph -- --print` also prints which folder
// imports which.
import path from 'node:path';
import {
  ALLOWED_UPWARD_IMPORTS,
  describeCycle,
  folderCycles,
  folderEdges,
  staleAllowances,
} from './lib/folder-graph.mjs';
import { root, runSync, say } from './lib/project.mjs';

const cruise = runSync(
  path.join(root, 'node_modules', '.bin', 'depcruise'),
  ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'lib'],
  { maxBuffer: 256 * 1024 * 1024 },
);
if (cruise.status !== 0 && !cruise.stdout) {
  say(`dependency-cruiser failed: ${cruise.error?.message ?? cruise.stderr}`);
  process.exit(1);
}
const result = JSON.parse(cruise.stdout);
const edges = folderEdges(result.modules);
let failed = false;

if (process.argv.includes('--print')) {
  const upward = new Set(ALLOWED_UPWARD_IMPORTS.map(({ from, to }) => `${from} -> ${to}`));
  const byFolder = new Map();
  for (const key of [...edges.keys()].sort()) {
    const [from, to] = key.split(' -> ');
    byFolder.set(from, [...(byFolder.get(from) ?? []), upward.has(key) ? `${to} (allowed upward)` : to]);
  }
  for (const [from, targets] of byFolder) say(`${from} -> ${targets.join(', ')}`);
  say('');
}

const unresolved = result.modules.flatMap((module) =>
  module.dependencies
    .filter((dependency) => dependency.couldNotResolve && !dependency.coreModule)
    .map((dependency) => `${module.source} -> ${dependency.module}`),
);
if (unresolved.length) {
  // An import the cruise cannot follow is an edge the check cannot see.
  failed = true;
  say(
    `Imports dependency-cruiser could not resolve (fix .dependency-cruiser.cjs):\n  ${unresolved.join('\n  ')}`,
  );
}

for (const violation of result.summary.violations ?? []) {
  failed = true;
  say(`${violation.rule.name}: ${violation.from} -> ${violation.to}`);
}

for (const { folders, cycles } of folderCycles(edges)) {
  failed = true;
  say(`lib/'s folders import each other in a cycle (${folders.join(', ')}):`);
  // The shortest first: breaking them often breaks the longer ones too.
  for (const cycle of cycles.slice(0, 12)) say(describeCycle(cycle, edges));
  if (cycles.length > 12) say(`  (and ${cycles.length - 12} longer cycles)`);
  say(
    'Move what the lower folder needs down to it, or pass it in (docs/architecture.md, "Layers"); never add to ' +
      'ALLOWED_UPWARD_IMPORTS (scripts/lib/folder-graph.mjs).',
  );
}

for (const { from, to, why } of staleAllowances(edges)) {
  failed = true;
  say(`Remove ${from} -> ${to} from ALLOWED_UPWARD_IMPORTS (scripts/lib/folder-graph.mjs): ${why}.`);
}

const folders = new Set([...edges.keys()].flatMap((key) => key.split(' -> ')));
say(
  failed
    ? 'The module graph breaks its rules (above).'
    : `The module graph holds: ${folders.size} folders of lib/, ${edges.size} imports between them, no cycle ` +
        `(${ALLOWED_UPWARD_IMPORTS.length} upward imports still allowed), lib/ imports neither app/ nor components/.`,
);
process.exit(failed ? 1 : 0);
