import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDatabases } from '../db/test-database.ts';
import { seedDemoData } from '../demo/seed.ts';
import { createFakeSite, type RunningApp, startTestApp } from '../test-support.ts';
import { expectLegitimateTrafficServed, prepareLegitimateStaff } from './legitimate-traffic.ts';

/** The abuse suite's control: without an attack, a user's calls all succeed in time. */
describeWithDatabases('abuse suite control', (context) => {
  let site: ReturnType<typeof createFakeSite> | undefined;
  let app: RunningApp | undefined;

  beforeAll(async () => {
    await seedDemoData(context.database.db);
    await prepareLegitimateStaff(context.database.db);
    site = createFakeSite();
    app = await startTestApp(site.staticDir, undefined, { database: context.database, config: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });

  it('When nobody attacks, then a health check, a sign-in, a declaration and an upload succeed within a second', async () => {
    if (!app) throw new Error('the app starts in beforeAll');
    const outcomes = await expectLegitimateTrafficServed(app);
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['healthz', 'signIn', 'declaration', 'upload']);
  });
});
