import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server as `npm start` runs it (server/index.ts: embedded database seeded with the demo data),
 * in its own process on a free port: a measurement running in this process (Lighthouse's analysis,
 * a load generator) then does not share the server's event loop.
 */
export interface ServerProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function startServerProcess(staticDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'server', 'index.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, STATIC_DIR: staticDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server stopped before listening (exit code ${code})`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
