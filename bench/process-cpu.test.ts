import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { finishedChildrenCpuMs, processCpuMs, processTreeCpuMs } from './process-cpu.ts';

/** A node child that keeps one core busy for `ms` of its own CPU time, then exits. */
async function burn(ms: number): Promise<void> {
  const child = spawn(process.execPath, [
    '-e',
    `const end = process.cpuUsage().user + ${ms * 1000}; while (process.cpuUsage().user < end);`,
  ]);
  await once(child, 'exit');
}

describe('the claim bench reads what processes spent of the CPU', () => {
  it('When a process works, then its CPU time grows by about what it spent', () => {
    const before = processCpuMs(process.pid);
    const end = process.cpuUsage().user + 200_000;
    while (process.cpuUsage().user < end);
    const after = processCpuMs(process.pid);
    expect(before).toBeTypeOf('number');
    expect((after ?? 0) - (before ?? 0)).toBeGreaterThanOrEqual(150);
  });

  it('When a child process has worked and ended, then its time counts in its parent’s tree, not in the parent alone', async () => {
    const tree = processTreeCpuMs(process.pid) ?? 0;
    const own = processCpuMs(process.pid) ?? 0;
    await burn(300);
    const treeGrew = (processTreeCpuMs(process.pid) ?? 0) - tree;
    const ownGrew = (processCpuMs(process.pid) ?? 0) - own;
    // The parent spends CPU of its own meanwhile (starting the child, and whatever else the test
    // process runs): the child's 300 ms are what the tree gained beyond it.
    expect(treeGrew - ownGrew).toBeGreaterThanOrEqual(250);
  });

  it('When a child process has worked and ended, then its time counts in its parent’s finished children', async () => {
    const before = finishedChildrenCpuMs(process.pid) ?? 0;
    await burn(300);
    expect((finishedChildrenCpuMs(process.pid) ?? 0) - before).toBeGreaterThanOrEqual(250);
  });

  it('When the process does not exist, then nothing is read', () => {
    expect(processCpuMs(2 ** 30)).toBeUndefined();
    expect(processTreeCpuMs(2 ** 30)).toBeUndefined();
    expect(finishedChildrenCpuMs(2 ** 30)).toBeUndefined();
    expect(processCpuMs(undefined)).toBeUndefined();
  });
});
