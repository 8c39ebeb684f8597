import { beforeAll, expect, it } from 'vitest';
import { ANALYSIS_LANGUAGES, ANALYSIS_STEPS } from '../../../contracts/analysis.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import {
  type DemoActivity,
  type DemoReport,
  generateDemoActivities,
  insertDemoActivities,
} from '../../demo/demo-activities.ts';
import { countUniqueUsers, getDeclarationFunnel, getPagesAround, getReportRate } from './service.ts';

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

function expectedAnswers(activities: DemoActivity[], reports: DemoReport[], reference: string): Expected {
  const inRange = activities.filter((row) => {
    const time = (row.createdAt as Date).getTime();
    return time >= FROM && time < TO;
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
      if (report.kind !== kind || time < FROM || time >= TO) continue;
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

  it('When staff ask for unique users and the funnel, then each figure is the one computed from the raw histories', async () => {
    const expected = expectedAnswers(generated.activities, generated.reports, '/declare-step2');
    expect(expected.unfinished).toBeGreaterThan(100);
    expect(await countUniqueUsers(context.database.db, RANGE)).toBe(expected.users);
    const funnel = await getDeclarationFunnel(context.database.db, RANGE);
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
});
