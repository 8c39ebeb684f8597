import { CLAIM_NUMBER_PATTERN } from '../../contracts/claim-number.ts';
import { asc, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertClaimOnce } from '../customer-api/claims/repository.ts';
import { durandClaimValues } from '../staff-api/claims/test-support.ts';
import { drawClaimNumber } from './claim-numbers.ts';
import { claims } from './schema.ts';
import { describeWithDatabases } from './test-database.ts';

/**
 * Claim numbers keep the `SI-` + 7 digits shape but are drawn at random: a number
 * tells nothing of the next one. Written through the submit's own insert (insertClaimOnce), on
 * both databases.
 */

const DEMO_NUMBERS = ['SI-0000003', 'SI-0000007', 'SI-0000008'];

describeWithDatabases('claim numbers drawn at random', { demo: true }, (context) => {
  it('When 200 claims are declared one after the other, then their numbers are SI- and 7 digits, all different, not in sequence, and the demo claims keep theirs', async () => {
    const { db } = context.database;
    const keys = Array.from({ length: 200 }, (_, index) => `numbers-${index}`);
    for (const idempotencyKey of keys)
      await db.transaction((tx) => insertClaimOnce(tx, { ...durandClaimValues(), idempotencyKey }));
    const rows = await db
      .select({ numero: claims.numero })
      .from(claims)
      .where(inArray(claims.idempotencyKey, keys))
      .orderBy(asc(claims.id));
    const numbers = rows.map((row) => row.numero);
    expect(numbers).toHaveLength(200);
    for (const numero of numbers) expect(numero).toMatch(CLAIM_NUMBER_PATTERN);
    expect(new Set(numbers).size).toBe(200);
    const values = numbers.map((numero) => Number(numero.slice(3)));
    // In creation order, no claim's number follows the one before it, and the whole is not sorted.
    const followers = values.slice(1).filter((value, index) => value === (values[index] ?? 0) + 1);
    expect(followers).toEqual([]);
    expect(values).not.toEqual(values.toSorted((a, b) => a - b));
    // Drawn above the demo's range.
    expect(values.every((value) => value > 1000)).toBe(true);
    const demo = await db.select({ numero: claims.numero }).from(claims).where(inArray(claims.numero, DEMO_NUMBERS));
    expect(demo.map((row) => row.numero).toSorted()).toEqual(DEMO_NUMBERS);
  });

  it('When one submit is sent 10 times at once and retried, then one claim exists and every answer carries its number', async () => {
    const { db } = context.database;
    const idempotencyKey = 'numbers-retried';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction((tx) => insertClaimOnce(tx, { ...durandClaimValues(), idempotencyKey })),
      ),
    );
    const retry = await db.transaction((tx) => insertClaimOnce(tx, { ...durandClaimValues(), idempotencyKey }));
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(new Set([...answers, retry].map((answer) => answer.row.numero)).size).toBe(1);
    expect(retry.created).toBe(false);
  });

  it('When numbers are drawn, then they spread over the whole range of seven digits', () => {
    const drawn = Array.from({ length: 2000 }, () => Number(drawClaimNumber().slice(3)));
    // Each tenth of the range gets about 200; a sequence or a narrow draw would not.
    const tenths = new Array(10).fill(0) as number[];
    for (const value of drawn) tenths[Math.floor(value / 1_000_000)] = (tenths[Math.floor(value / 1_000_000)] ?? 0) + 1;
    for (const count of tenths) expect(count).toBeGreaterThan(100);
  });
});
