import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/db/test-postgres-server.ts';

/**
 * Debian's nginx run by this process: in the foreground, on 127.0.0.1 and a free port, every file
 * it writes in a temporary folder, stopped with the caller. Used by `npm run cluster` and the tests.
 */

export interface RunningNginx {
  url: string;
  port: number;
  /** The whole configuration it runs, for messages. */
  configFile: string;
  stop(): Promise<void>;
}

/** `nginx` on PATH or where Debian installs it; the message says how to install it. */
function findNginx(): string {
  const candidates = [
    ...(process.env['PATH'] ?? '').split(':').map((folder) => join(folder, 'nginx')),
    '/usr/sbin/nginx',
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error('nginx is not installed: `apt-get install nginx-light` (.ci/run does).');
  return found;
}

/** Mime types nginx's list lacks or names otherwise than the Express server (RFC 9239 for scripts). */
const EXTRA_TYPES = 'types { application/manifest+json webmanifest; text/javascript js mjs; application/xml xml; }';

async function waitForAnswer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output()}`);
    try {
      await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx does not answer at ${url}: ${output()}`);
}

/**
 * Starts nginx with `httpBlock(port)`: directives of the `http {}` context, with a `server {}` that
 * listens on `127.0.0.1:${port}` (`chosenPort`, else a free one).
 */
export async function startNginx(httpBlock: (port: number) => string, chosenPort?: number): Promise<RunningNginx> {
  const binary = findNginx();
  const folder = await mkdtemp(join(tmpdir(), 'claim-portal-nginx-'));
  const port = chosenPort ?? (await freePort());
  // As root nginx would hand its workers to `nobody`, who may not read the build or write the
  // temporary folder: keep them as this user.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};` : '';
  const configFile = join(folder, 'nginx.conf');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(folder, kind)};`)
    .join('\n  ');
  await writeFile(
    configFile,
    [
      user,
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(folder, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 2048; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  ${EXTRA_TYPES}`,
      '  default_type application/octet-stream;',
      '  access_log off;',
      `  ${temp}`,
      httpBlock(port),
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-p', folder, '-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(url, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    configFile,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // SIGQUIT: nginx's graceful stop; SIGTERM would be a fast one.
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The `server {}` serving the build folder `distDir` with its generated nginx-site.conf only. */
export function staticServerBlock(distDir: string, port: number, extra = ''): string {
  return [
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${distDir};`,
    extra,
    `    include ${join(distDir, 'nginx-site.conf')};`,
    '  }',
  ].join('\n');
}
