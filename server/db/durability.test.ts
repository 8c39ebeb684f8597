import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { openDatabase, queryRows } from './client.ts';
import { claimProofs, claims } from './schema.ts';
import { startEmbeddedChild } from './test-child-process.ts';
import { prepareTestDatabase } from './test-database.ts';

/**
 * What an embedded database keeps when its process is killed with -9 in the middle of writes.
 * The child commits claims (one transaction: a claim and 3 proofs) from 4 concurrent loops and
 * prints each claim id once its commit is acknowledged; the test kills it mid-stream, reopens
 * the folder and checks that every acknowledged claim is there, complete, and that no claim is
 * there without all its proofs.
 */

const PROOFS_PER_CLAIM = 3;
/** Commits acknowledged before the kill. */
const ACKNOWLEDGED_BEFORE_KILL = 150;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('embedded database durability', () => {
  it('When the process is killed with -9 during concurrent commits, then every acknowledged claim is kept whole and none is partial', {
    timeout: 120_000,
  }, async () => {
    const prepared = await prepareTestDatabase('pglite');
    cleanups.push(() => prepared.remove());
    const child = startEmbeddedChild('claims', prepared.dataDir);
    cleanups.push(() => child.process.kill('SIGKILL'));
    await child.waitForLine(/^ready$/);
    const deadline = Date.now() + 60_000;
    while (child.lines().length < ACKNOWLEDGED_BEFORE_KILL + 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.process.kill('SIGKILL');
    expect(await child.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const acknowledged = child
      .lines()
      .map((line) => /^committed (\d+)$/.exec(line)?.[1])
      .filter((id): id is string => id !== undefined)
      .map(Number);
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    const database = await openDatabase(prepared.config, createLogger('silent'));
    cleanups.push(() => database.close());
    const { db } = database;
    const found = await db.select({ id: claims.id }).from(claims).where(inArray(claims.id, acknowledged));
    expect(found).toHaveLength(acknowledged.length);

    const proofCounts = await db
      .select({ claimId: claims.id, proofs: count(claimProofs.id) })
      .from(claims)
      .leftJoin(claimProofs, eq(claimProofs.claimId, claims.id))
      .groupBy(claims.id);
    const partial = proofCounts.filter((row) => row.proofs !== PROOFS_PER_CLAIM);
    expect(partial).toEqual([]);
    // Commits that finished after the last line the test read (at most one per loop) may be there too.
    expect(proofCounts.length - acknowledged.length).toBeLessThanOrEqual(8);
    const [orphans] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from claim_proofs where claim_id not in (select id from claims)`,
    );
    expect(orphans?.n).toBe(0);
  });
});
