import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ErrorAnswerSchema, PARTNER_API_BASE } from '../../contracts/partner-api.ts';
import { queryRows } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { PDF_HEADER, pdfOfSize, streamUpload } from '../files/test-support.ts';
import { readSecurityEventCounts } from '../security/security-events.ts';
import { expectLegitimateTrafficServed, useAttackedApp } from './legitimate-traffic.ts';

/**
 * Attack: one address group sends upload after upload in chunks (no Content-Length), first tiny
 * ones, then large ones, to spend the hourly upload budget that every claimant shares.
 * UPLOAD_MB_PER_HOUR is 100 MiB here, so a group's share (5 %) is 5 MiB.
 */

const ATTACKER = '203.0.113.21';
const TINY_UPLOADS = 40;
const LARGE_UPLOAD_BYTES = 1_500_000;
const PROOFS_URL = `${PARTNER_API_BASE}/justificatifs`;

/** A chunked proof upload of `bytes` bytes (a PDF) from `from`. */
function chunkedUpload(baseUrl: string, from: string, bytes: number) {
  const chunks =
    bytes <= PDF_HEADER.length + 400
      ? [PDF_HEADER, Buffer.alloc(bytes - PDF_HEADER.length, 0x20)]
      : [...pdfOfSize(bytes)];
  return streamUpload(`${baseUrl}${PROOFS_URL}`, {
    headers: { 'X-Forwarded-For': from, 'Accept-Language': 'en' },
    fields: { type: '1' },
    file: { field: 'newfile', filename: 'tiny.pdf', contentType: 'application/pdf', chunks },
  });
}

describeWithDatabases('abuse: one client spending the upload budget', (context) => {
  const { running } = useAttackedApp(context, {
    ownDataDir: true,
    config: { UPLOAD_MB_PER_HOUR: '100' },
    prepare: async () => {
      await context.database.db.delete(rateLimitHits);
    },
  });

  /** KiB charged to everyone's hourly budget so far. */
  async function budgetCharged(): Promise<number> {
    const [row] = await queryRows<{ total: number | string }>(
      context.database.db,
      sql`select coalesce(sum(count), 0) as total from rate_limit_hits where bucket like 'uploads:kib:%'`,
    );
    return Number(row?.total ?? 0);
  }

  it('When one address group sends many small chunked uploads, then the budget is charged for what they sent and another group still uploads', async () => {
    const app = running();
    const before = await budgetCharged();

    for (let sent = 0; sent < TINY_UPLOADS; sent++) {
      expect((await chunkedUpload(app.baseUrl, ATTACKER, 370)).status).toBe(200);
    }

    // Each tiny upload keeps the KiB it sent, not the 36 MiB a chunked body may reach.
    await expect.poll(budgetCharged).toBeLessThanOrEqual(before + TINY_UPLOADS * 1);
    expect(await budgetCharged()).toBeGreaterThanOrEqual(before + TINY_UPLOADS);
    const [upload] = await expectLegitimateTrafficServed(app, ['upload']);
    console.info(`upload budget: after ${TINY_UPLOADS} tiny chunked uploads, a claimant upload took ${upload?.ms} ms`);
  });

  it('When one address group keeps sending large chunked uploads, then it is refused with 429 once its share is spent, while claimants from other groups are served', async () => {
    const app = running();
    const statuses: number[] = [];
    let refusal: Awaited<ReturnType<typeof chunkedUpload>> | undefined;
    for (let attempt = 0; attempt < 8 && refusal === undefined; attempt++) {
      const answer = await chunkedUpload(app.baseUrl, ATTACKER, LARGE_UPLOAD_BYTES);
      statuses.push(answer.status);
      if (answer.status !== 200) refusal = answer;
    }

    // 5 MiB share: three uploads of 1.5 MB pass, the next is refused.
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(refusal?.status).toBe(429);
    expect(ErrorAnswerSchema.parse(JSON.parse(refusal?.body ?? '{}'))).toMatchObject({
      code: 'upload_share_spent',
      message: expect.stringMatching(/^Many files have already been uploaded from your connection this hour/),
    });
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(0);
    // Everyone's budget (100 MiB) is far from spent: only what was stored stays charged.
    expect(await budgetCharged()).toBeLessThan(6 * 1024);

    const outcomes = await expectLegitimateTrafficServed(app);
    console.info(
      `upload budget: attacker refused after ${statuses.length} large uploads; claimant calls took ${outcomes
        .map((outcome) => `${outcome.action} ${outcome.ms} ms`)
        .join(', ')}`,
    );
    await app.securityEvents.flush();
    const counts = await readSecurityEventCounts(context.database.db, new Date().toISOString().slice(0, 10));
    expect(counts.find((count) => count.kind === 'upload_budget_spent')?.today).toBeGreaterThanOrEqual(1);
  });
});
