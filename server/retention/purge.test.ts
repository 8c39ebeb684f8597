import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client.ts';
import {
  activities,
  activityPageLinks,
  claims,
  clientErrorCounts,
  followUpTokens,
  mailOutbox,
  rateLimitHits,
  staffSessions,
  staffUsers,
  uploadedFiles,
  visitorReports,
} from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { LocalFileStore, newFileKey } from '../files/store.ts';
import { createLogger } from '../logger.ts';
import { funnelTotalsAndRecount, linkTotalsAndRecount } from '../staff-api/analysis/totals-recount-test-support.ts';
import { monthsBefore, purgeExpiredData, startRetentionPurge } from './purge.ts';

describe('monthsBefore', () => {
  it('When a month is shorter than the day, then the cut is on its last day; otherwise the same day and time', () => {
    expect(monthsBefore(new Date('2027-03-31T12:00:00Z'), 13).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(monthsBefore(new Date('2028-03-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(monthsBefore(new Date('2026-11-25T20:40:13Z'), 13).toISOString()).toBe('2025-10-25T20:40:13.000Z');
    expect(monthsBefore(new Date('2027-01-15T08:00:00Z'), 13).toISOString()).toBe('2025-12-15T08:00:00.000Z');
  });
});

/** The frozen clock of the purge: 13 months before it is 2026-02-28T12:00:00Z. */
const NOW = new Date('2027-03-31T12:00:00Z');
const CUTOFF = new Date('2026-02-28T12:00:00Z');
const SECOND = 1_000;
const HOUR = 60 * 60 * SECOND;
const at = (base: Date, offsetMs: number) => new Date(base.getTime() + offsetMs);

describeWithDatabases('retention purge', { demo: true }, (context) => {
  let storeRoot = '';
  let store: LocalFileStore;

  beforeAll(async () => {
    storeRoot = mkdtempSync(join(tmpdir(), 'claim-portal-purge-'));
    store = new LocalFileStore(join(storeRoot, 'files'));
  }, 120_000);
  afterAll(() => rmSync(storeRoot, { recursive: true, force: true }));

  /** One visitor session with a funnel summary and two page links, begun at `createdAt`. */
  async function addSession(socketId: string, createdAt: Date): Promise<number> {
    const [row] = await context.database.db
      .insert(activities)
      .values({
        socketId,
        entryPage: '/declare-sinistre',
        currentPage: '/declare-step2',
        createdAt,
        summarised: true,
        furthestStep: 2,
        furthestLanguage: 'fr',
        lastStep: 2,
        lastLanguage: 'fr',
        browser: 'Firefox',
      })
      .returning({ id: activities.id });
    if (!row) throw new Error('no session');
    await context.database.db.insert(activityPageLinks).values([
      { activityId: row.id, createdAt, page: '/declare-step1', direction: 'next', neighbour: '/declare-step2' },
      { activityId: row.id, createdAt, page: '/declare-step2', direction: 'previous', neighbour: '/declare-step1' },
    ]);
    return row.id;
  }

  /** A temporary upload expiring at `expiresAt`, with its file in the store. */
  async function addUpload(expiresAt: Date, status: 'temporary' | 'attached' = 'temporary'): Promise<string> {
    const key = newFileKey();
    await store.put(key, Readable.from([Buffer.from('%PDF-1.4 test')]), 'application/pdf');
    await context.database.db.insert(uploadedFiles).values({
      storageKey: key,
      originalName: 'justificatif.pdf',
      mime: 'application/pdf',
      size: 13,
      sha256: '0'.repeat(64),
      status,
      expiresAt: status === 'temporary' ? expiresAt : null,
    });
    return key;
  }

  async function storeHolds(key: string): Promise<boolean> {
    return store.get(key).then(
      (stream) => {
        stream.destroy();
        return true;
      },
      () => false,
    );
  }

  /** The analysis totals equal their records recounted (as analysis/generated-data.test.ts checks them). */
  async function expectTotalsEqualTheirRecords(): Promise<void> {
    const { db } = context.database;
    const funnel = await funnelTotalsAndRecount(db);
    expect(funnel.kept).toEqual(funnel.recounted);
    const links = await linkTotalsAndRecount(db);
    expect(links.kept).toEqual(links.recounted);
  }

  it('When the purge runs at a frozen instant, then rows just older than each period go and rows just newer stay, files with their uploads', async () => {
    const { db } = context.database;
    const [claim] = await db.select({ id: claims.id }).from(claims).limit(1);
    if (!claim) throw new Error('the demo has claims');

    const oldSession = await addSession('purge-old-session', at(CUTOFF, -SECOND));
    const newSession = await addSession('purge-new-session', at(CUTOFF, SECOND));

    await db.insert(visitorReports).values([
      { kind: 'follow_up', status: 'error', lang: 'fr', socketId: 'purge-old-report', createdAt: at(CUTOFF, -SECOND) },
      {
        kind: 'find_number',
        status: 'success',
        lang: 'fr',
        socketId: 'purge-new-report',
        createdAt: at(CUTOFF, SECOND),
      },
    ]);
    // Counts are per UTC day: the cutoff's day is kept whole, the day before goes.
    await db.insert(clientErrorCounts).values([
      { code: '639', day: '2026-02-27', count: 4 },
      { code: '639', day: '2026-02-28', count: 5 },
    ]);
    // Only this test's links: the demo's own (mailed in 2026) would be long expired at NOW too.
    await db.delete(followUpTokens);
    await db.insert(followUpTokens).values([
      { claimId: claim.id, tokenHash: 'purge-expired-token', expiresAt: at(NOW, -SECOND) },
      { claimId: claim.id, tokenHash: 'purge-live-token', expiresAt: at(NOW, SECOND) },
    ]);
    await db.insert(rateLimitHits).values([
      { bucket: 'purge:old', windowStart: at(NOW, -25 * HOUR), count: 3 },
      { bucket: 'purge:recent', windowStart: at(NOW, -HOUR), count: 3 },
    ]);
    const [user] = await db
      .insert(staffUsers)
      .values({ login: 'purge.staff', passwordHash: '!none' })
      .returning({ id: staffUsers.id });
    if (!user) throw new Error('no staff user');
    await db.insert(staffSessions).values([
      {
        tokenHash: 'purge-idle',
        staffUserId: user.id,
        createdAt: at(NOW, -HOUR),
        lastSeenAt: at(NOW, -31 * 60 * SECOND),
      },
      {
        tokenHash: 'purge-active',
        staffUserId: user.id,
        createdAt: at(NOW, -HOUR),
        lastSeenAt: at(NOW, -29 * 60 * SECOND),
      },
    ]);
    const expiredUpload = await addUpload(at(NOW, -SECOND));
    const freshUpload = await addUpload(at(NOW, SECOND));
    const attachedUpload = await addUpload(at(NOW, -SECOND), 'attached');

    const summary = await purgeExpiredData(db, store, NOW);

    // Visitor sessions and their links: the demo's 2024 sessions go too.
    const sessionIds = (await db.select({ id: activities.id }).from(activities)).map((row) => row.id);
    expect(sessionIds).toContain(newSession);
    expect(sessionIds).not.toContain(oldSession);
    const [oldest] = await queryRows<{ oldest: Date | string }>(
      db,
      sql`select min(created_at) as oldest from activities`,
    );
    expect(new Date(oldest?.oldest ?? 0).getTime()).toBeGreaterThanOrEqual(CUTOFF.getTime());
    const links = await db
      .select({ activityId: activityPageLinks.activityId })
      .from(activityPageLinks)
      .where(inArray(activityPageLinks.activityId, [oldSession, newSession]));
    expect(links.map((link) => link.activityId)).toEqual([newSession, newSession]);
    expect(summary.activities).toBeGreaterThan(1);
    expect(summary.pageLinks).toBeGreaterThanOrEqual(2);

    expect(
      (await db.select({ socketId: visitorReports.socketId }).from(visitorReports)).map((r) => r.socketId),
    ).not.toContain('purge-old-report');
    expect(
      (await db.select({ socketId: visitorReports.socketId }).from(visitorReports)).map((r) => r.socketId),
    ).toContain('purge-new-report');
    expect(await db.select().from(clientErrorCounts)).toEqual([{ code: '639', day: '2026-02-28', count: 5 }]);
    expect((await db.select({ hash: followUpTokens.tokenHash }).from(followUpTokens)).map((row) => row.hash)).toContain(
      'purge-live-token',
    );
    expect(
      (await db.select({ hash: followUpTokens.tokenHash }).from(followUpTokens)).map((row) => row.hash),
    ).not.toContain('purge-expired-token');
    expect((await db.select({ bucket: rateLimitHits.bucket }).from(rateLimitHits)).map((row) => row.bucket)).toEqual([
      'purge:recent',
    ]);
    expect((await db.select({ hash: staffSessions.tokenHash }).from(staffSessions)).map((row) => row.hash)).toEqual([
      'purge-active',
    ]);
    const keptKeys = (await db.select({ key: uploadedFiles.storageKey }).from(uploadedFiles)).map((row) => row.key);
    expect(keptKeys).toEqual(expect.arrayContaining([freshUpload, attachedUpload]));
    expect(keptKeys).not.toContain(expiredUpload);
    expect(await storeHolds(expiredUpload)).toBe(false);
    expect(await storeHolds(freshUpload)).toBe(true);
    expect(await storeHolds(attachedUpload)).toBe(true);
    expect(summary).toMatchObject({ followUpTokens: 1, uploads: 1, uploadFilesNotRemoved: 0, clientErrorCounts: 1 });

    // The analysis totals still equal their records recounted, and none is left before the cutoff.
    await expectTotalsEqualTheirRecords();
    const [stale] = await queryRows<{ n: number }>(
      db,
      sql`select (select count(*) from activity_funnel_totals where starts_at < date_trunc('day', ${CUTOFF.toISOString()}::timestamptz, 'UTC'))
            + (select count(*) from activity_link_totals where starts_at < date_trunc('day', ${CUTOFF.toISOString()}::timestamptz, 'UTC')) as n`,
    );
    expect(Number(stale?.n)).toBe(0);
    // The report rates were recounted from the reports left.
    const [reportVisitor] = await queryRows<{ n: number }>(
      db,
      sql`select count(*) as n from report_visitors where visitor = 'purge-old-report'`,
    );
    expect(Number(reportVisitor?.n)).toBe(0);

    // A second run finds nothing more to delete.
    expect(await purgeExpiredData(db, store, NOW)).toEqual({
      activities: 0,
      pageLinks: 0,
      visitorReports: 0,
      clientErrorCounts: 0,
      mailContents: 0,
      followUpTokens: 0,
      uploads: 0,
      uploadFilesNotRemoved: 0,
    });
  }, 120_000);

  it("When a mail of no claim is older than three months, then its bodies and attachments are emptied and its subject, recipient and state stay; a claim's mail keeps its content", async () => {
    const { db } = context.database;
    const [claim] = await db.select({ id: claims.id }).from(claims).limit(1);
    const old = at(NOW, -100 * 24 * HOUR);
    const recent = at(NOW, -10 * 24 * HOUR);
    const mail = (subject: string, createdAt: Date, claimId: number | null) => ({
      kind: 'insured-number',
      lang: 'fr' as const,
      recipient: 'purge-mail@example.org',
      subject,
      textBody: 'Votre numéro SO-0000001',
      htmlBody: '<p>Votre numéro SO-0000001</p>',
      attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', contentBase64: '', size: 3 }],
      status: 'sent' as const,
      createdAt,
      claimId,
    });
    await db
      .insert(mailOutbox)
      .values([
        mail('purge-old-no-claim', old, null),
        mail('purge-recent-no-claim', recent, null),
        mail('purge-old-claim', old, claim?.id ?? null),
      ]);
    const summary = await purgeExpiredData(db, store, NOW);
    expect(summary.mailContents).toBeGreaterThanOrEqual(1);
    const rows = await db
      .select({
        subject: mailOutbox.subject,
        text: mailOutbox.textBody,
        html: mailOutbox.htmlBody,
        attachments: mailOutbox.attachments,
        status: mailOutbox.status,
        recipient: mailOutbox.recipient,
      })
      .from(mailOutbox)
      .where(inArray(mailOutbox.subject, ['purge-old-no-claim', 'purge-recent-no-claim', 'purge-old-claim']))
      .orderBy(mailOutbox.id);
    expect(rows).toEqual([
      {
        subject: 'purge-old-no-claim',
        text: '',
        html: '',
        attachments: [],
        status: 'sent',
        recipient: 'purge-mail@example.org',
      },
      expect.objectContaining({ subject: 'purge-recent-no-claim', text: 'Votre numéro SO-0000001' }),
      expect.objectContaining({ subject: 'purge-old-claim', text: 'Votre numéro SO-0000001' }),
    ]);
    expect((await purgeExpiredData(db, store, NOW)).mailContents).toBe(0);
  }, 120_000);

  it('When a run stops before every old session is gone, then the totals of the sessions left stay and still equal their records', async () => {
    const { db } = context.database;
    const first = await addSession('purge-batch-first', at(CUTOFF, -3 * HOUR));
    const second = await addSession('purge-batch-second', at(CUTOFF, -2 * HOUR));
    const batches = { activitiesPerBatch: 1, maxBatchesPerRun: 1 };
    expect(await purgeExpiredData(db, store, NOW, {}, batches)).toMatchObject({ activities: 1 });
    expect((await db.select({ id: activities.id }).from(activities)).map((row) => row.id)).toEqual(
      expect.arrayContaining([second]),
    );
    await expectTotalsEqualTheirRecords();
    expect(await purgeExpiredData(db, store, NOW, {}, batches)).toMatchObject({ activities: 1 });
    const left = (await db.select({ id: activities.id }).from(activities)).map((row) => row.id);
    expect(left).not.toContain(first);
    expect(left).not.toContain(second);
    await expectTotalsEqualTheirRecords();
  }, 60_000);

  it('When the database holds the demo, then its visitor history is kept and the rest purged', async () => {
    const { db } = context.database;
    const oldSession = await addSession('purge-demo-session', at(CUTOFF, -HOUR));
    await db.insert(clientErrorCounts).values({ code: '640', day: '2020-01-01', count: 1 });
    const summary = await purgeExpiredData(db, store, NOW, { keepVisitorHistory: true });
    expect(summary).toMatchObject({ activities: 0, visitorReports: 0, clientErrorCounts: 1 });
    expect((await db.select({ id: activities.id }).from(activities)).map((row) => row.id)).toContain(oldSession);
  });

  it('When the server starts the purge, then it runs by itself and stop waits for it', async () => {
    const { db } = context.database;
    const [claim] = await db.select({ id: claims.id }).from(claims).limit(1);
    if (!claim) throw new Error('the demo has claims');
    await db
      .insert(followUpTokens)
      .values({ claimId: claim.id, tokenHash: 'purge-timer-token', expiresAt: new Date(0) });
    const purge = startRetentionPurge({ db, fileStore: store, logger: createLogger('silent'), firstDelayMs: 10 });
    await vi.waitFor(
      async () =>
        expect(
          (await db.select({ hash: followUpTokens.tokenHash }).from(followUpTokens)).map((row) => row.hash),
        ).not.toContain('purge-timer-token'),
      { timeout: 30_000, interval: 100 },
    );
    await purge.stop();
  }, 60_000);
});
