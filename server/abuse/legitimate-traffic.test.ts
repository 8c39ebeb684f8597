import { expect, it } from 'vitest';
import { describeWithDatabases } from '../db/test-database.ts';
import { expectLegitimateTrafficServed, useAttackedApp } from './legitimate-traffic.ts';

/** The abuse suite's control: without an attack, a user's calls all succeed in time. */
describeWithDatabases('abuse suite control', (context) => {
  const { running } = useAttackedApp(context);

  it('When nobody attacks, then a health check, a sign-in, a declaration and an upload succeed within a second', async () => {
    const app = running();
    const outcomes = await expectLegitimateTrafficServed(app);
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['healthz', 'signIn', 'declaration', 'upload']);
  });
});
