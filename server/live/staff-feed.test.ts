import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { LiveActivity, ServerToClientEvents } from '../../contracts/socket-events.ts';
import { type App, createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { staffSessions, staffUsers } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { addStaffUser } from '../staff-api/sessions/accounts.ts';
import { runStaffCommand } from '../staff-api/sessions/command.ts';
import { hashSessionToken, IDLE_TIMEOUT_MS } from '../staff-api/sessions/sessions.ts';
import { createCapturedLogger, createFakeSite, createTestCatalog } from '../test-support.ts';

type Staff = Socket<ServerToClientEvents, Record<string, never>>;

/** The staff sessions' re-check period of this suite's app (20 s in production). */
const CHECK_EVERY_MS = 300;
const PASSWORD = 'staff feed long password';

describeWithDatabases('staff live feed after the session ends elsewhere', (context) => {
  const captured = createCapturedLogger('info');
  const site = createFakeSite();
  let app: App | undefined;
  let baseUrl = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = createApp({
      config: loadConfig({}),
      logger: captured.logger,
      brands: createTestCatalog(),
      database: context.database,
      staticDir: site.staticDir,
      liveOptions: { staffSessionCheckEveryMs: CHECK_EVERY_MS },
    });
    const server = app.httpServer;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await app?.close();
    site.remove();
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  /** A staff account `login` signed in through the real sign-in: answers its Cookie header. */
  async function signIn(login: string): Promise<string> {
    await context.database.db.delete(staffUsers).where(eq(staffUsers.login, login));
    await addStaffUser(context.database.db, login, PASSWORD);
    const answer = await fetch(`${baseUrl}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pseudo: login, password: PASSWORD }),
    });
    expect(answer.status).toBe(200);
    return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  /** A connected staff socket with what it receives and why it closed. */
  async function watch(cookie: string) {
    const socket: Staff = connect(`${baseUrl}/bo`, {
      transports: ['websocket'],
      extraHeaders: { Cookie: cookie },
      reconnection: false,
    });
    sockets.push(socket);
    const arrivals: LiveActivity[] = [];
    const closed: string[] = [];
    socket.on('newActivity', (activity) => arrivals.push(activity));
    socket.on('disconnect', (reason) => closed.push(reason));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, arrivals, closed };
  }

  /** A visitor arriving on `page`, after which the still-signed-in watcher `witness` has seen it. */
  async function visitorArrives(page: string, witness: { arrivals: LiveActivity[] }): Promise<void> {
    const visitor = connect(baseUrl, { transports: ['websocket'] });
    sockets.push(visitor);
    await new Promise<void>((resolve) => visitor.once('connect', () => resolve()));
    visitor.emit('newconnection', { page, navigator: 'Mozilla/5.0' });
    await vi.waitFor(() => expect(witness.arrivals.map((activity) => activity.page)).toContain(page));
  }

  it.each([
    ['its password is changed (npm run staff -- passwd)', 'feed.passwd'],
    ['its account is removed (npm run staff -- remove)', 'feed.remove'],
    ['it has been idle 30 minutes', 'feed.idle'],
  ])(
    'When a session ends because %s, then its socket closes within the re-check period and sees no visitor after',
    async (_label, login) => {
      const ending = await watch(await signIn(login));
      const witness = await watch(await signIn('feed.witness'));
      await visitorArrives(`/veligo/before-${login}`, ending);
      const db = context.database.db;
      if (login === 'feed.passwd')
        expect(await runStaffCommand(db, ['passwd', login], 'another long password')).toMatchObject({ exitCode: 0 });
      else if (login === 'feed.remove')
        expect(await runStaffCommand(db, ['remove', login])).toMatchObject({ exitCode: 0 });
      else
        await db
          .update(staffSessions)
          .set({ lastSeenAt: new Date(Date.now() - IDLE_TIMEOUT_MS - 60_000) })
          .where(sql`${staffSessions.staffUserId} = (select id from staff_users where login = ${login})`);
      await vi.waitFor(() => expect(ending.closed).toEqual(['io server disconnect']), { timeout: CHECK_EVERY_MS * 10 });
      await visitorArrives(`/veligo/after-${login}`, witness);
      expect(ending.arrivals.map((activity) => activity.page)).not.toContain(`/veligo/after-${login}`);
      expect(witness.closed).toEqual([]);
    },
  );

  it('When a dashboard only listens, then the re-check does not keep its session alive', async () => {
    const cookie = await signIn('feed.listener');
    const tokenHash = hashSessionToken(cookie.split('=')[1] ?? '');
    const earlier = new Date(Date.now() - 10 * 60_000);
    await context.database.db
      .update(staffSessions)
      .set({ lastSeenAt: earlier })
      .where(eq(staffSessions.tokenHash, tokenHash));
    const listener = await watch(cookie);
    // The handshake is a request: it touches the session once.
    const [touched] = await context.database.db
      .select({ lastSeenAt: staffSessions.lastSeenAt })
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, tokenHash));
    await context.database.db
      .update(staffSessions)
      .set({ lastSeenAt: earlier })
      .where(eq(staffSessions.tokenHash, tokenHash));
    expect(touched?.lastSeenAt.getTime()).toBeGreaterThan(earlier.getTime());
    await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS * 4));
    const [after] = await context.database.db
      .select({ lastSeenAt: staffSessions.lastSeenAt })
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, tokenHash));
    expect(after?.lastSeenAt.getTime()).toBe(earlier.getTime());
    expect(listener.socket.connected).toBe(true);
  });
});
