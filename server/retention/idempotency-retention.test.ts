import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClaimDeclarationSchema } from '../../contracts/partner-api.ts';
import { declareClaim } from '../customer-api/claims/service.ts';
import { createClaimsTestCatalog, validDeclaration } from '../customer-api/claims/test-support.ts';
import { claims, mailOutbox } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { LocalFileStore } from '../files/store.ts';
import { createLogger } from '../logger.ts';
import { purgeExpiredData } from './purge.ts';

/**
 * A declaration kept on a device may be replayed days after the server saved it
 * (the answer was lost, the phone stayed offline). The claim row holds its `Idempotency-Key`
 * and the retention purge never deletes claims, so the replay answers the same claim.
 */

const DAY = 24 * 60 * 60_000;

describeWithDatabases('Idempotency-Key kept through the retention purge', { demo: true }, (context) => {
  let storeRoot = '';

  beforeAll(async () => {
    storeRoot = mkdtempSync(join(tmpdir(), 'claim-portal-idempotency-'));
  }, 120_000);
  afterAll(() => rmSync(storeRoot, { recursive: true, force: true }));

  it('When a declaration is replayed 7 days and an hour after it was saved, with the purge run in between, then it answers the same claim and writes no second claim or mail', async () => {
    const dependencies = {
      database: context.database,
      brands: createClaimsTestCatalog(),
      logger: createLogger('silent'),
    };
    const declaration = ClaimDeclarationSchema.parse(validDeclaration(25));
    const idempotencyKey = 'offline-replay-after-seven-days';
    const link = { origin: 'http://localhost:4321' };
    const saved = await declareClaim(dependencies, { declaration, idempotencyKey, link });
    expect(saved.created).toBe(true);

    const later = new Date(saved.claim.declarationDate.getTime() + 7 * DAY + 60 * 60_000);
    await purgeExpiredData(context.database.db, new LocalFileStore(join(storeRoot, 'files')), later);
    const replayed = await declareClaim(dependencies, { declaration, idempotencyKey, link, now: later });

    expect(replayed.created).toBe(false);
    expect(replayed.claim.numero).toBe(saved.claim.numero);
    const rows = await context.database.db.select().from(claims).where(eq(claims.idempotencyKey, idempotencyKey));
    expect(rows.map((row) => row.numero)).toEqual([saved.claim.numero]);
    const mails = await context.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${saved.claim.numero}%`));
    expect(mails).toHaveLength(1);
  });
});
