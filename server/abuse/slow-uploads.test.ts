import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PARTNER_API_BASE } from '../../contracts/partner-api.ts';
import { uploadedFiles } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { PDF_HEADER, slowRequest } from '../files/test-support.ts';
import { readSecurityEventCounts } from '../security/security-events.ts';
import { expectLegitimateTrafficServed, useAttackedApp } from './legitimate-traffic.ts';

/**
 * Attack: a few address groups open every upload slot they can and trickle one byte at a time
 * (or nothing at all) into each, so that nobody else can upload. The bodies' pace bounds are
 * shortened for the test (production: 10 s idle, 1 KiB/s over 15 s windows).
 */

const PACE = { idleMs: 2_000, minBytesPerSecond: 512, rateWindowMs: 4_000 } as const;
/** The longest an attacker may hold a connection: a window, a look of the watcher, and slack for a busy machine. */
const HELD_AT_MOST_MS = PACE.rateWindowMs + 2_500;
const GROUPS = ['203.0.113.11', '203.0.113.12', '203.0.113.13', '203.0.113.14'];
const CONNECTIONS_PER_GROUP = 4;
/** Bytes of the file sent at once before the trickle: past the format sniffing, so a partial file exists. */
const HEAD_BYTES = 8 * 1024;

/**
 * One attacker connection: a chunked multipart upload that sends its start, then one byte every
 * `everyMs` (or nothing when `stall`), until the server answers and closes.
 */
function trickleUpload(baseUrl: string, from: string, options: { everyMs: number; stall: boolean }) {
  const boundary = 'attack-boundary';
  return slowRequest(baseUrl, {
    method: 'POST',
    path: `${PARTNER_API_BASE}/justificatifs`,
    headers: { 'X-Forwarded-For': from, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    start: [
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="newfile"; filename="slow.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
      Buffer.concat([PDF_HEADER, Buffer.alloc(HEAD_BYTES, 0x20)]),
    ],
    ...(options.stall ? {} : { everyMs: options.everyMs }),
    maxMs: 20_000,
  });
}

describeWithDatabases('abuse: slow uploads holding the upload slots', (context) => {
  const { running, dataDir } = useAttackedApp(context, {
    ownDataDir: true,
    bodyPace: PACE,
    prepare: async () => {
      await context.database.db.delete(uploadedFiles);
    },
  });

  it('When four address groups trickle bytes into every upload slot they can take, then they are cut within the pace bounds and a claimant upload, sign-in and declaration succeed meanwhile', async () => {
    const app = running();
    // Warm-up, as a claimant would have been served before the attack began.
    await expectLegitimateTrafficServed(app);
    const attack = GROUPS.flatMap((from, group) =>
      Array.from({ length: CONNECTIONS_PER_GROUP }, () =>
        // The last group sends nothing after its start: the idle bound cuts it.
        trickleUpload(app.baseUrl, from, { everyMs: 500, stall: group === GROUPS.length - 1 }),
      ),
    );
    let attackOver = false;
    const outcomesPromise = Promise.all(attack).then((outcomes) => {
      attackOver = true;
      return outcomes;
    });
    // Every attacker connection has had time to take its slot.
    await new Promise((resolve) => setTimeout(resolve, 400));

    const [upload] = await expectLegitimateTrafficServed(app, ['upload']);
    expect(attackOver).toBe(false);
    await expectLegitimateTrafficServed(app);

    const outcomes = await outcomesPromise;
    const held = outcomes.map((outcome) => outcome.heldMs);
    console.info(
      `slow uploads: legitimate upload ${upload?.ms} ms during the attack; attacker connections held ` +
        `${Math.min(...held)}–${Math.max(...held)} ms (statuses ${[...new Set(outcomes.map((o) => o.status))].join(', ')})`,
    );
    for (const outcome of outcomes) {
      expect(outcome.heldMs).toBeLessThanOrEqual(HELD_AT_MOST_MS);
      expect([408, 429, 503]).toContain(outcome.status);
    }
    // All but the slots kept for groups holding none were taken, then cut.
    expect(outcomes.filter((outcome) => outcome.status === 408).length).toBeGreaterThanOrEqual(12);

    // Nothing of the attack stays: no upload recorded beyond the claimants', no partial file left.
    expect(await context.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles)).toHaveLength(3);
    const incoming = join(dataDir(), 'files', '.incoming');
    await expect.poll(() => (existsSync(incoming) ? readdirSync(incoming) : [])).toEqual([]);

    await app.securityEvents.flush();
    const counts = await readSecurityEventCounts(context.database.db, new Date().toISOString().slice(0, 10));
    expect(counts.find((count) => count.kind === 'slow_body')?.today).toBeGreaterThanOrEqual(12);
    const refusedAtOnce = outcomes.filter((outcome) => outcome.status === 429).length;
    expect(counts.find((count) => count.kind === 'upload_slots_full')?.today ?? 0).toBeGreaterThanOrEqual(
      refusedAtOnce,
    );
  }, 30_000);
});
