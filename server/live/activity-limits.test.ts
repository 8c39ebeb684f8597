import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../contracts/socket-events.ts';
import { queryRows } from '../db/client.ts';
import { activities, activityPageLinks } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { createSecurityEvents, readSecurityEventCounts, type SecurityEvents } from '../security/security-events.ts';
import { createCapturedLogger } from '../test-support.ts';
import { ActivityRecorder, type ActivityRecorderLimits } from './activity-recorder.ts';
import { type Presence, startPresence } from './presence.ts';

/**
 * What visitors may make the activity recorder write: pages and page links per session, records
 * per flush and per transaction, and the changes it keeps waiting, on the real database.
 */

const { logger } = createCapturedLogger('info');

const STORE: SessionSnapshot = {
  company: 'veligo',
  lang: 'en',
  step: 1,
  infosStatus: null,
  claimGroupId: null,
  guaranteeType: null,
  declaSent: false,
};

let sessions = 0;
/** A new session key, unique in the run. */
function newKey(): string {
  sessions += 1;
  return `limits-${Date.now().toString(36)}-${sessions}`;
}

describeWithDatabases('activity recorder limits', (context) => {
  let presence: Presence;
  let securityEvents: SecurityEvents;
  const recorders: ActivityRecorder[] = [];

  beforeAll(async () => {
    presence = startPresence(context.database.db, logger);
    await presence.beat();
    securityEvents = createSecurityEvents(context.database.db, logger);
  });
  afterAll(async () => {
    for (const recorder of recorders) await recorder.close();
    await securityEvents.stop();
    await presence.close();
  });

  function recorderWith(limits: Partial<ActivityRecorderLimits>): ActivityRecorder {
    const recorder = new ActivityRecorder(context.database.db, logger, presence.processId, { securityEvents, limits });
    recorders.push(recorder);
    return recorder;
  }

  async function droppedCount(): Promise<number> {
    await securityEvents.flush();
    const counts = await readSecurityEventCounts(context.database.db, new Date().toISOString().slice(0, 10));
    return counts.find((count) => count.kind === 'activity_dropped')?.today ?? 0;
  }

  async function recordOf(key: string) {
    const [row] = await context.database.db.select().from(activities).where(eq(activities.socketId, key));
    return row;
  }

  it('When a session has sent its page cap, then its later pages are not recorded and the drop is counted for staff', async () => {
    const recorder = recorderWith({ pagesPerSession: 5 });
    const droppedBefore = await droppedCount();
    const key = newKey();
    const state = recorder.start(key, '/veligo/en', 'Mozilla/5.0');
    const recorded = Array.from({ length: 12 }, (_, n) => recorder.visit(state, `/veligo/en/page-${n}`, STORE));
    expect(recorded.filter(Boolean)).toHaveLength(5);
    await recorder.flush();
    const row = await recordOf(key);
    expect((row?.historyPages ?? []).map((visit) => visit.page)).toEqual(
      [0, 1, 2, 3, 4].map((n) => `/veligo/en/page-${n}`),
    );
    // Said once for the session, not once a page.
    expect((await droppedCount()) - droppedBefore).toBe(1);
  });

  it('When a session visits many distinct pages, then it adds no more page links than its cap', async () => {
    const recorder = recorderWith({ linksPerSession: 6 });
    const key = newKey();
    const state = recorder.start(key, '/veligo/en', 'Mozilla/5.0');
    for (let n = 0; n < 20; n += 1) recorder.visit(state, `/veligo/en/distinct-${n}`, STORE);
    await recorder.flush();
    for (let n = 20; n < 40; n += 1) recorder.visit(state, `/veligo/en/distinct-${n}`, STORE);
    await recorder.flush();
    const row = await recordOf(key);
    const links = await context.database.db
      .select()
      .from(activityPageLinks)
      .where(eq(activityPageLinks.activityId, Number(row?.id)));
    expect(links).toHaveLength(6);
  });

  it('When more records changed than a flush writes, then each flush writes its share and the next ones write the rest', async () => {
    const recorder = recorderWith({ recordsPerFlush: 4, recordsPerTransaction: 2, flushBudgetMs: 60_000 });
    const keys = Array.from({ length: 10 }, () => newKey());
    for (const key of keys) recorder.start(key, '/veligo/en', 'Mozilla/5.0');
    const written = async () =>
      (await context.database.db.select().from(activities).where(inArray(activities.socketId, keys))).length;
    // The recorder's own timer may flush between two of these: each flush writes 4 at most.
    await recorder.flush();
    const first = await written();
    expect(first % 4 === 0 && first > 0 && first < 10).toBe(true);
    for (let flush = 0; flush < 3; flush += 1) await recorder.flush();
    expect(await written()).toBe(10);
  });

  it('When the changes waiting pass the backlog cap, then the oldest are dropped, the newest written and the drop counted', async () => {
    const recorder = recorderWith({ pendingRecords: 5 });
    const droppedBefore = await droppedCount();
    const keys = Array.from({ length: 8 }, () => newKey());
    for (const key of keys) recorder.start(key, '/veligo/en', 'Mozilla/5.0');
    await recorder.flush();
    const rows = await context.database.db.select().from(activities).where(inArray(activities.socketId, keys));
    expect(rows.map((row) => row.socketId).sort()).toEqual(keys.slice(3).sort());
    expect((await droppedCount()) - droppedBefore).toBe(1);
  });

  it('When the recorder writes a large backlog, then queries asked meanwhile are each answered within a second, before the flush ends', async () => {
    const recorder = recorderWith({ recordsPerFlush: 2_000, flushBudgetMs: 60_000 });
    for (let n = 0; n < 600; n += 1) {
      const state = recorder.start(newKey(), '/veligo/en', 'Mozilla/5.0');
      for (let page = 0; page < 50; page += 1) recorder.visit(state, `/veligo/en/backlog-${n}-${page}`, STORE);
    }
    const started = performance.now();
    let flushedAt: number | undefined;
    const flushing = recorder.flush().then(() => {
      flushedAt = performance.now();
    });
    // Asked while the flush runs, as requests arriving during it: each waits one short transaction at most.
    const waits: number[] = [];
    for (let query = 0; query < 10 && flushedAt === undefined; query += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const asked = performance.now();
      await queryRows(context.database.db, sql`select 1`);
      if (flushedAt === undefined || asked < flushedAt) waits.push(Math.round(performance.now() - asked));
    }
    await flushing;
    console.log(
      `backlog flush [${context.driver}]: ${Math.round((flushedAt ?? 0) - started)} ms; queries during it waited ${waits.join(', ')} ms`,
    );
    // The flush lasted long enough to be tested (about 0.5 s on PostgreSQL, 1 s on PGlite here).
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...waits)).toBeLessThan(1_000);
  }, 60_000);
});
