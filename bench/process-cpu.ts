/**
 * CPU time from /proc (Linux): what a process group (the server started by the bench, in a group of its own), its
 * busiest process's main thread, and the whole machine spent, in milliseconds. Read before and after a phase of
 * the bench, the differences divided by the requests the phase sent are each request's cost, on the server's
 * clock and not the client's. Elsewhere than Linux every figure is NaN.
 */
import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on every Linux the shop runs on

/** utime + stime of a `/proc/.../stat` line, in ms; the command may hold spaces and parentheses. */
function statCpuMs(stat: string): { pgrp: number; cpuMs: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state(0) ppid(1) pgrp(2) ... utime(11) stime(12)
  return { pgrp: Number(fields[2]), cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
}

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

export interface CpuReading {
  /** Every process of the group, every thread. */
  groupMs: number;
  /** The main thread of the group's busiest process (the server's event loop). */
  mainThreadMs: number;
  /** Every CPU of the machine, busy time (the client, PostgreSQL and everything else included). */
  machineMs: number;
}

/** The CPU spent so far by process group `pgid`, its busiest process's main thread, and the machine. */
export function readCpu(pgid: number): CpuReading {
  if (process.platform !== 'linux') return { groupMs: NaN, mainThreadMs: NaN, machineMs: NaN };
  let groupMs = 0;
  let busiest = { pid: 0, cpuMs: -1 };
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat) continue;
    const { pgrp, cpuMs } = statCpuMs(stat);
    if (pgrp !== pgid) continue;
    groupMs += cpuMs;
    if (cpuMs > busiest.cpuMs) busiest = { pid: Number(entry), cpuMs };
  }
  const mainStat = busiest.pid ? read(`/proc/${busiest.pid}/task/${busiest.pid}/stat`) : undefined;
  const cpuLine = read('/proc/stat')?.split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  // user nice system idle iowait irq softirq steal: busy is everything but idle and iowait
  const machineTicks = cpuLine
    .slice(0, 8)
    .reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
  return {
    groupMs,
    mainThreadMs: mainStat ? statCpuMs(mainStat).cpuMs : NaN,
    machineMs: machineTicks * TICK_MS,
  };
}

/** The CPU spent between two readings. */
export const cpuSince = (before: CpuReading, after: CpuReading): CpuReading => ({
  groupMs: after.groupMs - before.groupMs,
  mainThreadMs: after.mainThreadMs - before.mainThreadMs,
  machineMs: after.machineMs - before.machineMs,
});
