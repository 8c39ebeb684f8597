import { afterAll, beforeAll, expect, it } from 'vitest';
import { QuestionBoxRefusalSchema } from '../../contracts/backoffice.ts';
import { activities } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { generateDemoActivities } from '../demo/demo-activities.ts';
import { readSecurityEventCounts } from '../security/security-events.ts';
import { signedInStaffCookie } from '../staff-api/sessions/test-support.ts';
import { createFakeSite, type RunningApp, startTestApp } from '../test-support.ts';
import { expectLegitimateTrafficServed, type LegitimateOutcome, prepareLegitimateStaff } from './legitimate-traffic.ts';

/**
 * The attack: a staff member (or a model writing SQL for one) asks the question box for values
 * far larger than the question: a text of 200 MB from nested `replace`, and rows weighing more
 * than the answer's bound. Unbounded, the first is built by the database, carried to the portal's
 * thread and serialised there, which stalls every visitor's request for seconds and grows the
 * process by gigabytes.
 */

/** A text of 200 MB from a query of 242 characters: each `replace` makes it ten times longer. */
const NESTED_REPLACE = `select ${'replace('.repeat(8)}'aa'${", 'a', 'aaaaaaaaaa')".repeat(8)} as big`;

/** 1,000 rows of 1,100 characters: 1.1 MB, over the answer's bound. */
const HEAVY_ROWS = `select '${'x'.repeat(1_100)}' as filler from sessions a, sessions b`;

/** How many times each inflating question is asked, one after the other. */
const ROUNDS = 3;

/** How many times the legitimate calls run while the attack goes on. */
const LEGITIMATE_ROUNDS = 2;

describeWithDatabases('abuse: question-box inflation', { demo: true }, (context) => {
  let site: ReturnType<typeof createFakeSite> | undefined;
  let app: RunningApp | undefined;
  let cookie = '';

  beforeAll(async () => {
    await prepareLegitimateStaff(context.database.db);
    await context.database.db.delete(activities);
    const { activities: sessions } = generateDemoActivities({
      now: new Date(),
      sessions: 100,
      historicSessions: 0,
      days: 10,
      seed: 3,
    });
    await context.database.db.insert(activities).values(sessions);
    site = createFakeSite();
    app = await startTestApp(site.staticDir, undefined, { database: context.database, config: { TRUST_PROXY: '1' } });
    cookie = await signedInStaffCookie(context.database.db, 'attacking.staff');
    // The first question opens the embedded database's snapshot (seconds on a busy machine).
    expect((await ask('select 1 as ready')).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });

  async function ask(question: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${app?.baseUrl}/activities/between_dates`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-Forwarded-For': '203.0.113.66' },
      body: JSON.stringify({ start_date: '2020-01-01 00:00:00', end_date: '2030-12-31 23:59:00', question }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('When a staff member asks again and again for a 200 MB text and for rows over 1 MB, then each answer is a short refusal, and claimants and staff are served within a second meanwhile', async () => {
    if (!app) throw new Error('the app starts in beforeAll');
    const running = app;
    const refusals: string[] = [];
    let attacking = true;
    const attack = (async () => {
      try {
        for (let round = 0; round < ROUNDS; round++)
          for (const question of [NESTED_REPLACE, HEAVY_ROWS]) {
            const { status, body } = await ask(question);
            expect(status).toBe(422);
            expect(JSON.stringify(body).length).toBeLessThan(5_000);
            refusals.push(QuestionBoxRefusalSchema.parse(body).message);
          }
      } finally {
        attacking = false;
      }
    })();
    const served: LegitimateOutcome[] = [];
    const duringAttack: boolean[] = [];
    // A claimant's and a staff member's calls while the attack runs: LEGITIMATE_ROUNDS times.
    for (let round = 0; round < LEGITIMATE_ROUNDS; round++) {
      duringAttack.push(attacking);
      served.push(...(await expectLegitimateTrafficServed(running)));
    }
    await attack;

    expect(duringAttack[0]).toBe(true);
    expect(refusals).toHaveLength(ROUNDS * 2);
    expect(refusals.filter((message) => /^Requête refusée\u00a0: la fonction « replace »/.test(message))).toHaveLength(
      ROUNDS,
    );
    expect(
      refusals.filter((message) => /^Réponse trop volumineuse\u00a0: plus de 1\u00a0Mo/.test(message)),
    ).toHaveLength(ROUNDS);
    await running.securityEvents.flush();
    const counts = await readSecurityEventCounts(context.database.db, new Date().toISOString().slice(0, 10));
    expect(counts.find((count) => count.kind === 'question_box_bounded')?.today).toBeGreaterThanOrEqual(ROUNDS);
    const times = served.map((outcome) => outcome.ms).toSorted((a, b) => a - b);
    console.info(
      `[${context.driver}] ${served.length} legitimate calls during the attack: median ${times[Math.floor(times.length / 2)]} ms, worst ${times.at(-1)} ms`,
    );
  }, 60_000);
});
