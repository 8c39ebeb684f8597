import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseDriver } from '../db/client.ts';
import { FUZZ_ENDPOINTS } from './endpoints.ts';
import { FUZZ_SEED, type FuzzTarget, fuzzEndpoint, fuzzRunsOn, report, selected, startFuzzTarget } from './harness.ts';

/**
 * Generated hostile input against every HTTP endpoint on one database driver:
 * `fuzzRunsOn(driver)` cases each (150 on PGlite, 50 on PostgreSQL in `npm test`). One test file per driver, so the two run side by side.
 * When, for any case, the server answers 5xx, stops serving, accepts input its contract refuses,
 * refuses without a message in the visitor's language, or writes anything for an invalid input,
 * then the test fails with the seed, the path of the case and the command replaying it.
 */
export function describeHttpFuzz(driver: DatabaseDriver): void {
  console.log(
    `fuzz [${driver}]: seed ${FUZZ_SEED}, ${fuzzRunsOn(driver)} cases per endpoint (replay: FUZZ_SEED=${FUZZ_SEED})`,
  );
  // A replay of one socket event (FUZZ_ONLY) selects no endpoint: the file then has no suite at all.
  const endpoints = FUZZ_ENDPOINTS.filter((entry) => selected(entry.name));
  if (endpoints.length === 0) return;
  describe(`generated hostile HTTP input [${driver}]`, () => {
    let target: FuzzTarget | undefined;
    beforeAll(async () => {
      target = await startFuzzTarget(driver);
    }, 120_000);
    afterAll(async () => {
      await target?.close();
    });

    for (const endpoint of endpoints) {
      it(`When ${endpoint.name} gets generated hostile input, then it answers 4xx with a message and writes nothing`, async () => {
        if (!target) throw new Error('the app did not start');
        const result = await fuzzEndpoint(target, endpoint);
        report(result.counts);
        if (process.env['FUZZ_VERBOSE']) console.log(JSON.stringify(result.counts));
        expect(result.message ?? '', result.message).toBe('');
      }, 600_000);
    }
  });
}
