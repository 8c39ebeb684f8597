import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Server processes for the bench: each a `node <script>` child on a free port (PORT=0), its
 * address read from the line it prints once it listens ("… running at http://localhost:<port>"),
 * as server/index.ts and bench/bare-claim-server.ts both print it.
 */

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface ListeningProcess {
  baseUrl: string;
  child: ChildProcess;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** How long a process may take to listen: migrations and the demo seed come first. */
const START_TIMEOUT_MS = 180_000;

/**
 * Node flags for every server process the bench starts, from BENCH_NODE_ARGS (space-separated):
 * `BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profiles'` profiles them under the bench's load.
 */
function serverNodeArgs(): string[] {
  return (process.env['BENCH_NODE_ARGS'] ?? '').split(' ').filter((flag) => flag !== '');
}

export async function startListening(script: string, env: Record<string, string>): Promise<ListeningProcess> {
  const child = spawn(process.execPath, [...serverNodeArgs(), join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not listen within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-2000)}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', read);
        child.stderr?.off('data', read);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} stopped before listening (exit code ${code}):\n${output.slice(-2000)}`));
    });
  });
  // Keep draining the pipes: a full pipe would block the child's writes.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Stops every process given, together. */
export async function stopAll(processes: readonly ListeningProcess[]): Promise<void> {
  await Promise.all(processes.map((process) => process.stop()));
}
