// The folder graph of lib/: which folder imports which (a file directly in lib/, such as lib/company.ts, counts as
// a folder of its own), and the cycles between them. Read from dependency-cruiser's JSON (scripts/folder-graph.mjs);
// the layers it must follow are in docs/architecture.md ("Layers").

/**
 * Imports that still go up a layer and close a cycle, allowed until the move named beside each is made (none left). The list
 * only shrinks: an entry whose import is gone, or that no longer closes a cycle, fails the check until it is
 * removed, and a new upward import is not added here but moved down (docs/architecture.md says how).
 * @type {{ from: string, to: string, until: string }[]}
 */
export const ALLOWED_UPWARD_IMPORTS = [];

/** The folder of lib/ a file belongs to (`lib/orders`, `lib/company.ts`), or null outside lib/. */
export function folderOf(file) {
  const match = /^lib\/([^/]+)/.exec(file);
  return match ? `lib/${match[1]}` : null;
}

const edgeKey = (from, to) => `${from} -> ${to}`;

/**
 * The imports between lib/'s folders, from the modules of a dependency-cruiser result: for each `from -> to` pair
 * of folders, the imports (`file -> file`) that make it.
 * @param {{ source: string, dependencies: { resolved: string }[] }[]} modules
 * @returns {Map<string, string[]>}
 */
export function folderEdges(modules) {
  const edges = new Map();
  for (const file of modules) {
    const from = folderOf(file.source);
    if (!from) continue;
    for (const dependency of file.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      const key = edgeKey(from, to);
      const imports = edges.get(key) ?? [];
      const line = `${file.source} -> ${dependency.resolved}`;
      if (!imports.includes(line)) imports.push(line);
      edges.set(key, imports);
    }
  }
  return edges;
}

function adjacency(keys) {
  const next = new Map();
  for (const key of keys) {
    const [from, to] = key.split(' -> ');
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from).push(to);
  }
  for (const targets of next.values()) targets.sort();
  return next;
}

/** The shortest path from `start` to `goal` (both included), or null. */
function shortestPath(next, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const target of next.get(node) ?? []) {
      if (target === goal) {
        const path = [goal, node];
        for (let step = previous.get(node); step !== null; step = previous.get(step)) path.push(step);
        return path.reverse();
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return null;
}

/** Strongly connected components of more than one folder (Tarjan), each sorted. */
function tangles(next) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * The cycles between folders once the allowed upward imports are set aside: for each tangle of folders, its
 * members and the shortest cycle through each of them (`['lib/a', 'lib/b', 'lib/a']`), without repeats.
 * @param {Map<string, string[]>} edges
 * @param {{ from: string, to: string }[]} allowed
 */
export function folderCycles(edges, allowed = ALLOWED_UPWARD_IMPORTS) {
  const skipped = new Set(allowed.map(({ from, to }) => edgeKey(from, to)));
  const next = adjacency([...edges.keys()].filter((key) => !skipped.has(key)));
  return tangles(next).map((folders) => {
    const cycles = [];
    const seen = new Set();
    for (const folder of folders) {
      for (const target of next.get(folder)) {
        if (!folders.includes(target)) continue;
        const back = shortestPath(next, target, folder);
        if (!back) continue;
        const cycle = [folder, ...back];
        const members = cycle.slice(0, -1);
        const rotation = members.indexOf([...members].sort()[0]);
        const key = [...members.slice(rotation), ...members.slice(0, rotation)].join(' ');
        if (seen.has(key)) continue;
        seen.add(key);
        cycles.push(cycle);
      }
    }
    cycles.sort((a, b) => a.length - b.length || a.join().localeCompare(b.join()));
    return { folders, cycles };
  });
}

/**
 * The allowed upward imports that are no longer needed: the import is gone, or it closes no cycle any more.
 * @param {Map<string, string[]>} edges
 * @param {{ from: string, to: string }[]} allowed
 * @returns {{ from: string, to: string, why: string }[]}
 */
export function staleAllowances(edges, allowed = ALLOWED_UPWARD_IMPORTS) {
  const next = adjacency(edges.keys());
  return allowed.flatMap(({ from, to }) => {
    if (!edges.has(edgeKey(from, to))) return [{ from, to, why: `${from} no longer imports ${to}` }];
    if (!shortestPath(next, to, from)) return [{ from, to, why: `${to} no longer leads back to ${from}` }];
    return [];
  });
}

/** One cycle in words, each step with an import that makes it. */
export function describeCycle(cycle, edges) {
  const steps = cycle.slice(0, -1).map((from, position) => {
    const to = cycle[position + 1];
    const imports = edges.get(edgeKey(from, to)) ?? [];
    const more = imports.length > 1 ? ` (and ${imports.length - 1} more)` : '';
    return `    ${from} -> ${to}: ${imports[0]}${more}`;
  });
  return [`  ${cycle.join(' -> ')}`, ...steps].join('\n');
}
