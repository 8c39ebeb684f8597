import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeclarationFunnelAnswerSchema,
  PagesAroundAnswerSchema,
  ReportRateAnswerSchema,
  UniqueUsersAnswerSchema,
} from '../../../contracts/analysis.ts';
import { activities, visitorReports } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { signedInStaffCookie } from '../sessions/test-support.ts';
import { createFakeSite, type RunningApp, startTestApp } from '../../test-support.ts';
import { percentOf } from './service.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0';

const MARCH = { start_date: '2025-03-01 00:00:00', end_date: '2025-03-31 23:59:00' };

/** An activity record: its pages one minute apart from `createdAt`. */
function session(socketId: string, createdAt: string, navigator: string, pages: string[]) {
  const start = new Date(createdAt).getTime();
  return {
    socketId,
    entryPage: pages[0] ?? '/',
    currentPage: pages.at(-1) ?? '/',
    historyPages: pages.map((page, index) => ({ page, at: new Date(start + index * 60_000).toISOString() })),
    navigator,
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  };
}

/**
 * The hand-built month: each session's expected place is written beside it.
 * Finished: C. Unfinished: A (furthest 3, last 2), B (furthest and last 3), E (0), G (1). Other: D, H.
 */
const SESSIONS = [
  // A: iPhone, English, veligo: goes back from step 3 to step 2, then leaves for the FAQ.
  session('A', '2025-03-05T10:00:00Z', IPHONE_SAFARI, [
    '/veligo/en',
    '/veligo/en/declare-sinistre',
    '/veligo/en/declare-step1',
    '/veligo/en/declare-step2',
    '/veligo/en/declare-step3',
    '/veligo/en/declare-step2',
    '/veligo/en/faq',
  ]),
  // B: desktop Firefox, French: skips step 2, reloads step 3, leaves.
  session('B', '2025-03-06T10:00:00Z', WINDOWS_FIREFOX, [
    '/declare-sinistre',
    '/declare-step1',
    '/declare-step3',
    '/declare-step3',
  ]),
  // C: Android, German, golfy: finishes.
  session('C', '2025-03-07T10:00:00Z', ANDROID_CHROME, [
    '/golfy/de/declare-sinistre',
    '/golfy/de/declare-step1',
    '/golfy/de/declare-step2',
    '/golfy/de/declare-step3',
    '/golfy/de/declare-step4',
    '/golfy/de/declare-step5',
    '/golfy/de/confirmation-sinistre',
  ]),
  // D: desktop Edge, no declaration.
  session('D', '2025-03-08T10:00:00Z', WINDOWS_EDGE, ['/', '/faq', '/contact']),
  // E: desktop Firefox, Italian: the insured-number page, then home.
  session('E', '2025-03-09T10:00:00Z', WINDOWS_FIREFOX, ['/it/declare-sinistre', '/it']),
  // G: Android, Polish: lands on step 1 (reloaded), then follows a claim.
  session('G', '2025-03-10T10:00:00Z', ANDROID_CHROME, [
    '/veligo/pl/declare-step1',
    '/veligo/pl/declare-step1',
    '/veligo/pl/suivre-dossier',
  ]),
  // H: connected, never reported a page.
  session('H', '2025-03-11T10:00:00Z', '', []),
  // Outside the month.
  session('F', '2025-04-02T10:00:00Z', IPHONE_SAFARI, ['/declare-sinistre', '/declare-step1']),
  session('before', '2025-02-28T23:59:00Z', IPHONE_SAFARI, ['/declare-step4']),
];

function report(
  kind: 'find_number' | 'follow_up',
  status: 'success' | 'error',
  socketId: string,
  createdAt: string,
): typeof visitorReports.$inferInsert {
  return { kind, status, socketId, lang: 'fr', createdAt: new Date(createdAt) };
}

const REPORTS = [
  // find-my-number: s1 finds it at the second try (OK), s2 never (KO), s3 at once (OK),
  // two reports without a socket (one OK, one KO); one outside the month.
  report('find_number', 'error', 's1', '2025-03-02T10:00:00Z'),
  report('find_number', 'success', 's1', '2025-03-02T10:01:00Z'),
  report('find_number', 'error', 's2', '2025-03-03T10:00:00Z'),
  report('find_number', 'error', 's2', '2025-03-03T10:01:00Z'),
  report('find_number', 'success', 's3', '2025-03-04T10:00:00Z'),
  report('find_number', 'success', '', '2025-03-05T10:00:00Z'),
  report('find_number', 'error', '', '2025-03-05T10:00:00Z'),
  report('find_number', 'error', 's4', '2025-04-05T10:00:00Z'),
  // follow-up: s1 fails first (KO), s2 succeeds (OK), s3 succeeds first then fails (OK), one without a socket (OK).
  report('follow_up', 'error', 's1', '2025-03-02T10:00:00Z'),
  report('follow_up', 'success', 's1', '2025-03-02T10:02:00Z'),
  report('follow_up', 'success', 's2', '2025-03-03T10:00:00Z'),
  report('follow_up', 'success', 's3', '2025-03-04T10:00:00Z'),
  report('follow_up', 'error', 's3', '2025-03-04T10:05:00Z'),
  report('follow_up', 'success', '', '2025-03-05T10:00:00Z'),
];

