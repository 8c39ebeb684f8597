import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect, it, vi } from 'vitest';
import type { ClientToServerEvents, LiveActivity, ServerToClientEvents } from '../../contracts/socket-events.ts';
import { activities } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { usePartnerApiApp } from '../partner-api/proofs/test-support.ts';
import { signedInStaffCookie } from '../staff/test-support.ts';
import { createCapturedLogger } from '../test-support.ts';
import { MAX_HISTORY_PAGES } from './activity-recorder.ts';

type Visitor = Socket<ServerToClientEvents, ClientToServerEvents>;
type Staff = Socket<ServerToClientEvents, Record<string, never>>;

const STORE = {
  company: 'veligo',
  lang: 'en' as const,
  step: null,
  infosStatus: null,
  claimGroupId: null,
  guaranteeType: null,
  declaSent: false,
};

describeWithDatabases('live activity', (context) => {
  const captured = createCapturedLogger('info');
  const suite = usePartnerApiApp(context, captured.logger);
  const sockets: Socket[] = [];

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  async function visitor(): Promise<Visitor> {
    const socket: Visitor = connect(suite.app.baseUrl, {
      transports: ['websocket'],
      extraHeaders: { 'User-Agent': 'Mozilla/5.0 (iPhone) Mobile Safari/604.1' },
    });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return socket;
  }

  async function staff(cookie?: string): Promise<{ socket: Staff; error?: string }> {
    const socket: Staff = connect(`${suite.app.baseUrl}/bo`, {
      transports: ['websocket'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      reconnection: false,
    });
    sockets.push(socket);
    return new Promise((resolve) => {
      socket.once('connect', () => resolve({ socket }));
      socket.once('connect_error', (error) => resolve({ socket, error: error.message }));
    });
  }

  async function recordOf(socketId: string) {
    await suite.app.live.recorder.flush();
    const [row] = await context.database.db.select().from(activities).where(eq(activities.socketId, socketId));
    return row;
  }

  it('When a visitor opens two pages, then one activity record holds the entry page, the current page and the history', async () => {
    const first = await visitor();
    first.emit('newconnection', { page: '/veligo/en', navigator: 'Mozilla/5.0 (iPhone) Mobile Safari/604.1' });
    first.emit('addHistoryPages', { page: '/veligo/en', store: STORE });
    await vi.waitFor(() => expect(suite.app.live.recorder.get(first.id ?? '')?.historyPages).toHaveLength(1));
    const firstId = first.id ?? '';
    first.disconnect();
    // The next page: a new socket naming the previous one.
    const second = await visitor();
    second.emit('movePage', { id: firstId, page: '/veligo/en/declare-sinistre' });
    second.emit('addHistoryPages', { page: '/veligo/en/declare-sinistre', store: { ...STORE, step: null } });
    await vi.waitFor(() => expect(suite.app.live.recorder.get(second.id ?? '')?.historyPages).toHaveLength(2));
    // The record keeps the session's key (its first socket's id) whatever page it is on.
    expect(await recordOf(second.id ?? '')).toBeUndefined();
    const row = await recordOf(firstId);
    expect(row).toMatchObject({
      entryPage: '/veligo/en',
      currentPage: '/veligo/en/declare-sinistre',
      navigator: 'Mozilla/5.0 (iPhone) Mobile Safari/604.1',
      disconnectedAt: null,
      store: STORE,
    });
    expect(row?.historyPages.map((visit) => visit.page)).toEqual(['/veligo/en', '/veligo/en/declare-sinistre']);
    second.disconnect();
    await vi.waitFor(async () => expect((await recordOf(firstId))?.disconnectedAt ?? null).not.toBeNull());
  });

  it('When many events arrive, then they are written in a few statements, not one per event', async () => {
    const before = suite.app.live.recorder.statements;
    const visitors = await Promise.all(Array.from({ length: 10 }, () => visitor()));
    for (const [index, socket] of visitors.entries()) {
      socket.emit('newconnection', { page: `/sandaya/faq`, navigator: 'test' });
      for (let page = 0; page < 5; page += 1)
        socket.emit('addHistoryPages', { page: `/sandaya/page-${index}-${page}`, store: STORE });
    }
    await vi.waitFor(() =>
      expect(visitors.every((socket) => suite.app.live.recorder.get(socket.id ?? '')?.historyPages.length === 5)).toBe(
        true,
      ),
    );
    await suite.app.live.recorder.flush();
    // 60 events: one id allocation and one upsert (or a timer flush in between).
    expect(suite.app.live.recorder.statements - before).toBeLessThanOrEqual(4);
    const rows = await context.database.db.select().from(activities).where(eq(activities.entryPage, '/sandaya/faq'));
    expect(rows.length).toBeGreaterThanOrEqual(10);
  });

  it('When a socket floods events, then the excess is dropped and the history stays bounded', async () => {
    const socket = await visitor();
    socket.emit('newconnection', { page: '/golfy', navigator: 'test' });
    for (let index = 0; index < 400; index += 1)
      socket.emit('addHistoryPages', { page: `/golfy/p${index}`, store: STORE });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const record = suite.app.live.recorder.get(socket.id ?? '');
    // A burst of 30 events is allowed, then 5 a second.
    expect(record?.historyPages.length ?? 0).toBeLessThan(40);
    expect(MAX_HISTORY_PAGES).toBe(200);
  });

  it('When a store snapshot carries personal fields, then the record keeps only the allow-list', async () => {
    const socket = await visitor();
    socket.emit('newconnection', { page: '/veligo', navigator: 'test' });
    socket.emit('addHistoryPages', {
      page: '/veligo/declare-step4',
      // @ts-expect-error: a hostile client adding personal data
      store: { ...STORE, step: 4, lastName: 'MARTIN', email: 'jeanne@example.com' },
    });
    await vi.waitFor(() => expect(suite.app.live.recorder.get(socket.id ?? '')?.historyPages).toHaveLength(1));
    const row = await recordOf(socket.id ?? '');
    expect(JSON.stringify(row)).not.toMatch(/MARTIN|jeanne/);
    expect(row?.store).toEqual({ ...STORE, step: 4 });
  });

  it('When a staff socket has no session, then /bo refuses it; with one, it sees visitors arrive, move and leave', async () => {
    expect((await staff()).error).toBe('unauthorized');
    expect((await staff('bo_session=forged')).error).toBe('unauthorized');
    const { socket: watcher, error } = await staff(await signedInStaffCookie(context.database.db));
    expect(error).toBeUndefined();
    const counts: number[] = [];
    const seen: LiveActivity[] = [];
    const moves: { id: string; page: string }[] = [];
    const left: string[] = [];
    watcher.on('onlineUsersCount', (count) => counts.push(count));
    watcher.on('newActivity', (activity) => seen.push(activity));
    watcher.on('updateUserLocation', (move) => moves.push(move));
    watcher.on('updateDisconnected_at', ({ id }) => left.push(id));
    const customer = await visitor();
    customer.emit('newconnection', { page: '/tohapi', navigator: 'test' });
    customer.emit('addHistoryPages', { page: '/tohapi/contact', store: { ...STORE, company: 'tohapi' } });
    await vi.waitFor(() => expect(seen.some((activity) => activity.id === customer.id)).toBe(true));
    await vi.waitFor(() => expect(moves).toContainEqual({ id: customer.id, page: '/tohapi/contact' }));
    await vi.waitFor(() => expect(counts.at(-1) ?? 0).toBeGreaterThanOrEqual(1), { timeout: 5_000 });
    const id = customer.id ?? '';
    customer.disconnect();
    await vi.waitFor(() => expect(left).toContain(id));
  });

  it('When a customer socket listens, then it never receives the staff events', async () => {
    const listener = await visitor();
    const received: string[] = [];
    listener.onAny((event: string) => received.push(event));
    const other = await visitor();
    other.emit('newconnection', { page: '/maeva', navigator: 'test' });
    await vi.waitFor(() => expect(suite.app.live.recorder.get(other.id ?? '')).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(received).toEqual([]);
  });
});
