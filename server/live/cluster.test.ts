import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveActivity } from '../../contracts/socket-events.ts';
import { type PreparedTestDatabase, prepareTestDatabase } from '../db/test-database.ts';
import { createFakeSite } from '../test-support.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const PASSWORD = 'cluster test password';

const STORE = {
  company: 'veligo',
  lang: 'fr' as const,
  step: null,
  infosStatus: null,
  claimGroupId: null,
  guaranteeType: null,
  declaSent: false,
};

const sockets: Socket[] = [];
const site = createFakeSite();

/** Starts `server/index.ts` on the shared PostgreSQL; answers its address once it listens. */
async function startServerProcess(databaseUrl: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(NODE, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_OPTIONS: process.env['NODE_OPTIONS'] ?? '',
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
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await vi.waitFor(
    () => {
      const match = /Claim portal running at (http:\/\/localhost:\d+)\//.exec(output);
      if (!match?.[1]) throw new Error(`not started yet:\n${output}`);
      return match[1];
    },
    { timeout: 60_000, interval: 100 },
  );
  return { url, child };
}

async function connected(socket: Socket): Promise<Socket> {
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ pseudo: 'cluster.admin', password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * A staff socket to `url`'s /bo namespace with the session `cookie`. Its own connection:
 * socket.io-client would otherwise share the visitors' one to this address, without the cookie.
 */
function staffSocket(url: string, cookie: string): Socket {
  return connect(`${url}/bo`, { transports: ['websocket'], forceNew: true, extraHeaders: { Cookie: cookie } });
}

describe('live state across server processes (DATABASE_URL)', () => {
  let first: { url: string; child: ChildProcess };
  let second: { url: string; child: ChildProcess };
  let databaseUrl = '';
  let cluster: PreparedTestDatabase | undefined;

  beforeAll(async () => {
    cluster = await prepareTestDatabase('postgres');
    databaseUrl = cluster.config.DATABASE_URL ?? '';
    first = await startServerProcess(databaseUrl, cluster.dataDir);
    second = await startServerProcess(databaseUrl, join(cluster.dataDir, 'second'));
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await Promise.all(
      [first, second].map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await cluster?.remove();
    site.remove();
  }, 60_000);

  it('When a visitor is on process A, then a staff socket on process B sees it arrive and counts it online; signing out through A closes it', {
    timeout: 60_000,
  }, async () => {
    const cookie = await signIn(second.url);
    const staff = staffSocket(second.url, cookie);
    const arrivals: LiveActivity[] = [];
    const counts: number[] = [];
    staff.on('newActivity', (activity: LiveActivity) => arrivals.push(activity));
    staff.on('onlineUsersCount', (count: number) => counts.push(count));
    await connected(staff);

    const visitor = await connected(connect(first.url, { transports: ['websocket'], forceNew: true }));
    visitor.emit('newconnection', { page: '/veligo/faq', navigator: 'Mozilla/5.0 cluster test' });

    await vi.waitFor(() => expect(arrivals.map((activity) => activity.page)).toContain('/veligo/faq'), {
      timeout: 15_000,
    });
    await vi.waitFor(() => expect(counts.at(-1)).toBe(1), { timeout: 15_000 });

    // Signing out through process A closes the session's staff socket on process B at once.
    const closed: string[] = [];
    staff.on('disconnect', (reason) => closed.push(reason));
    const out = await fetch(`${first.url}/logout`, { method: 'POST', headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    await vi.waitFor(() => expect(closed).toEqual(['io server disconnect']), { timeout: 5_000 });
    visitor.disconnect();
  });

  it('When the next page of a session opens its socket on the other process at once, then one record holds both pages in order', {
    timeout: 60_000,
  }, async () => {
    const pageOne = await connected(connect(first.url, { transports: ['websocket'] }));
    const key = pageOne.id ?? '';
    pageOne.emit('newconnection', { page: '/veligo/declare-sinistre', navigator: 'Mozilla/5.0 cluster test' });
    pageOne.emit('addHistoryPages', { page: '/veligo/declare-sinistre', store: { ...STORE, step: 0 } });
    // The page was shown a moment (its events are on the wire), then the visitor goes on.
    await new Promise((resolve) => setTimeout(resolve, 100));
    pageOne.disconnect();
    // Before process A writes its batch (every second), the next page is on process B.
    const pageTwo = await connected(connect(second.url, { transports: ['websocket'] }));
    pageTwo.emit('movePage', { id: key, page: '/veligo/declare-step1' });
    pageTwo.emit('addHistoryPages', { page: '/veligo/declare-step1', store: { ...STORE, step: 1 } });

    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      await vi.waitFor(
        async () => {
          const { rows } = await database.query<{ history_pages: { page: string }[]; store: { step: number } }>(
            'select history_pages, store from activities where socket_id = $1',
            [key],
          );
          expect(rows).toHaveLength(1);
          expect(rows[0]?.history_pages.map((visit) => visit.page)).toEqual([
            '/veligo/declare-sinistre',
            '/veligo/declare-step1',
          ]);
          expect(rows[0]?.store.step).toBe(1);
        },
        { timeout: 15_000, interval: 250 },
      );
    } finally {
      await database.end();
    }
    pageTwo.disconnect();
  });

  it('When a page the server took is sent again by the next page to the other process (its confirmation came too late), then it is one visit, and each report is confirmed', {
    timeout: 60_000,
  }, async () => {
    const pageOne = await connected(connect(first.url, { transports: ['websocket'] }));
    const key = pageOne.id ?? '';
    pageOne.emit('newconnection', { page: '/veligo/declare-step1', navigator: 'Mozilla/5.0 cluster test' });
    const confirmed = await pageOne.timeout(5_000).emitWithAck('addHistoryPages', {
      page: '/veligo/declare-step1',
      store: { ...STORE, step: 1 },
      seenMsAgo: 1_500,
    });
    expect(confirmed).toBeNull();
    pageOne.disconnect();
    // The tab did not see the confirmation before it left: the next page, on process B, sends the
    // page again at the time it was shown, then its own.
    const pageTwo = await connected(connect(second.url, { transports: ['websocket'] }));
    pageTwo.emit('movePage', { id: key, page: '/veligo/declare-step2' });
    pageTwo.emit('addHistoryPages', { page: '/veligo/declare-step1', store: { ...STORE, step: 1 }, seenMsAgo: 1_700 });
    await pageTwo
      .timeout(5_000)
      .emitWithAck('addHistoryPages', { page: '/veligo/declare-step2', store: { ...STORE, step: 2 }, seenMsAgo: 50 });

    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      await vi.waitFor(
        async () => {
          const { rows } = await database.query<{ history_pages: { page: string }[] }>(
            'select history_pages from activities where socket_id = $1',
            [key],
          );
          expect(rows.map((row) => row.history_pages.map((visit) => visit.page))).toEqual([
            ['/veligo/declare-step1', '/veligo/declare-step2'],
          ]);
        },
        { timeout: 15_000, interval: 250 },
      );
      // Both processes have written their view: still one visit of step 1.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const { rows } = await database.query<{ history_pages: { page: string }[] }>(
        'select history_pages from activities where socket_id = $1',
        [key],
      );
      expect(rows[0]?.history_pages.map((visit) => visit.page)).toEqual([
        '/veligo/declare-step1',
        '/veligo/declare-step2',
      ]);
    } finally {
      await database.end();
    }
    pageTwo.disconnect();
  });

  it('When visitors are only on process A and staff only on process B, then B counts exactly them; when A stops (SIGKILL), none stays "En ligne": not in the count, not in the online activities, and staff are told', {
    timeout: 90_000,
  }, async () => {
    const cookie = await signIn(second.url);
    const staff = staffSocket(second.url, cookie);
    const counts: number[] = [];
    const disconnected: string[] = [];
    staff.on('onlineUsersCount', (count: number) => counts.push(count));
    staff.on('updateDisconnected_at', ({ id }: { id: string }) => disconnected.push(id));
    await connected(staff);
    await vi.waitFor(() => expect(counts.at(-1)).toBe(0), { timeout: 15_000 });

    const keys: string[] = [];
    for (let visitor = 0; visitor < 3; visitor += 1) {
      const socket = await connected(connect(first.url, { transports: ['websocket'], reconnection: false }));
      socket.emit('newconnection', { page: '/sandaya/faq', navigator: 'Mozilla/5.0 cluster test' });
      socket.emit('addHistoryPages', { page: '/sandaya/faq', store: { ...STORE, company: 'sandaya' } });
      keys.push(socket.id ?? '');
    }
    /** The sessions of these visitors that the activities list (read through B) shows online. */
    const listedOnline = async () => {
      const answer = await fetch(`${second.url}/activities?online=true&size=100`, { headers: { Cookie: cookie } });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { datas: { socketId: string; disconnected_at: string | null }[] };
      return body.datas.filter((row) => keys.includes(row.socketId)).map((row) => row.socketId);
    };
    await vi.waitFor(() => expect(counts.at(-1)).toBe(3), { timeout: 15_000 });
    await vi.waitFor(async () => expect((await listedOnline()).sort()).toEqual([...keys].sort()), {
      timeout: 15_000,
      interval: 250,
    });

    // Killed: its visitors leave no disconnection event anywhere, and it writes nothing more.
    first.child.kill('SIGKILL');
    await vi.waitFor(() => expect(counts.at(-1)).toBe(0), { timeout: 45_000, interval: 500 });
    // Its presence expires (30 s without a heartbeat): B's sweep writes them gone and tells staff.
    await vi.waitFor(async () => expect(await listedOnline()).toEqual([]), { timeout: 60_000, interval: 1_000 });
    await vi.waitFor(
      () => expect([...new Set(disconnected.filter((id) => keys.includes(id)))].sort()).toEqual([...keys].sort()),
      {
        timeout: 15_000,
      },
    );
  });
});
