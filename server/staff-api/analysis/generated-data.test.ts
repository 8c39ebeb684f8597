import { like, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ANALYSIS_LANGUAGES, ANALYSIS_STEPS } from '../../../contracts/analysis.ts';
import { queryRows } from '../../db/client.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { visitorReports } from '../../db/schema.ts';
import {
  type DemoActivity,
  type DemoReport,
  generateDemoActivities,
  insertDemoActivities,
} from '../../demo/demo-activities.ts';
import type { WallClockRange } from './repository.ts';
import { countUniqueUsers, getDeclarationFunnel, getPagesAround, getReportRate } from './service.ts';
import { funnelTotalsAndRecount, linkTotalsAndRecount } from './totals-recount-test-support.ts';

/**
 * Every analysis statistic against a generated data set (the demo's journeys: sessions that go
 * back, skip a step, reload, leave for the FAQ), whose right answers this test computes on its
 * own from the raw histories, in plain code that shares nothing with the summaries or the SQL.
 */

const NOW = new Date('2026-05-20T12:00:00Z');
const OPTIONS = { now: NOW, sessions: 1_500, historicSessions: 300, seed: 77 };
const RANGE = { start: '2026-04-20 00:00:00', end: '2026-05-19 23:59:00', timeZone: 'UTC' };
const FROM = Date.parse('2026-04-20T00:00:00Z');
const TO = Date.parse('2026-05-20T00:00:00Z');

const PAGES = new Set([
  'declare-sinistre',
  'declare-step0',
  'declare-step1',
  'declare-step2',
  'declare-step3',
  'declare-step4',
  'declare-step5',
  'declare-step6',
  'confirmation-sinistre',
  'faq',
  'find-my-number',
  'contact',
  'mentions-legales',
  'politique-confidentialite',
  'claim',
  'claim-step1',
  'claim-step2',
  'suivre-dossier',
  'client-file',
]);

/** The generator writes `/{brand?}/{language?}/{page?}`: the page is the last part when it is one. */
function pageOf(path: string): string {
  const last = path.split('/').filter(Boolean).at(-1) ?? '';
  return PAGES.has(last) ? `/${last}` : '/';
}

function languageOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  const found = parts.slice(0, 2).find((part) => (ANALYSIS_LANGUAGES as readonly string[]).includes(part));
  return found ?? 'fr';
}

function stepOf(page: string): number | undefined {
  if (page === '/declare-sinistre' || page === '/declare-step0') return 0;
  const digit = page.startsWith('/declare-step') ? Number(page.slice('/declare-step'.length)) : Number.NaN;
  return Number.isInteger(digit) ? digit : undefined;
}

function browserOf(agent: string): string {
  if (!agent) return 'Inconnu';
  const order: [string, string[]][] = [
    ['Edge', ['Edg/', 'EdgA/', 'EdgiOS/', 'Edge/']],
    ['Opera', ['OPR/', 'Opera/']],
    ['Samsung Internet', ['SamsungBrowser/']],
    ['Firefox', ['Firefox/', 'FxiOS/']],
    ['Chrome', ['Chrome/', 'CriOS/', 'HeadlessChrome/']],
    ['Safari', ['Safari/']],
  ];
  return order.find(([, marks]) => marks.some((mark) => agent.includes(mark)))?.[0] ?? 'Autre';
}

const mobileOf = (agent: string) => ['Mobi', 'Android', 'iPhone'].some((mark) => agent.includes(mark));

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

interface Expected {
  users: number;
  finished: number;
  unfinished: number;
  furthest: Map<
    number,
    {
      total: number;
      mobile: number;
      navigator: Record<string, number>;
      languages: Record<string, number>;
      next: Record<string, number>;
    }
  >;
  last: Map<
    number,
    {
      total: number;
      mobile: number;
      navigator: Record<string, number>;
      languages: Record<string, number>;
      next: Record<string, number>;
    }
  >;
  around: { previous: Record<string, number>; next: Record<string, number> };
  findNumber: { ok: number; ko: number };
  followUp: { ok: number; ko: number };
}

