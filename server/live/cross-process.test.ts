import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../contracts/socket-events.ts';
import { activities, livePresence } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { createCapturedLogger } from '../test-support.ts';
import { ActivityRecorder } from './activity-recorder.ts';
import { type Beat, type Presence, startPresence } from './presence.ts';

/**
 * Several server processes writing one visitor session: each "process" here is its own recorder
 * and presence on the same database (what a second `node server/index.ts` has), so that the order
 * of their writes is chosen by the test instead of by timers. server/live/cluster.test.ts runs the
 * same with real processes and sockets.
 */

const { logger } = createCapturedLogger('info');

function snapshot(step: number): SessionSnapshot {
  return {
    company: 'veligo',
    lang: 'fr',
    step,
    infosStatus: null,
    claimGroupId: null,
    guaranteeType: null,
    declaSent: false,
  };
}

/** A date `seconds` after the test's start, so every visit has a distinct, ordered time. */
const startedAt = Date.now() - 60_000;
const at = (seconds: number) => new Date(startedAt + seconds * 1000);

describeWithDatabases('one visitor session across server processes', (context) => {
  interface ServerProcess {
    presence: Presence;
    recorder: ActivityRecorder;
    /** What its first beat (at its start) swept. */
    firstBeat: Beat;
  }
  const processes: ServerProcess[] = [];

  async function serverProcess(expiresMs?: number): Promise<ServerProcess> {
    const presence = startPresence(context.database.db, logger, expiresMs === undefined ? {} : { expiresMs });
    const firstBeat = await presence.beat();
    const started = {
      presence,
      // Written only when the test flushes: the order of the processes' writes is the test's.
      recorder: new ActivityRecorder(context.database.db, logger, presence.processId, { timedFlush: false }),
      firstBeat,
    };
    processes.push(started);
    return started;
  }

  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    a = await serverProcess();
    b = await serverProcess();
  });
  afterAll(async () => {
    for (const { recorder } of processes) await recorder.close();
  });

  async function recordsOf(key: string) {
    return context.database.db.select().from(activities).where(eq(activities.socketId, key));
  }

  it('When the next page reaches another process before the first one wrote, then one record holds every page in order and the latest snapshot', async () => {
    const key = 'CrossProcessKey1';
    const first = a.recorder.start(key, '/veligo/declare-sinistre', 'Mozilla/5.0 (iPhone) Mobile', at(0));
    a.recorder.visit(first, '/veligo/declare-sinistre', snapshot(0), at(1));
    a.recorder.visit(first, '/veligo/declare-step1', snapshot(1), at(2));
    a.recorder.leave(key, at(3));
    // Process B has nothing to read yet: the session goes on under the tab's key.
    expect(await b.recorder.resume('SocketOnB1', key, '/veligo/declare-step2', at(4))).toBeUndefined();
    const onB = b.recorder.start('SocketOnB1', '/veligo/declare-step2', 'Mozilla/5.0 (iPhone) Mobile', at(4), key);
    b.recorder.visit(onB, '/veligo/declare-step2', snapshot(2), at(5));

    // B writes first, A (which saw the earlier pages) second: A must not overwrite B's page.
    await b.recorder.flush();
    await a.recorder.flush();

    const rows = await recordsOf(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.historyPages.map((visit) => visit.page)).toEqual([
      '/veligo/declare-sinistre',
      '/veligo/declare-step1',
      '/veligo/declare-step2',
    ]);
    expect(rows[0]).toMatchObject({
      entryPage: '/veligo/declare-sinistre',
      currentPage: '/veligo/declare-step2',
      store: snapshot(2),
      furthestStep: 2,
      // B still holds the page: A's leaving does not make the visitor offline.
      disconnectedAt: null,
    });
  });

  it('When one process alone records a session, then its writes announce no merge to staff pages; when another process saw a later page, the next write does', async () => {
    const key = 'CrossProcessKey4';
    const announced: string[] = [];
    a.recorder.onMerged = (state) => announced.push(state.currentPage);
    try {
      const tab = a.recorder.start(key, '/veligo/faq', 'Mozilla/5.0', at(20));
      a.recorder.visit(tab, '/veligo/faq', snapshot(0), at(20));
      await a.recorder.flush();
      a.recorder.visit(tab, '/veligo/declare-sinistre', snapshot(0), at(21));
      a.recorder.setStore(tab, snapshot(1), at(22));
      await a.recorder.flush();
      a.recorder.setStore(tab, snapshot(2), at(23));
      await a.recorder.flush();
      // Written again with nothing new (its presence was swept, say): the stored snapshot is its own.
      a.recorder.markHeldDirty();
      await a.recorder.flush();
      expect(announced).toEqual([]);

      const other = b.recorder.start('SocketOnB4', '/veligo/contact', 'Mozilla/5.0', at(24), key);
      b.recorder.visit(other, '/veligo/contact', snapshot(2), at(24));
      await b.recorder.flush();
      a.recorder.visit(tab, '/veligo/declare-step1', snapshot(1), at(23.5));
      await a.recorder.flush();
      expect(announced).toEqual(['/veligo/contact']);
    } finally {
      a.recorder.onMerged = undefined;
    }
  });

  it('When two tabs continue one session on two processes at once, then every page of both is kept in time order', async () => {
    const key = 'CrossProcessKey2';
    const tabOnA = a.recorder.start(key, '/golfy/faq', 'Mozilla/5.0', at(10));
    const tabOnB = b.recorder.start('SocketOnB2', '/golfy/contact', 'Mozilla/5.0', at(11), key);
    a.recorder.visit(tabOnA, '/golfy/faq', snapshot(0), at(10));
    b.recorder.visit(tabOnB, '/golfy/contact', snapshot(0), at(11));
    await a.recorder.flush();
    b.recorder.visit(tabOnB, '/golfy/declare-sinistre', snapshot(0), at(13));
    a.recorder.visit(tabOnA, '/golfy/suivre-dossier', snapshot(3), at(12));
    await b.recorder.flush();
    await a.recorder.flush();

    const [record] = await recordsOf(key);
    expect(record?.historyPages.map((visit) => visit.page)).toEqual([
      '/golfy/faq',
      '/golfy/contact',
      '/golfy/suivre-dossier',
      '/golfy/declare-sinistre',
    ]);
    // The snapshot taken last (B's at 13 s carries step 0 after A's step 3 at 12 s).
    expect(record?.store).toEqual(snapshot(0));
    // A process goes on from the union it wrote (its live view shows the whole session).
    expect(a.recorder.get(key)?.historyPages).toHaveLength(4);

    // One tab closes: still online. The other closes: offline.
    a.recorder.leave(key, at(14));
    await a.recorder.flush();
    expect((await recordsOf(key))[0]?.disconnectedAt).toBeNull();
    b.recorder.leave('SocketOnB2', at(15));
    await b.recorder.flush();
    expect((await recordsOf(key))[0]?.disconnectedAt).toEqual(at(15));
  });

  it('When a process stops heartbeating, then its visitors are no longer online once its presence expires, and the sweep names them', async () => {
    const key = 'CrossProcessKey3';
    const doomed = await serverProcess(200);
    const state = doomed.recorder.start(key, '/sandaya/faq', 'Mozilla/5.0');
    doomed.recorder.visit(state, '/sandaya/faq', snapshot(0));
    await doomed.recorder.flush();
    expect((await recordsOf(key))[0]?.disconnectedAt).toBeNull();
    expect(await context.database.db.select().from(livePresence).where(eq(livePresence.socketId, key))).toHaveLength(1);

    // The process is gone (SIGKILL): no heartbeat, no close. Another process sweeps after the expiry.
    const survivor = await serverProcess(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The other processes are alive: they beat before the sweep; the sweep answers whom it wrote gone
    // (on a slow machine the survivor's first beat, at its start, may already be that sweep).
    const expired = [...survivor.firstBeat.expired];
    for (const alive of [a, b, survivor]) expired.push(...(await alive.presence.beat()).expired);
    const [record] = await recordsOf(key);
    expect(record?.disconnectedAt).not.toBeNull();
    expect(expired.filter((session) => session.socketId === key)).toEqual([
      { socketId: key, disconnectedAt: record?.disconnectedAt },
    ]);
    expect(await context.database.db.select().from(livePresence).where(eq(livePresence.socketId, key))).toEqual([]);
    processes.splice(processes.indexOf(doomed), 1);
  });
});