const ZERO_LANGUAGES = { fr: 0, en: 0, es: 0, it: 0, de: 0, da: 0, nl: 0, pl: 0, pt: 0 };
const EMPTY_STEP = { total: 0, totalMobile: 0, navigator: {}, ...ZERO_LANGUAGES, nextPage: {} };
const EMPTY_LAST_STEP = { count: 0, totalMobile: 0, navigator: {}, ...ZERO_LANGUAGES, nextPage: {} };

describe('percentOf', () => {
  it('When nobody tried, then the rate is 0; else it has two decimals', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(2, 1)).toBe(66.67);
    expect(percentOf(3, 0)).toBe(100);
  });
});

describeWithDatabases('statistics: analysis', (context) => {
  let app: RunningApp | undefined;
  let site: ReturnType<typeof createFakeSite> | undefined;
  let cookie = '';
  beforeAll(async () => {
    site = createFakeSite();
    app = await startTestApp(site.staticDir, undefined, { database: context.database });
    cookie = await signedInStaffCookie(context.database.db, 'camille');
    await context.database.db.delete(activities);
    await context.database.db.delete(visitorReports);
    await context.database.db.insert(activities).values(SESSIONS);
    await context.database.db.insert(visitorReports).values(REPORTS);
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });

  function call(path: string, init: { method?: 'GET' | 'POST'; body?: unknown; signedIn?: boolean } = {}) {
    if (!app) throw new Error('app not started');
    const headers: Record<string, string> = {};
    if (init.signedIn !== false) headers['Cookie'] = cookie;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${app.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
  }

  async function answer(path: string, init: Parameters<typeof call>[1]) {
    const response = await call(path, init);
    expect(response.status).toBe(200);
    return response.json();
  }

  it('When staff ask for unique users over March, then each session created in March counts once', async () => {
    const body = UniqueUsersAnswerSchema.parse(await answer('/stats_01', { body: MARCH }));
    expect(body).toEqual({ status: 'success', datas: { unique_users: 7 } });
  });

  it('When the range is read in Paris time, then a session of 31 March 23:30 UTC (1 April in Paris) is left out', async () => {
    await context.database.db.insert(activities).values(session('late', '2025-03-31T22:30:00Z', '', ['/faq']));
    try {
      const utc = UniqueUsersAnswerSchema.parse(await answer('/stats_01', { body: MARCH }));
      const paris = UniqueUsersAnswerSchema.parse(
        await answer('/stats_01', { body: { ...MARCH, timezone: 'Europe/Paris' } }),
      );
      expect(utc.datas.unique_users).toBe(8);
      // Paris: 1 March 00:00 is 28 February 23:00 UTC, so "before" (23:59 UTC) comes in and "late" goes out.
      expect(paris.datas.unique_users).toBe(8);
      const parisLastDay = UniqueUsersAnswerSchema.parse(
        await answer('/stats_01', {
          body: { start_date: '2025-03-31 00:00:00', end_date: '2025-03-31 23:59:00', timezone: 'Europe/Paris' },
        }),
      );
      expect(parisLastDay.datas.unique_users).toBe(0);
    } finally {
      await context.database.db.delete(activities);
      await context.database.db.insert(activities).values(SESSIONS);
    }
  });

  it('When staff ask for the declaration funnel, then each unfinished session counts once at its furthest step and at its last step', async () => {
    const { datas } = DeclarationFunnelAnswerSchema.parse(await answer('/stats_04', { body: MARCH }));
    expect([datas.total1, datas.total2, datas.total3]).toEqual([4, 1, 2]);
    expect(datas.stepsDetails).toEqual({
      step0: { ...EMPTY_STEP, total: 1, navigator: { Firefox: 1 }, it: 1, nextPage: { '/': 1 } },
      step1: {
        ...EMPTY_STEP,
        total: 1,
        totalMobile: 1,
        navigator: { Chrome: 1 },
        pl: 1,
        nextPage: { '/suivre-dossier': 1 },
      },
      step2: EMPTY_STEP,
      step3: {
        ...EMPTY_STEP,
        total: 2,
        totalMobile: 1,
        navigator: { Safari: 1, Firefox: 1 },
        en: 1,
        fr: 1,
        nextPage: { '/declare-step2': 1 },
      },
      step4: EMPTY_STEP,
      step5: EMPTY_STEP,
      step6: EMPTY_STEP,
    });
    expect(datas.lastStep).toEqual({
      step0: { ...EMPTY_LAST_STEP, count: 1, navigator: { Firefox: 1 }, it: 1, nextPage: { '/': 1 } },
      step1: {
        ...EMPTY_LAST_STEP,
        count: 1,
        totalMobile: 1,
        navigator: { Chrome: 1 },
        pl: 1,
        nextPage: { '/suivre-dossier': 1 },
      },
      step2: {
        ...EMPTY_LAST_STEP,
        count: 1,
        totalMobile: 1,
        navigator: { Safari: 1 },
        en: 1,
        nextPage: { '/faq': 1 },
      },
      step3: { ...EMPTY_LAST_STEP, count: 1, navigator: { Firefox: 1 }, fr: 1 },
      step4: EMPTY_LAST_STEP,
      step5: EMPTY_LAST_STEP,
      step6: EMPTY_LAST_STEP,
    });
  });

  it('When staff choose a reference page, then the pages right before and after it are counted once per session, without brand or language', async () => {
    const around = async (referal_page: string) =>
      PagesAroundAnswerSchema.parse(await answer('/stats_05', { body: { ...MARCH, referal_page } })).datas;
    expect(await around('/declare-step1')).toEqual({
      previous_pages: { '/declare-sinistre': 3 },
      next_pages: { '/declare-step2': 2, '/declare-step3': 1, '/suivre-dossier': 1 },
    });
    expect(await around('/')).toEqual({
      previous_pages: { '/declare-sinistre': 1 },
      next_pages: { '/declare-sinistre': 1, '/faq': 1 },
    });
    // A went step 1 → 2 → 3 → 2 → faq: both neighbours of each visit of step 2, once per session.
    expect(await around('/declare-step2')).toEqual({
      previous_pages: { '/declare-step1': 2, '/declare-step3': 1 },
      next_pages: { '/declare-step3': 2, '/faq': 1 },
    });
    expect(await around('/claim')).toEqual({ previous_pages: {}, next_pages: {} });
  });

  it('When staff ask for the find-my-number rate, then a visitor who found the number at any attempt is OK', async () => {
    const query = new URLSearchParams(MARCH);
    const body = ReportRateAnswerSchema.parse(await answer(`/analyse01?${query}`, { method: 'GET' }));
    expect(body.datas).toEqual({ countOK: 3, countKO: 2, countOKPercent: 60 });
  });

  it('When staff ask for the follow-up rate, then only a visitor whose first attempt opened the file is OK', async () => {
    const query = new URLSearchParams(MARCH);
    const body = ReportRateAnswerSchema.parse(await answer(`/analyse02?${query}`, { method: 'GET' }));
    expect(body.datas).toEqual({ countOK: 3, countKO: 1, countOKPercent: 75 });
  });

  it('When a range holds no record, then every figure is 0', async () => {
    const empty = { start_date: '2024-01-01 00:00:00', end_date: '2024-01-31 23:59:00' };
    const funnel = DeclarationFunnelAnswerSchema.parse(await answer('/stats_04', { body: empty })).datas;
    expect([funnel.total1, funnel.total2, funnel.total3]).toEqual([0, 0, 0]);
    expect(funnel.stepsDetails.step1).toEqual(EMPTY_STEP);
    const rate = ReportRateAnswerSchema.parse(await answer(`/analyse02?${new URLSearchParams(empty)}`, {})).datas;
    expect(rate).toEqual({ countOK: 0, countKO: 0, countOKPercent: 0 });
  });

  it('When there is no staff session, then every statistic answers 401 and the customer reports still post', async () => {
    const query = new URLSearchParams(MARCH);
    for (const [path, method] of [
      ['/stats_01', 'POST'],
      ['/stats_04', 'POST'],
      ['/stats_05', 'POST'],
      [`/analyse01?${query}`, 'GET'],
      [`/analyse02?${query}`, 'GET'],
    ] as const) {
      const response = await call(path, {
        method,
        signedIn: false,
        ...(method === 'POST' ? { body: { ...MARCH, referal_page: '/' } } : {}),
      });
      expect(response.status, path).toBe(401);
    }
    const reported = await call('/analyse01', { signedIn: false, body: { status: 'success' } });
    expect(reported.status).toBe(202);
  });

  it('When the dates or the page are wrong, then the answer is 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ start_date: '2025-03-31 00:00:00', end_date: '2025-03-01 00:00:00' }, 'end_date'],
      [{ start_date: '2025-03-01', end_date: '2025-03-31 23:59:00' }, 'start_date'],
      [{ start_date: '2025-02-30 00:00:00', end_date: '2025-03-31 23:59:00' }, 'start_date'],
      [{ start_date: '2025-03-01 00:00:30', end_date: '2025-03-31 23:59:00' }, 'start_date'],
      [{ start_date: '2023-10-18 23:59:00', end_date: '2025-03-31 23:59:00' }, 'start_date'],
      [{ ...MARCH, timezone: 'Mars/Olympus' }, 'timezone'],
      [{ end_date: '2025-03-31 23:59:00' }, 'start_date'],
    ];
    for (const [body, field] of cases) {
      const response = await call('/stats_04', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as { status: string; fields: Record<string, string> };
      expect(error.status).toBe('error');
      expect(Object.keys(error.fields), JSON.stringify(body)).toContain(field);
    }
    const page = await call('/stats_05', { body: { ...MARCH, referal_page: '/admin' } });
    expect(page.status).toBe(400);
    const query = await call(`/analyse01?${new URLSearchParams({ start_date: 'yesterday', end_date: 'today' })}`);
    expect(query.status).toBe(400);
  });
});