function expectedAnswers(
  activities: DemoActivity[],
  reports: DemoReport[],
  reference: string,
  from = FROM,
  to = TO,
): Expected {
  const inRange = activities.filter((row) => {
    const time = (row.createdAt as Date).getTime();
    return time >= from && time < to;
  });
  const expected: Expected = {
    users: inRange.length,
    finished: 0,
    unfinished: 0,
    furthest: new Map(),
    last: new Map(),
    around: { previous: {}, next: {} },
    findNumber: { ok: 0, ko: 0 },
    followUp: { ok: 0, ko: 0 },
  };
  const describe = (
    table: Expected['furthest'],
    step: number,
    visit: { path: string; next?: string | undefined },
    agent: string,
  ) => {
    const entry = table.get(step) ?? { total: 0, mobile: 0, navigator: {}, languages: {}, next: {} };
    entry.total += 1;
    if (mobileOf(agent)) entry.mobile += 1;
    bump(entry.navigator, browserOf(agent));
    bump(entry.languages, languageOf(visit.path));
    if (visit.next) bump(entry.next, visit.next);
    table.set(step, entry);
  };
  for (const row of inRange) {
    // Pages of the session, a reload counted once.
    const visits: { path: string; page: string; next?: string | undefined }[] = [];
    for (const { page: path } of row.historyPages ?? []) {
      const page = pageOf(path);
      if (visits.length === 0 || visits[visits.length - 1]?.page !== page) visits.push({ path, page });
    }
    visits.forEach((visit, index) => {
      visit.next = visits[index + 1]?.page;
    });
    const seenBefore = new Set<string>();
    const seenAfter = new Set<string>();
    visits.forEach((visit, index) => {
      if (visit.page !== reference) return;
      const before = visits[index - 1]?.page;
      const after = visits[index + 1]?.page;
      if (before && !seenBefore.has(before)) {
        seenBefore.add(before);
        bump(expected.around.previous, before);
      }
      if (after && !seenAfter.has(after)) {
        seenAfter.add(after);
        bump(expected.around.next, after);
      }
    });
    if (visits.some((visit) => visit.page === '/confirmation-sinistre')) {
      expected.finished += 1;
      continue;
    }
    const stepVisits = visits.filter((visit) => stepOf(visit.page) !== undefined);
    if (stepVisits.length === 0) continue;
    expected.unfinished += 1;
    const highest = Math.max(...stepVisits.map((visit) => stepOf(visit.page) as number));
    const lastOfHighest = stepVisits.filter((visit) => stepOf(visit.page) === highest).at(-1);
    const lastStep = stepVisits.at(-1);
    if (lastOfHighest) describe(expected.furthest, highest, lastOfHighest, row.navigator ?? '');
    if (lastStep) describe(expected.last, stepOf(lastStep.page) as number, lastStep, row.navigator ?? '');
  }
  for (const [kind, target, firstOnly] of [
    ['find_number', expected.findNumber, false],
    ['follow_up', expected.followUp, true],
  ] as const) {
    const byVisitor = new Map<string, DemoReport[]>();
    for (const report of reports) {
      const time = (report.createdAt as Date).getTime();
      if (report.kind !== kind || time < from || time >= to) continue;
      byVisitor.set(report.socketId ?? '', [...(byVisitor.get(report.socketId ?? '') ?? []), report]);
    }
    for (const attempts of byVisitor.values()) {
      attempts.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
      const ok = firstOnly ? attempts[0]?.status === 'success' : attempts.some((report) => report.status === 'success');
      if (ok) target.ok += 1;
      else target.ko += 1;
    }
  }
  return expected;
}

