import { afterAll, beforeAll, expect, it } from 'vitest';
import { SECURITY_EVENT_COUNTS_PATH, SecurityEventCountsAnswerSchema } from '../../../contracts/security-events.ts';
import { securityEventCounts } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { createFakeSite, type RunningApp, startTestApp } from '../../test-support.ts';
import { signedInStaffCookie } from '../sessions/test-support.ts';

describeWithDatabases('back office: security events counted for staff', (context) => {
  const site = createFakeSite();
  let app: RunningApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(site.staticDir, undefined, { database: context.database });
  });
  afterAll(async () => {
    await app?.close();
    site.remove();
  });

  it("When events of several kinds happened today and earlier, then staff read each kind's count today and over 7 days, most frequent first", async () => {
    if (!app) throw new Error('the app starts in beforeAll');
    const db = context.database.db;
    await db.delete(securityEventCounts);
    const today = new Date().toISOString().slice(0, 10);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    await db.insert(securityEventCounts).values([
      { day: daysAgo(3), kind: 'sign_in_throttled', count: 40 },
      { day: daysAgo(9), kind: 'socket_flood', count: 500 },
      { day: daysAgo(1), kind: 'upload_slots_full', count: 2 },
    ]);
    for (let event = 0; event < 3; event += 1) app.securityEvents.record('sign_in_throttled', { rule: 'test' });
    await app.securityEvents.flush();

    const answer = await fetch(`${app.baseUrl}${SECURITY_EVENT_COUNTS_PATH}`, {
      headers: { Cookie: await signedInStaffCookie(db) },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = SecurityEventCountsAnswerSchema.parse(await answer.json());
    expect(body.datas).toEqual({
      today,
      counts: [
        { kind: 'sign_in_throttled', today: 3, lastSevenDays: 43 },
        { kind: 'upload_slots_full', today: 0, lastSevenDays: 2 },
      ],
    });
  });

  it('When the counts are asked without a staff session, then the answer is 401 and holds no count', async () => {
    if (!app) throw new Error('the app starts in beforeAll');
    for (const cookie of [undefined, 'bo_session=forged']) {
      const answer = await fetch(`${app.baseUrl}${SECURITY_EVENT_COUNTS_PATH}`, {
        headers: cookie ? { Cookie: cookie } : {},
      });
      expect(answer.status).toBe(401);
      await expect(answer.json()).resolves.toMatchObject({ status: 'error', code: 'staff_session_required' });
    }
  });
});
