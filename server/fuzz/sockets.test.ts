import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_DRIVERS } from '../db/test-database.ts';
import { FUZZ_SEED, type FuzzTarget, fuzzRunsOn, report, selected, startFuzzTarget } from './harness.ts';
import { fuzzEvent, fuzzRawPackets, fuzzStaffNamespace, SOCKET_EVENTS, type SocketResult } from './sockets.ts';

/**
 * Generated hostile socket.io traffic on PGlite and PostgreSQL: `fuzzRunsOn`
 * cases per customer event (150 on PGlite, 50 on PostgreSQL in `npm test`), raw packets and the staff namespace. When any of it stops the
 * server, leaves a promise rejected unhandled, or writes for invalid traffic, the test fails with
 * the seed and the replay command.
 */

console.log(
  `socket fuzz: seed ${FUZZ_SEED}, ${fuzzRunsOn('pglite')} cases per event on PGlite, ${fuzzRunsOn('postgres')} on PostgreSQL (replay: FUZZ_SEED=${FUZZ_SEED})`,
);

/** Rejections nobody handled while the traffic ran (left alone, one would stop the process). */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

const ROWS: { name: string; run: (target: FuzzTarget) => Promise<SocketResult> }[] = [
  ...(Object.keys(SOCKET_EVENTS) as (keyof typeof SOCKET_EVENTS)[]).map((event) => ({
    name: `socket / ${event}`,
    run: (target: FuzzTarget) => fuzzEvent(target, event),
  })),
  { name: 'socket / raw packets', run: fuzzRawPackets },
  { name: 'socket /bo (cookies and events)', run: fuzzStaffNamespace },
];

// A replay of one HTTP endpoint (FUZZ_ONLY) selects no event: the file then has no suite at all.
const selectedRows = ROWS.filter((entry) => selected(entry.name));

for (const driver of selectedRows.length > 0 ? DATABASE_DRIVERS : []) {
  describe(`generated hostile socket traffic [${driver}]`, () => {
    let target: FuzzTarget | undefined;
    beforeAll(async () => {
      process.on('unhandledRejection', onUnhandled);
      target = await startFuzzTarget(driver);
    }, 120_000);
    afterAll(async () => {
      process.off('unhandledRejection', onUnhandled);
      await target?.close();
    });

    for (const row of selectedRows) {
      it(`When ${row.name} carries generated hostile payloads, then the server keeps serving and writes nothing`, async () => {
        if (!target) throw new Error('the app did not start');
        unhandled.length = 0;
        const result = await row.run(target);
        if (unhandled.length > 0) result.counts.crashes += unhandled.length;
        report(result.counts);
        if (process.env['FUZZ_VERBOSE']) console.log(JSON.stringify(result.counts));
        expect(unhandled.map(String)).toEqual([]);
        expect(result.message ?? '', result.message).toBe('');
      }, 600_000);
    }
  });
}
