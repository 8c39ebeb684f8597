import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time used by processes (user and system, in milliseconds), read from Linux's /proc: how
 * the claim bench tells what a claim costs the server processes and the database, beside the
 * throughput that sums them. Undefined where /proc cannot be read (another system): the bench
 * then prints no CPU figures.
 */

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`; 100 on Linux). */
let ticksPerSecond: number | undefined;

function ticks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

interface ProcessTimes {
  parent: number;
  /** utime + stime, in ticks. */
  own: number;
  /** cutime + cstime: the children it has waited for, in ticks. */
  children: number;
}

/** The times of one process, from /proc/<pid>/stat (fields after the command, which may hold spaces). */
function timesOf(pid: number): ProcessTimes | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
  return {
    parent: Number(fields[1]),
    own: Number(fields[11]) + Number(fields[12]),
    children: Number(fields[13]) + Number(fields[14]),
  };
}

/** CPU milliseconds of `pid` alone (no children). */
export function processCpuMs(pid: number | undefined): number | undefined {
  const times = pid === undefined ? undefined : timesOf(pid);
  return times === undefined ? undefined : (times.own * 1000) / ticks();
}

/**
 * CPU milliseconds of the children of `pid` that have ended and that it has waited for (a build
 * run with spawnSync, once it has returned).
 */
export function finishedChildrenCpuMs(pid: number): number | undefined {
  const times = timesOf(pid);
  return times === undefined ? undefined : (times.children * 1000) / ticks();
}

/**
 * CPU milliseconds of `root` and every process under it, those that have ended included (a
 * PostgreSQL server: the postmaster, its backends and workers, and the backends of closed connections).
 */
export function processTreeCpuMs(root: number | undefined): number | undefined {
  if (root === undefined) return undefined;
  const rootTimes = timesOf(root);
  if (rootTimes === undefined) return undefined;
  const all = new Map<number, ProcessTimes>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const times = timesOf(Number(entry));
    if (times) all.set(Number(entry), times);
  }
  let total = rootTimes.own + rootTimes.children;
  const under = (pid: number): boolean => {
    for (let parent = all.get(pid)?.parent; parent !== undefined && parent > 1; parent = all.get(parent)?.parent)
      if (parent === root) return true;
    return false;
  };
  for (const [pid, times] of all) if (pid !== root && under(pid)) total += times.own;
  return (total * 1000) / ticks();
}
