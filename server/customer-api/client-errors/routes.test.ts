import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CLIENT_ERRORS_PATH, type ClientErrorCountsAnswer } from '../../../contracts/client-errors.ts';
import { clientErrorCounts, rateLimitHits } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { signedInStaffCookie } from '../../staff-api/sessions/test-support.ts';
import { createCapturedLogger, createFakeSite, type RunningApp, startTestApp } from '../../test-support.ts';
import { countClientError, readClientErrorCounts } from './repository.ts';
import { CLIENT_ERRORS_PER_ADDRESS, MAX_CLIENT_ERROR_BYTES } from './routes.ts';

describeWithDatabases('browser error reports', (context) => {
  const captured = createCapturedLogger('info');
  let site: ReturnType<typeof createFakeSite> | undefined;
  let app: RunningApp | undefined;
  const running = (): RunningApp => {
    if (!app) throw new Error('the app starts in beforeAll');
    return app;
  };

  beforeAll(async () => {
    site = createFakeSite();
    app = await startTestApp(site.staticDir, captured.logger, { database: context.database });
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
    await context.database.db.delete(clientErrorCounts);
  });

  function report(body: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${running().baseUrl}${CLIENT_ERRORS_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });
  }

  const counts = () => context.database.db.select().from(clientErrorCounts);

  it('When a page reports a numbered error, then it is counted for today and logged with its page only', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const body of [
      { code: '562321E', page: '/veligo/en/declare-sinistre' },
      { code: '562321E' },
      { code: '639', page: '/declare-step5' },
    ])
      expect((await report(JSON.stringify(body))).status).toBe(202);
    // A plain-text body (a beacon without preflight) is read as JSON too.
    expect((await report(JSON.stringify({ code: '639' }), { 'Content-Type': 'text/plain' })).status).toBe(202);
    const rows = (await counts()).sort((a, b) => a.code.localeCompare(b.code));
    expect(rows).toEqual([
      { code: '562321E', day: today, count: 2 },
      { code: '639', day: today, count: 2 },
    ]);
    const logged = captured.lines.filter((line) => line.includes('browser reported a numbered error'));
    expect(logged.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ clientError: '562321E', page: '/veligo/en/declare-sinistre' }),
    );
    expect(logged.join('\n')).not.toContain('127.0.0.1');
  });

  it('When a report has an unknown code, an unknown field, a query string or a huge body, then it is refused and nothing is counted', async () => {
    const refused = [
      JSON.stringify({ code: '999999X' }),
      JSON.stringify({ code: '6548 (12)' }),
      JSON.stringify({ code: 639 }),
      JSON.stringify({}),
      JSON.stringify({ code: '639', message: 'MARTIN SI-0000003' }),
      JSON.stringify({ code: '639', page: '/client-file?dossier=secret-token' }),
      JSON.stringify({ code: '639', page: `/${'a'.repeat(300)}` }),
      JSON.stringify({ code: '639', userAgent: 'Mozilla/5.0' }),
      JSON.stringify({ code: '639', page: '/x\u0000y' }),
      '[]',
      'not json',
    ];
    for (const body of refused) expect((await report(body)).status, body).toBe(400);
    const huge = await report(JSON.stringify({ code: '639', page: `/${'a'.repeat(MAX_CLIENT_ERROR_BYTES)}` }));
    expect(huge.status).toBe(413);
    expect(await counts()).toEqual([]);
  });

  it('When another site posts a report, then it is refused and nothing is counted', async () => {
    const answer = await report(JSON.stringify({ code: '639' }), {
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(answer.status).toBe(403);
    expect(await counts()).toEqual([]);
  });

  it('When one address sends more reports than its limit, then the surplus answers 429 and is not counted', {
    timeout: 60_000,
  }, async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= CLIENT_ERRORS_PER_ADDRESS.limit; index += 1)
      statuses.push((await report(JSON.stringify({ code: '2' }))).status);
    expect(statuses.slice(0, -1).every((status) => status === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await counts()).map((row) => row.count)).toEqual([CLIENT_ERRORS_PER_ADDRESS.limit]);
  });

  it('When staff ask for the counts, then they get today, 7 and 30 days per code; without a session, 401', async () => {
    const { db } = context.database;
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await countClientError(db, '452305E', now);
    await countClientError(db, '452305E', daysAgo(6));
    await countClientError(db, '452305E', daysAgo(20));
    await countClientError(db, '421001G', daysAgo(7));
    await countClientError(db, '421001G', daysAgo(8));
    await countClientError(db, '421001G', daysAgo(9));
    // Outside the 30 days: not shown.
    await countClientError(db, '651', daysAgo(30));

    const anonymous = await fetch(`${running().baseUrl}${CLIENT_ERRORS_PATH}`);
    expect(anonymous.status).toBe(401);

    const cookie = await signedInStaffCookie(db);
    const answer = await fetch(`${running().baseUrl}${CLIENT_ERRORS_PATH}`, { headers: { Cookie: cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = (await answer.json()) as ClientErrorCountsAnswer;
    expect(body).toEqual({
      status: 'success',
      datas: {
        today: now.toISOString().slice(0, 10),
        counts: [
          {
            code: '452305E',
            today: 1,
            lastSevenDays: 2,
            lastThirtyDays: 3,
            lastDay: now.toISOString().slice(0, 10),
          },
          {
            code: '421001G',
            today: 0,
            lastSevenDays: 0,
            lastThirtyDays: 3,
            lastDay: daysAgo(7).toISOString().slice(0, 10),
          },
        ],
      },
    });
  });

  it('When many reports of one code arrive at once, then each adds exactly one', async () => {
    const now = new Date();
    await Promise.all(Array.from({ length: 40 }, () => countClientError(context.database.db, '640', now)));
    const [row] = await readClientErrorCounts(context.database.db, now.toISOString().slice(0, 10), 1);
    expect(row).toMatchObject({ code: '640', today: 40 });
  });
});
