import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs server/db/test-embedded-child.ts in its own Node process, for the crash and lock tests. */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The project's Node 24, which runs TypeScript natively. */
const NODE = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));
const CHILD = fileURLToPath(new URL('./test-embedded-child.ts', import.meta.url));

export type ChildMode = 'crash' | 'hold' | 'lock' | 'claims';

export interface EmbeddedChild {
  process: ChildProcess;
  pid: number;
  /** Complete stdout lines so far. */
  lines(): string[];
  stderr(): string;
  /** Resolves with the first line matching `pattern`; rejects if the child exits or time runs out. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startEmbeddedChild(mode: ChildMode, dataDir: string): EmbeddedChild {
  const child = spawn(NODE, [CHILD, mode, dataDir], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', NODE_OPTIONS: process.env['NODE_OPTIONS'] ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // Only lines ended by a newline: a line cut by a kill is not a report.
  const lines = () => stdout.split('\n').slice(0, -1);
  return {
    process: child,
    pid: child.pid ?? 0,
    lines,
    stderr: () => stderr,
    exited,
    async waitForLine(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const line = lines().find((candidate) => pattern.test(candidate));
        if (line !== undefined) return line;
        if (child.exitCode !== null || child.signalCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(
        `The ${mode} child did not print ${pattern} (stdout: ${stdout.slice(-500)}; stderr: ${stderr.slice(-2000)})`,
      );
    },
  };
}
