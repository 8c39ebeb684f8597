import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { LiveActivity } from '../../contracts/socket-events.ts';
import { type PreparedTestDatabase, prepareTestDatabase } from '../db/test-database.ts';
import { createFakeSite } from '../test-support.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const PASSWORD = 'cluster test password';

const children: ChildProcess[] = [];
const sockets: Socket[] = [];
let database: PreparedTestDatabase | undefined;
const site = createFakeSite();

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await database?.remove();
  site.remove();
});

/** Starts `server/index.ts` on the shared PostgreSQL; answers its address once it listens. */
async function startServer(databaseUrl: string, dataDir: string): Promise<string> {
  const child = spawn(NODE, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: site.staticDir,
      BO_ADMIN_LOGIN: 'cluster.admin',
      BO_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return vi.waitFor(
    () => {
      const match = /Claim portal running at (http:\/\/localhost:\d+)\//.exec(output);
      if (!match?.[1]) throw new Error(`not started yet:\n${output}`);
      return match[1];
    },
    { timeout: 60_000, interval: 100 },
  );
}

describe('live state across server processes (DATABASE_URL)', () => {
  it('When a visitor is on process A, then a staff socket on process B sees it arrive and counts it online', {
    timeout: 120_000,
  }, async () => {
    database = await prepareTestDatabase('postgres');
    const url = database.config.DATABASE_URL ?? '';
    const first = await startServer(url, database.dataDir);
    const second = await startServer(url, join(database.dataDir, 'second'));
    expect(first).not.toBe(second);

    const login = await fetch(`${second}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pseudo: 'cluster.admin', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const staff = connect(`${second}/bo`, { transports: ['websocket'], extraHeaders: { Cookie: cookie } });
    sockets.push(staff);
    const arrivals: LiveActivity[] = [];
    const counts: number[] = [];
    staff.on('newActivity', (activity: LiveActivity) => arrivals.push(activity));
    staff.on('onlineUsersCount', (count: number) => counts.push(count));
    await new Promise<void>((resolve, reject) => {
      staff.once('connect', () => resolve());
      staff.once('connect_error', reject);
    });

    const visitor = connect(first, { transports: ['websocket'] });
    sockets.push(visitor);
    await new Promise<void>((resolve) => visitor.once('connect', () => resolve()));
    visitor.emit('newconnection', { page: '/veligo/faq', navigator: 'Mozilla/5.0 cluster test' });

    await vi.waitFor(() => expect(arrivals.map((activity) => activity.page)).toContain('/veligo/faq'), {
      timeout: 15_000,
    });
    await vi.waitFor(() => expect(counts.at(-1) ?? 0).toBeGreaterThanOrEqual(1), { timeout: 15_000 });

    // Signing out through process A closes the session's staff socket on process B at once.
    const closed: string[] = [];
    staff.on('disconnect', (reason) => closed.push(reason));
    const out = await fetch(`${first}/logout`, { method: 'POST', headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    await vi.waitFor(() => expect(closed).toEqual(['io server disconnect']), { timeout: 5_000 });
  });
});