describeWithDatabases('analysis statistics on a generated data set', (context) => {
  const generated = generateDemoActivities(OPTIONS);

  beforeAll(async () => {
    await insertDemoActivities(context.database.db, OPTIONS);
  }, 60_000);

  /** Unique users and the whole funnel over `range` ([from, to) in instants), against the raw histories. */
  async function expectFunnel(range: WallClockRange, from: number, to: number): Promise<Expected> {
    const expected = expectedAnswers(generated.activities, generated.reports, '/declare-step2', from, to);
    expect(await countUniqueUsers(context.database.db, range)).toBe(expected.users);
    const funnel = await getDeclarationFunnel(context.database.db, range);
    expect([funnel.total1, funnel.total2, funnel.total3]).toEqual([
      expected.unfinished,
      expected.finished,
      expected.users - expected.unfinished - expected.finished,
    ]);
    for (const step of ANALYSIS_STEPS) {
      const furthest = expected.furthest.get(step);
      const details = funnel.stepsDetails[`step${step}`];
      expect({
        step,
        total: details.total,
        mobile: details.totalMobile,
        navigator: details.navigator,
        next: details.nextPage,
      }).toEqual({
        step,
        total: furthest?.total ?? 0,
        mobile: furthest?.mobile ?? 0,
        navigator: furthest?.navigator ?? {},
        next: furthest?.next ?? {},
      });
      for (const language of ANALYSIS_LANGUAGES) expect(details[language]).toBe(furthest?.languages[language] ?? 0);
      const last = expected.last.get(step);
      const lastDetails = funnel.lastStep[`step${step}`];
      expect({
        step,
        count: lastDetails.count,
        mobile: lastDetails.totalMobile,
        navigator: lastDetails.navigator,
        next: lastDetails.nextPage,
      }).toEqual({
        step,
        count: last?.total ?? 0,
        mobile: last?.mobile ?? 0,
        navigator: last?.navigator ?? {},
        next: last?.next ?? {},
      });
    }
    return expected;
  }

  it('When staff ask for unique users and the funnel, then each figure is the one computed from the raw histories', async () => {
    const expected = await expectFunnel(RANGE, FROM, TO);
    expect(expected.unfinished).toBeGreaterThan(100);
  });

  // Whole days and hours come from the running totals, the minutes at each end from the records:
  // ranges whose ends fall inside an hour, in zones ahead of UTC by hours and half hours, within
  // one hour, and within one day.
  it.each<[string, WallClockRange, string, string]>([
    [
      'Paris minutes',
      { start: '2026-04-21 13:37:00', end: '2026-05-18 08:05:00', timeZone: 'Europe/Paris' },
      '2026-04-21T11:37:00Z',
      '2026-05-18T06:06:00Z',
    ],
    [
      'a half-hour zone',
      { start: '2026-05-02 03:30:00', end: '2026-05-10 21:14:00', timeZone: 'Asia/Kolkata' },
      '2026-05-01T22:00:00Z',
      '2026-05-10T15:45:00Z',
    ],
    [
      'one day',
      { start: '2026-05-10 03:12:00', end: '2026-05-10 22:47:00', timeZone: 'UTC' },
      '2026-05-10T03:12:00Z',
      '2026-05-10T22:48:00Z',
    ],
    [
      'inside one hour',
      { start: '2026-05-16 11:10:00', end: '2026-05-16 11:50:00', timeZone: 'UTC' },
      '2026-05-16T11:10:00Z',
      '2026-05-16T11:51:00Z',
    ],
  ])(
    'When staff choose a range of %s, then the funnel and the pages around are those of its records',
    async (_, range, from, to) => {
      const expected = await expectFunnel(range, Date.parse(from), Date.parse(to));
      const around = expectedAnswers(
        generated.activities,
        generated.reports,
        '/declare-step2',
        Date.parse(from),
        Date.parse(to),
      );
      expect(await getPagesAround(context.database.db, range, '/declare-step2')).toEqual({
        previous_pages: around.around.previous,
        next_pages: around.around.next,
      });
      expect(expected.users).toBeGreaterThan(0);
      const findNumber = await getReportRate(context.database.db, range, 'find_number');
      const followUp = await getReportRate(context.database.db, range, 'follow_up');
      expect([findNumber.countOK, findNumber.countKO]).toEqual([around.findNumber.ok, around.findNumber.ko]);
      expect([followUp.countOK, followUp.countKO]).toEqual([around.followUp.ok, around.followUp.ko]);
    },
  );

  it('When one visitor tries across an hour boundary and out of order, then the rates count it once, by its first attempt in the range', async () => {
    const { db } = context.database;
    const at = (time: string) => new Date(`2026-05-12T${time}Z`);
    const report = (socketId: string, time: string, status: 'success' | 'error') => ({
      kind: 'follow_up' as const,
      status,
      lang: 'fr' as const,
      socketId,
      createdAt: at(time),
    });
    // One statement each, as the server writes them; the second is older than the first.
    await db.insert(visitorReports).values(report('straddler-1', '10:58:00', 'success'));
    await db.insert(visitorReports).values(report('straddler-1', '10:40:00', 'error'));
    await db.insert(visitorReports).values(report('straddler-1', '11:03:00', 'success'));
    await db
      .insert(visitorReports)
      .values([report('straddler-2', '09:10:00', 'success'), report('straddler-2', '12:10:00', 'error')]);
    const rate = (start: string, end: string) =>
      getReportRate(db, { start: `2026-05-12 ${start}:00`, end: `2026-05-12 ${end}:00`, timeZone: 'UTC' }, 'follow_up');
    const others = expectedAnswers(
      generated.activities,
      generated.reports,
      '/',
      Date.parse('2026-05-12T09:00:00Z'),
      Date.parse('2026-05-12T13:00:00Z'),
    );
    // 09:00–12:59: straddler-1 fails first (KO), straddler-2 succeeds first (OK).
    expect(await rate('09:00', '12:59')).toMatchObject({
      countOK: others.followUp.ok + 1,
      countKO: others.followUp.ko + 1,
    });
    const late = expectedAnswers(
      generated.activities,
      generated.reports,
      '/',
      Date.parse('2026-05-12T10:50:00Z'),
      Date.parse('2026-05-12T12:00:00Z'),
    );
    // 10:50–11:59: straddler-1's first attempt in the range succeeds; straddler-2 has none.
    expect(await rate('10:50', '11:59')).toMatchObject({ countOK: late.followUp.ok + 1, countKO: late.followUp.ko });
    // Reports deleted (a tool, not the product): the totals are recounted from those left.
    await db.delete(visitorReports).where(like(visitorReports.socketId, 'straddler-%'));
    expect(await rate('09:00', '12:59')).toMatchObject({ countOK: others.followUp.ok, countKO: others.followUp.ko });
  });

  it.each(['/declare-step2', '/', '/faq', '/suivre-dossier'])(
    'When staff choose %s as the reference page, then the pages around it are the ones computed from the raw histories',
    async (reference) => {
      const expected = expectedAnswers(generated.activities, generated.reports, reference);
      expect(await getPagesAround(context.database.db, RANGE, reference)).toEqual({
        previous_pages: expected.around.previous,
        next_pages: expected.around.next,
      });
    },
  );

  it('When staff ask for the two rates, then OK and KO are the visitors computed from the raw reports', async () => {
    const expected = expectedAnswers(generated.activities, generated.reports, '/');
    const findNumber = await getReportRate(context.database.db, RANGE, 'find_number');
    const followUp = await getReportRate(context.database.db, RANGE, 'follow_up');
    expect(expected.findNumber.ok + expected.findNumber.ko).toBeGreaterThan(10);
    expect([findNumber.countOK, findNumber.countKO]).toEqual([expected.findNumber.ok, expected.findNumber.ko]);
    expect([followUp.countOK, followUp.countKO]).toEqual([expected.followUp.ok, expected.followUp.ko]);
  });

  it('When records are upserted, updated and deleted, then the running totals still equal their records recounted', async () => {
    const { db } = context.database;
    // The recorder's upsert (a session that reached the confirmation, on another browser), a plain
    // update (sessions that went further), then deletions of records and links.
    await db.execute(sql`
      insert into activities (id, socket_id, entry_page, current_page, navigator, created_at, summarised, finished,
        furthest_step, last_step, browser, mobile)
      select id, socket_id, entry_page, current_page, navigator, created_at, true, true, furthest_step, last_step,
        'Firefox', not mobile
      from activities where id % 13 = 0
      on conflict (id) do update set finished = excluded.finished, browser = excluded.browser, mobile = excluded.mobile`);
    await db.execute(sql`
      update activities set furthest_step = 5, last_step = 4, furthest_next_page = '/faq', last_language = 'de'
      where id % 11 = 0 and furthest_step is not null`);
    await db.execute(sql`update activities set current_page = '/' where id % 7 = 0`);
    await db.execute(sql`delete from activities where id % 17 = 0`);
    await db.execute(sql`delete from activity_page_links where activity_id % 19 = 0`);

    const funnel = await funnelTotalsAndRecount(db);
    expect(funnel.recounted.length).toBeGreaterThan(1_000);
    expect(funnel.kept).toEqual(funnel.recounted);
    const links = await linkTotalsAndRecount(db);
    expect(links.kept).toEqual(links.recounted);
    const sorted = (rows: Record<string, unknown>[]) =>
      rows.map((row) => Object.values(row).map(String).join('|')).sort();
    const reportTotals = () =>
      queryRows<Record<string, unknown>>(
        db,
        sql`select kind, starts_at::text as starts_at, visitors::text as visitors, ok_any::text as ok_any,
              ok_first::text as ok_first from report_hour_totals where visitors <> 0`,
      );
    const keptReports = await reportTotals();
    await db.execute(sql`select report_visitor_totals_rebuild()`);
    expect(sorted(keptReports)).toEqual(sorted(await reportTotals()));

    await db.execute(sql`truncate activities`);
    expect(await countUniqueUsers(db, RANGE)).toBe(0);
  });
});
