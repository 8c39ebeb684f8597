import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNCAUGHT_EXCEPTION_EXIT_CODE } from './process-guard.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The project's Node 24, which runs TypeScript natively. */
const NODE = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));
const CHILD = fileURLToPath(new URL('./test-process-guard-child.ts', import.meta.url));
/** What the child's escaping errors carry (test-process-guard-child.ts PERSONAL_DATA). */
const PERSONAL = /MARTIN-GUARD|jeanne\.guard/;

interface GuardedChild {
  process: ChildProcess;
  baseUrl: string;
  /** Everything the child wrote on stdout and stderr so far. */
  output(): string;
  /** The child's JSON log lines so far. */
  logLines(): Record<string, unknown>[];
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill();
});

/** Starts the child and answers once it listens. */
async function startGuardedChild(): Promise<GuardedChild> {
  const child = spawn(NODE, [CHILD], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', NODE_OPTIONS: process.env['NODE_OPTIONS'] ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await vi.waitFor(
    () => {
      const match = /^listening (\d+)$/m.exec(output);
      if (!match) throw new Error(`not listening yet: ${output}`);
      return match[1];
    },
    { timeout: 20_000, interval: 50 },
  );
  return {
    process: child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    exited,
  };
}

describe('process guard', { timeout: 30_000 }, () => {
  it('When a promise rejects with nobody to catch it, then the process logs it without its payload and keeps serving', async () => {
    const child = await startGuardedChild();
    expect(await (await fetch(`${child.baseUrl}/reject`)).text()).toBe('ok');
    await vi.waitFor(() =>
      expect(child.logLines()).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'unhandled rejection: logged, the process keeps serving',
          err: expect.objectContaining({ name: 'Error', code: 'E_TEST_ESCAPE', message: 'background task failed' }),
        }),
      ),
    );
    // Still serving, several times over.
    await fetch(`${child.baseUrl}/reject`);
    expect(await (await fetch(`${child.baseUrl}/`)).text()).toBe('ok');
    expect(child.process.exitCode).toBeNull();
    expect(child.output()).not.toMatch(PERSONAL);
  });

  it('When an exception is uncaught, then the process logs it without its payload and exits non-zero on purpose', async () => {
    const child = await startGuardedChild();
    await fetch(`${child.baseUrl}/throw`);
    expect(await child.exited).toBe(UNCAUGHT_EXCEPTION_EXIT_CODE);
    expect(child.logLines()).toContainEqual(
      expect.objectContaining({
        level: 60,
        msg: 'uncaught exception: the process exits for its supervisor to restart it',
        exitCode: UNCAUGHT_EXCEPTION_EXIT_CODE,
        err: expect.objectContaining({ name: 'Error', code: 'E_TEST_ESCAPE', message: 'timer failed' }),
      }),
    );
    expect(child.output()).not.toMatch(PERSONAL);
  });
});
