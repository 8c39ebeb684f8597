import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareTestDatabase } from './db/test-database.ts';
import { INITIAL_ADMIN_PASSWORD_FILE } from './staff-api/sessions/initial-password.ts';
import { createFakeSite } from './test-support.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The project's Node 24, which runs TypeScript natively. */
const NODE = join(ROOT, 'node_modules', '.bin', 'node');

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function runServer(env: Record<string, string>): Run {
  const child = spawn(NODE, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_OPTIONS: process.env['NODE_OPTIONS'] ?? '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function waitForUrl(run: Run): Promise<string> {
  // Starting Node and opening the embedded database: seconds on a busy machine.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /Claim portal running at (http:\/\/localhost:\d+)\//.exec(run.stdout());
    if (match?.[1]) return match[1];
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start:\n${run.stdout()}\n${run.stderr()}`);
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('server/index.ts', () => {
  // Starting Node and importing the server takes seconds on a busy machine.
  it('When the configuration is invalid, then it exits 1 with one line naming the variable', {
    timeout: 30_000,
  }, async () => {
    const run = runServer({ PORT: 'abc' });
    expect(await run.exited).toEqual({ code: 1, signal: null });
    const lines = run.stderr().trim().split('\n');
    expect(lines).toEqual(['Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc").']);
  });

  it('When it runs and receives SIGTERM, then it serves, stops cleanly and exits 0', { timeout: 90_000 }, async () => {
    const site = createFakeSite();
    // A copy of the run's migrated database: creating one (PGlite's initdb, the migrations) took
    // over a minute beside the browser files, and is not this test's subject. A start on an empty
    // folder, with the demo data, is how bench/wizard-journey.test.ts starts its server.
    const { dataDir, remove } = await prepareTestDatabase('pglite');
    cleanups.push(site.remove, () => void remove());
    // Without the demo data: seeding it is not this test's subject, and takes seconds.
    const run = runServer({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: site.staticDir, DEMO_DATA: 'off' });
    cleanups.push(() => run.child.kill('SIGKILL'));

    const url = await waitForUrl(run);
    // Log lines are written asynchronously: the plain line above may come first.
    await vi.waitFor(() => expect(run.stdout()).toContain('"msg":"listening"'));
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${url}/veligo/faq`)).text()).toBe('<h1>faq veligo fr</h1>');
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(true);

    // A second server on the same DATA_DIR would corrupt the embedded database: it refuses to start.
    const second = runServer({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: site.staticDir, DEMO_DATA: 'off' });
    cleanups.push(() => second.child.kill('SIGKILL'));
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.stderr().trim().split('\n')).toEqual([
      `Another process (pid ${run.child.pid}) is using ${join(dataDir, 'pgdata')}; stop it or use another DATA_DIR.`,
    ]);

    // A live visitor and an idle keep-alive connection must not hold the stop back.
    const client = connect(url, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    const disconnected = new Promise<string>((resolve) => client.once('disconnect', resolve));

    const stopStarted = Date.now();
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopStarted).toBeLessThan(5_000);
    expect(await disconnected).toBeTypeOf('string');
    expect(run.stdout()).toContain('"msg":"stopped"');
    expect(run.stderr()).toBe('');
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
  });
});

describe('server/index.ts: the first staff password', () => {
  it('When the first start creates admin, then its password is in a file only its user may read, never on stdout, and changing it deletes the file', {
    timeout: 120_000,
  }, async () => {
    const site = createFakeSite();
    // A copy of the run's migrated database, without any account: the start creates admin as on a
    // new machine, without PGlite's initdb.
    const { dataDir, remove } = await prepareTestDatabase('pglite');
    cleanups.push(site.remove, () => void remove());
    const run = runServer({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: site.staticDir, DEMO_DATA: 'off' });
    cleanups.push(() => run.child.kill('SIGKILL'));
    const url = await waitForUrl(run);

    const passwordFile = join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
    expect(run.stdout()).toContain(
      `Back office: first account "admin" created; its password is in ${passwordFile} (readable by this user only).`,
    );
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    const content = readFileSync(passwordFile, 'utf8');
    expect(content).toMatch(/^[A-Za-z0-9_-]{20}\n$/);
    const password = content.trim();
    expect(run.stdout()).not.toContain(password);
    expect(run.stderr()).not.toContain(password);
    const signIn = await fetch(`${url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pseudo: 'admin', password }),
    });
    expect(signIn.status).toBe(200);

    // `npm run staff -- passwd admin` goes through the running server, which holds the database.
    const passwd = spawn(NODE, ['scripts/staff.ts', 'passwd', 'admin'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', NODE_OPTIONS: process.env['NODE_OPTIONS'] ?? '', DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    passwd.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    passwd.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    passwd.stdin.end('a-new-password-of-mine\n');
    const code = await new Promise<number | null>((resolve) => passwd.once('exit', resolve));
    expect({ code, output }).toEqual({ code: 0, output: 'Password of "admin" changed; its sessions have ended.\n' });
    expect(existsSync(passwordFile)).toBe(false);

    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
  });
});
