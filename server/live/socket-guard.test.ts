import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { SECURE_STAFF_COOKIES } from '../staff-api/sessions/staff-cookies.ts';
import { loadConfig } from '../config.ts';
import { activities } from '../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { createLogger } from '../logger.ts';
import { readSecurityEventCounts, type SecurityEventKind } from '../security/security-events.ts';
import { signedInStaffCookie } from '../staff-api/sessions/test-support.ts';
import { createFakeSite, createTestCatalog } from '../test-support.ts';
import { STAFF_NAMESPACE } from './live-activity.ts';
import type { SocketLimits } from './socket-guard.ts';

/**
 * What a socket.io connection meets before its events are read (socket-guard.ts), on the real app
 * with real clients: the Origin it comes from, the sockets its address group holds, the events its
 * address group sends together, and the packets of its connection. The database is not involved
 * beyond the security counts: one database (PGlite) is enough.
 */

const PUBLIC_SITE = 'https://claims.example.com';
/** Small limits, so that a test reaches them with a few sockets. */
const LIMITS: Partial<SocketLimits> = { connectionsPerAddressGroup: 3, groupEventBurst: 10, groupEventsPerSecond: 1 };

const STORE = {
  company: 'veligo',
  lang: 'en' as const,
  step: 1,
  infosStatus: null,
  claimGroupId: null,
  guaranteeType: null,
  declaSent: false,
};

describe('socket handshakes and budgets', () => {
  const site = createFakeSite();
  let test: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let baseUrl = '';
  let host = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    test = await openTestDatabase('pglite');
    app = createApp({
      config: loadConfig({ TRUST_PROXY: '1', PUBLIC_SITE_URL: PUBLIC_SITE }),
      logger: createLogger('silent'),
      brands: createTestCatalog(),
      database: test.database,
      staticDir: site.staticDir,
      liveOptions: { socketLimits: LIMITS },
    });
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    const { port } = app.httpServer.address() as AddressInfo;
    host = `127.0.0.1:${port}`;
    baseUrl = `http://${host}`;
  }, 60_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await app.close();
    await test.close();
    site.remove();
  });

  /** Opens a socket with these headers; answers it once connected, or the refusal's message. */
  async function open(headers: Record<string, string>, namespace = '/'): Promise<{ socket: Socket; refused?: string }> {
    const socket = connect(`${baseUrl}${namespace === '/' ? '' : namespace}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: headers,
    });
    sockets.push(socket);
    return new Promise((resolve) => {
      socket.once('connect', () => resolve({ socket }));
      socket.once('connect_error', (error) => resolve({ socket, refused: error.message }));
    });
  }

  async function countOf(kind: SecurityEventKind): Promise<number> {
    await app.securityEvents.flush();
    const counts = await readSecurityEventCounts(test.database.db, new Date().toISOString().slice(0, 10));
    return counts.find((count) => count.kind === kind)?.today ?? 0;
  }

  it('When a page of another site opens a socket, then the handshake is refused and counted for staff', async () => {
    const before = await countOf('socket_origin_refused');
    for (const origin of ['https://evil.example', 'null', 'https://claims.example.com.evil.example']) {
      const { refused } = await open({ Origin: origin, 'X-Forwarded-For': '192.0.2.10' });
      expect({ origin, refused: refused !== undefined }).toEqual({ origin, refused: true });
    }
    expect((await countOf('socket_origin_refused')) - before).toBe(3);
  });

  it('When a page of the public site or of the server’s own host opens a socket, then it connects; so does a client sending no Origin', async () => {
    for (const headers of [{ Origin: PUBLIC_SITE }, { Origin: `http://${host}` }, {}]) {
      const { refused } = await open({ ...headers, 'X-Forwarded-For': '192.0.2.11' });
      expect({ headers, refused }).toEqual({ headers, refused: undefined });
    }
  });

  it('When a page of a sibling host opens the staff namespace with a signed-in cookie, then it is refused; from the server’s own host it streams', async () => {
    // The site is HTTPS: the session cookie is the __Host- one (staff-cookies.ts).
    const plain = await signedInStaffCookie(test.database.db);
    const cookie = plain.replace(/^[^=]+=/, `${SECURE_STAFF_COOKIES.session}=`);
    const sibling = await open({ Cookie: cookie, Origin: 'https://evil.claims.example.com' }, STAFF_NAMESPACE);
    expect(sibling.refused).toBeDefined();
    const own = await open({ Cookie: cookie, Origin: `http://${host}` }, STAFF_NAMESPACE);
    expect(own.refused).toBeUndefined();
  });

  it('When an address group holds its cap of sockets, then its next one is refused and counted, another address still connects, and one leaving makes room', async () => {
    const before = await countOf('socket_connections_capped');
    const group = { 'X-Forwarded-For': '192.0.2.20' };
    const held = await Promise.all([open(group), open(group), open(group)]);
    expect(held.map((opened) => opened.refused)).toEqual([undefined, undefined, undefined]);
    expect((await open(group)).refused).toBeDefined();
    // The same IPv6 /64 is one group; another address is not.
    expect((await open({ 'X-Forwarded-For': '2001:db8:0:7::1' })).refused).toBeUndefined();
    expect((await open({ 'X-Forwarded-For': '192.0.2.21' })).refused).toBeUndefined();
    expect((await countOf('socket_connections_capped')) - before).toBe(1);
    held[0]?.socket.disconnect();
    // Each try opens a socket: beside browser files that alone can take more than waitFor's 1 s default.
    await vi.waitFor(async () => expect((await open(group)).refused).toBeUndefined(), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it('When the sockets of one address send more than their shared budget, each within its own, then the excess is dropped and the senders are disconnected', async () => {
    const before = await countOf('socket_flood');
    const group = { 'X-Forwarded-For': '192.0.2.30' };
    const opened = await Promise.all([open(group), open(group), open(group)]);
    const flooders = opened.map(({ socket }) => socket);
    const keys = flooders.map((socket) => socket.id ?? '');
    const reasons = flooders.map((socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve)));
    // 3 × 30 events: within each socket's burst (30), far over the group's (10).
    for (const socket of flooders)
      for (let n = 0; n < 30; n += 1) socket.emit('addHistoryPages', { page: `/veligo/en/p-${n}`, store: STORE });
    expect(await Promise.all(reasons)).toEqual([
      'io server disconnect',
      'io server disconnect',
      'io server disconnect',
    ]);
    await app.live.recorder.flush();
    const records = await test.database.db.select().from(activities).where(inArray(activities.socketId, keys));
    const recorded = records.reduce((pages, record) => pages + record.historyPages.length, 0);
    expect(recorded).toBeLessThanOrEqual(11);
    expect((await countOf('socket_flood')) - before).toBeGreaterThanOrEqual(1);
  });

  it('When a connection floods packets that are no event (acknowledgements of nothing), then it is closed', async () => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const closed = new Promise<void>((resolve) => socket.addEventListener('close', () => resolve()));
    await new Promise<void>((resolve) => {
      socket.addEventListener('message', (event) => {
        const data = String(event.data);
        if (data.startsWith('0')) socket.send('40');
        if (data.startsWith('40')) resolve();
      });
    });
    for (let n = 0; n < 1_000 && socket.readyState === WebSocket.OPEN; n += 1) socket.send(`43${n}[]`);
    await closed;
    expect(socket.readyState).toBe(WebSocket.CLOSED);
  });
});
