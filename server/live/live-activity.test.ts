import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { ClientToServerEvents, LiveActivity, ServerToClientEvents } from '../../contracts/socket-events.ts';
import { activities } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { usePartnerApiApp } from '../customer-api/proofs/test-support.ts';
import { signedInStaffCookie } from '../staff-api/sessions/test-support.ts';
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

  /**
   * How long a record may take to be written: each try flushes the recorder and reads the table,
   * which beside browser files on a busy PGlite can alone take more than waitFor's 1 s default.
   */
  const WRITTEN = { timeout: 10_000, interval: 50 };

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
    await vi.waitFor(async () => expect((await recordOf(firstId))?.disconnectedAt ?? null).not.toBeNull(), WRITTEN);
  });

  it('When the next page sends the pages a tab left before they were reported, then they are recorded in order at the time each was seen, never before the last one recorded', async () => {
    const socket = await visitor();
    const id = socket.id ?? '';
    const sentAt = Date.now();
    socket.emit('newconnection', {
      page: '/veligo/declare-step1',
      navigator: 'Mozilla/5.0 (iPhone) Mobile Safari/604.1',
    });
    socket.emit('addHistoryPages', { page: '/veligo/declare-step1', store: STORE, seenMsAgo: 9_000 });
    socket.emit('addHistoryPages', { page: '/veligo/declare-step2', store: STORE, seenMsAgo: 4_000 });
    // A page claiming to be older than the one before it is recorded right after it.
    socket.emit('addHistoryPages', { page: '/veligo/declare-step3', store: STORE, seenMsAgo: 20_000 });
    // Older than the server accepts: dropped whole.
    socket.emit('addHistoryPages', { page: '/veligo/too-old', store: STORE, seenMsAgo: 30 * 60_000 + 1 });
    socket.emit('addHistoryPages', { page: '/veligo/declare-step4', store: { ...STORE, step: 4 } });
    await vi.waitFor(() => expect(suite.app.live.recorder.get(id)?.historyPages).toHaveLength(4));
    const row = await recordOf(id);
    expect(row?.historyPages.map((visit) => visit.page)).toEqual([
      '/veligo/declare-step1',
      '/veligo/declare-step2',
      '/veligo/declare-step3',
      '/veligo/declare-step4',
    ]);
    const [step1, step2, step3, step4] = (row?.historyPages ?? []).map((visit) => Date.parse(visit.at) - sentAt);
    expect(step1).toBeGreaterThan(-9_000 - 100);
    expect(step1).toBeLessThan(-9_000 + 2_000);
    expect(step2).toBeGreaterThan(-4_000 - 100);
    expect(step2).toBeLessThan(-4_000 + 2_000);
    expect(step3).toBe(step2);
    expect(step4).toBeGreaterThanOrEqual(0);
    expect(row).toMatchObject({ entryPage: '/veligo/declare-step1', currentPage: '/veligo/declare-step4' });
    expect(row?.store).toMatchObject({ step: 4 });
    socket.disconnect();
    await vi.waitFor(async () => expect((await recordOf(id))?.disconnectedAt ?? null).not.toBeNull(), WRITTEN);
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
    // 60 events of 10 new sessions, one flush: create the records, lock and read them, write them,
    // write this process's presence (twice that when the timer flushes in between).
    expect(suite.app.live.recorder.statements - before).toBeLessThanOrEqual(8);
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

  it('When a visitor leaves and the record is written after, then the last live event staff receive leaves them disconnected', async () => {
    const { socket: watcher } = await staff(await signedInStaffCookie(context.database.db));
    /** The live events about the visitor, in the order staff receive them. */
    const events: string[] = [];
    let id = '';
    watcher.on('updateActivity', (activity) => {
      if (activity.id === id) events.push('updateActivity');
    });
    watcher.on('updateDisconnected_at', (left) => {
      if (left.id === id) events.push('updateDisconnected_at');
    });
    const customer = await visitor();
    id = customer.id ?? '';
    customer.emit('newconnection', { page: '/tohapi', navigator: 'test' });
    customer.emit('addHistoryPages', { page: '/tohapi/contact', store: { ...STORE, company: 'tohapi' } });
    await vi.waitFor(() => expect(events).toContain('updateActivity'));
    await recordOf(id);
    customer.disconnect();
    await vi.waitFor(() => expect(events).toContain('updateDisconnected_at'));
    // The disconnection written: whatever the write sends staff, the page does not show them online again.
    const record = await recordOf(id);
    expect(record?.disconnectedAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.at(-1)).toBe('updateDisconnected_at');
  });

  /** Rejections nobody handled: each one stops a Node process without a guard (server/process-guard.ts). */
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(() => {
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  /** Whether the app still answers (its health check, a new visitor's event recorded) and nothing went unhandled. */
  async function expectServing(): Promise<void> {
    expect((await fetch(`${suite.app.baseUrl}/healthz`)).status).toBe(200);
    const probe = await visitor();
    probe.emit('newconnection', { page: '/veligo/probe', navigator: 'probe' });
    await vi.waitFor(() => expect(suite.app.live.recorder.get(probe.id ?? '')).toBeDefined());
    expect(unhandled).toEqual([]);
  }

  it.each([
    ['a NUL byte', '\u0000x'],
    ['a bell', 'a\u0007b'],
    ['an escape sequence', '\u001b[2J'],
    ['DEL', 'x\u007f'],
    ['a C1 control', 'x\u0085'],
    ['a lone surrogate half', 'x\ud800'],
    ['a space', 'x y'],
    ['65 characters', 'x'.repeat(65)],
  ])(
    'When movePage names a session id with %s, then the event is dropped and the server goes on',
    async (_label, id) => {
      const socket = await visitor();
      socket.emit('movePage', { id, page: '/veligo/en' });
      socket.emit('addHistoryPages', { page: '/veligo/en', store: STORE });
      await vi.waitFor(() => expect(suite.app.live.recorder.get(socket.id ?? '')?.historyPages).toHaveLength(1));
      // The hostile id named no session: the page started its own.
      expect(suite.app.live.recorder.get(socket.id ?? '')?.socketId).toBe(socket.id);
      expect(socket.connected).toBe(true);
      await expectServing();
    },
  );

  it('When newconnection or a store carries control characters, then it is dropped and records are still written', async () => {
    const hostile = await visitor();
    hostile.emit('newconnection', { page: '/veligo', navigator: 'Mozilla\u0000/5.0' });
    hostile.emit('updateStore', { store: { ...STORE, guaranteeType: 'materiel\u0000' } });
    hostile.emit('addHistoryPages', { page: '/veligo', store: { ...STORE, infosStatus: '\u001b[31mok' } });
    const honest = await visitor();
    honest.emit('newconnection', { page: '/veligo/honest', navigator: 'Mozilla/5.0' });
    await vi.waitFor(() => expect(suite.app.live.recorder.get(honest.id ?? '')).toBeDefined());
    expect(suite.app.live.recorder.get(hostile.id ?? '')).toBeUndefined();
    expect(await recordOf(honest.id ?? '')).toMatchObject({ entryPage: '/veligo/honest' });
  });

  it('When the database fails while a page names its session, then the error is logged without the payload and the socket goes on', async () => {
    const socket = await visitor();
    const before = captured.lines.length;
    // A real database error on that path: the table the session is read from is gone for a moment.
    await context.database.db.execute(sql`alter table activities rename to activities_away`);
    try {
      socket.emit('movePage', { id: 'SessionKeyMissing42', page: '/veligo/en/faq' });
      await vi.waitFor(() =>
        expect(captured.lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
          expect.objectContaining({
            msg: 'socket event failed; the socket goes on',
            event: 'movePage',
            err: expect.objectContaining({ name: 'DatabaseError', code: '42P01' }),
          }),
        ),
      );
    } finally {
      await context.database.db.execute(sql`alter table activities_away rename to activities`);
    }
    expect(captured.lines.slice(before).join('\n')).not.toContain('SessionKeyMissing42');
    expect(socket.connected).toBe(true);
    socket.emit('addHistoryPages', { page: '/veligo/en/faq', store: STORE });
    await vi.waitFor(() => expect(suite.app.live.recorder.get(socket.id ?? '')?.historyPages).toHaveLength(1));
    await expectServing();
  });

  it('When the database refuses one record, then the others are still written and that one is no longer tried', async () => {
    const before = captured.lines.length;
    // A value PostgreSQL refuses (the event schemas keep such values out; the recorder must not depend on it).
    suite.app.live.recorder.start('RefusedRecord1', '/veligo/refused', 'agent\u0000with NUL');
    const honest = await visitor();
    honest.emit('newconnection', { page: '/veligo/beside-refused', navigator: 'Mozilla/5.0' });
    await vi.waitFor(() => expect(suite.app.live.recorder.get(honest.id ?? '')).toBeDefined());
    await vi.waitFor(
      async () => expect(await recordOf(honest.id ?? '')).toMatchObject({ entryPage: '/veligo/beside-refused' }),
      WRITTEN,
    );
    expect(await recordOf('RefusedRecord1')).toBeUndefined();
    const logged = captured.lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'activity record refused by the database: no longer written',
        records: 1,
        err: expect.objectContaining({ name: 'DatabaseError', code: expect.stringMatching(/^22/) }),
      }),
    );
    expect(captured.lines.slice(before).join('\n')).not.toContain('with NUL');
    // Refused for good: a later change does not bring it back to the writes (no second refusal).
    const refused = suite.app.live.recorder.get('RefusedRecord1');
    if (refused) suite.app.live.recorder.visit(refused, '/veligo/refused-again', STORE);
    await suite.app.live.recorder.flush();
    await suite.app.live.recorder.flush();
    const refusals = captured.lines.slice(before).filter((line) => line.includes('activity record refused'));
    expect(refusals).toHaveLength(1);
  });

  it('When a staff socket sends a session cookie that does not decode, then /bo refuses it and the server goes on', async () => {
    expect((await staff('bo_session=%E0%A4%A')).error).toBe('unauthorized');
    await expectServing();
  });

  it('When a staff member signs out, then their live sockets close at once and receive nothing more; another session streams on', async () => {
    const leaving = await signedInStaffCookie(context.database.db, 'feed.leaving');
    const staying = await signedInStaffCookie(context.database.db, 'feed.staying');
    const first = await staff(leaving);
    const second = await staff(leaving);
    const other = await staff(staying);
    for (const opened of [first, second, other]) expect(opened.error).toBeUndefined();
    const closed: string[] = [];
    const leavingSaw: LiveActivity[] = [];
    const stayingSaw: LiveActivity[] = [];
    for (const { socket } of [first, second]) {
      socket.on('disconnect', (reason) => closed.push(reason));
      socket.on('newActivity', (activity) => leavingSaw.push(activity));
    }
    other.socket.on('newActivity', (activity) => stayingSaw.push(activity));
    const out = await fetch(`${suite.app.baseUrl}/logout`, { method: 'POST', headers: { Cookie: leaving } });
    expect(out.status).toBe(200);
    // At once: far sooner than the periodic check (20 s).
    await vi.waitFor(() => expect(closed).toEqual(['io server disconnect', 'io server disconnect']), {
      timeout: 3_000,
    });
    const customer = await visitor();
    customer.emit('newconnection', { page: '/veligo/after-logout', navigator: 'test' });
    await vi.waitFor(() => expect(stayingSaw.map((activity) => activity.page)).toContain('/veligo/after-logout'));
    expect(leavingSaw.map((activity) => activity.page)).not.toContain('/veligo/after-logout');
    expect(other.socket.connected).toBe(true);
    // The ended session cannot open a new feed either.
    expect((await staff(leaving)).error).toBe('unauthorized');
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
