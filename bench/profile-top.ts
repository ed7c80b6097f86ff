/**
 * The functions that took the most of a window of a CPU profile (self time), each named by its original source
 * through the build's source maps, and the same summed by source file: `tsx bench/profile-top.ts <file.cpuprofile>
 * [fromUs toUs] [count]`. For reading where a bench's time went beyond cpu-profile-summary.ts's buckets.
 */
import fs from 'node:fs';
import { sourceMapLocator, type CpuProfile } from './cpu-profile-summary';

const [file, from, to, count = '40'] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file!, 'utf8')) as CpuProfile;
const locate = sourceMapLocator();
const fromUs = from ? Number(from) : profile.startTime;
const toUs = to ? Number(to) : profile.endTime;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<string, number>();
const byFile = new Map<string, number>();
let time = profile.startTime;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  time += profile.timeDeltas[i] ?? 0;
  if (time < fromUs || time > toUs) continue;
  const delta = profile.timeDeltas[i + 1] ?? 0;
  const node = byId.get(profile.samples[i]!)!;
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const source = url ? locate(url, lineNumber, columnNumber) : '';
  const key = `${functionName || '(anonymous)'} ${source.replace(/^.*node_modules\//, '')}`;
  self.set(key, (self.get(key) ?? 0) + delta);
  const fileKey = source.replace(/^.*node_modules\//, '') || functionName;
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + delta);
  total += delta;
}
const print = (title: string, map: Map<string, number>) => {
  process.stdout.write(`${title} (of ${(total / 1000).toFixed(0)} ms)\n`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
    process.stdout.write(`${((100 * us) / total).toFixed(1).padStart(6)} %  ${key}\n`);
};
print('self time by function', self);
print('self time by source file', byFile);

// PROFILE_CALLERS=name: the stacks (innermost 8 frames) under which that function's self time was spent.
const callersOf = process.env.PROFILE_CALLERS;
if (callersOf) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stacks = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromUs || at > toUs) continue;
    let id: number | undefined = profile.samples[i]!;
    if (byId.get(id)!.callFrame.functionName !== callersOf) continue;
    const frames: string[] = [];
    while (id !== undefined && frames.length < Number(process.env.PROFILE_DEPTH ?? 8)) {
      const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame;
      const source = url
        ? locate(url, lineNumber, columnNumber)
            .replace(/^.*node_modules\//, '')
            .replace(/^file:\/\/\/work\/wt-p4\//, '')
        : '';
      frames.push(`${functionName || '?'}@${source}`);
      id = parent.get(id);
    }
    const key = frames.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  process.stdout.write(`\nstacks of ${callersOf}\n`);
  for (const [key, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 12))
    process.stdout.write(`${(us / 1000).toFixed(0).padStart(6)} ms  ${key}\n`);
}
