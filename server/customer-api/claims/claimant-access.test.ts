import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claims, followUpTokens, rateLimitHits } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import {
  comparableName,
  FAILED_LOOKUP_BY_ADDRESS_RULE,
  findClaimForClaimant,
  hashFollowUpToken,
  isClaimantName,
  WRONG_NAME_RULE,
} from './claimant-access.ts';

describe('claimant names', () => {
  it.each([
    ['MARTIN', ' martin '],
    ['Lefèvre', 'LEFEVRE'],
    ['Müller-Öz', 'muller-oz'],
    ['Da  Silva', 'da silva'],
    ['Øster', 'Øster'],
  ])('When %j is compared with %j, then they are the same name', (stored, typed) => {
    expect(isClaimantName(typed, stored)).toBe(true);
  });

  it.each([
    ['MARTIN', 'MARTINE'],
    ['MARTIN', ''],
    ['', '   '],
    ['Lefèvre', 'Lefebvre'],
  ])('When %j is compared with %j, then they differ', (stored, typed) => {
    expect(isClaimantName(typed, stored)).toBe(false);
  });

  it('When a name is made comparable, then accents, case and surrounding spaces are gone', () => {
    expect(comparableName('  Éloïse Ñúñez ')).toBe('eloise nunez');
  });
});

describeWithDatabases('claimant access', { demo: true }, (context) => {
  let claimId = 0;

  beforeAll(async () => {
    const [claim] = await context.database.db.select().from(claims).where(eq(claims.numero, 'SI-0000003'));
    claimId = claim?.id ?? 0;
  });
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
  });

  it('When the number and the name match, then the claim is found', async () => {
    const access = await findClaimForClaimant(context.database.db, { numero: 'si-0000003', nom: 'Martin' }, '10.0.0.1');
    expect(access.status).toBe('found');
    if (access.status === 'found') expect(access.claim.numero).toBe('SI-0000003');
  });

  it('When a valid follow-up token is given, then its claim is found; expired or unknown, not', async () => {
    const valid = randomBytes(32).toString('base64url');
    const expired = randomBytes(32).toString('base64url');
    await context.database.db.insert(followUpTokens).values([
      { claimId, tokenHash: hashFollowUpToken(valid), expiresAt: new Date(Date.now() + 60_000) },
      { claimId, tokenHash: hashFollowUpToken(expired), expiresAt: new Date(Date.now() - 1) },
    ]);
    const { db } = context.database;
    expect((await findClaimForClaimant(db, { hash: valid }, '10.0.0.2')).status).toBe('found');
    expect((await findClaimForClaimant(db, { hash: expired }, '10.0.0.2')).status).toBe('not_found');
    expect((await findClaimForClaimant(db, { hash: randomBytes(32).toString('base64url') }, '10.0.0.2')).status).toBe(
      'not_found',
    );
  });

  it('When the name is wrong ten times, then the next lookup is limited even with the right name, from any address', async () => {
    const { db } = context.database;
    for (let attempt = 0; attempt < WRONG_NAME_RULE.limit; attempt++) {
      const access = await findClaimForClaimant(db, { numero: 'SI-0000003', nom: 'DUPONT' }, `10.0.1.${attempt}`);
      expect(access.status).toBe('not_found');
    }
    const access = await findClaimForClaimant(db, { numero: 'SI-0000003', nom: 'MARTIN' }, '10.0.2.1');
    expect(access.status).toBe('rate_limited');
    if (access.status === 'rate_limited') {
      expect(access.state.allowed).toBe(false);
      expect(access.state.retryAfterSeconds).toBeGreaterThan(0);
      // Sliding windows: room comes back at the latest when this window and the next have slid out.
      expect(access.state.retryAfterSeconds).toBeLessThanOrEqual((2 * WRONG_NAME_RULE.windowMs) / 1000);
    }
  });

  it('When forty wrong names are tried at once on one claim number, then at most ten are compared and the rest are limited', async () => {
    const { db } = context.database;
    const accesses = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        findClaimForClaimant(db, { numero: 'SI-0000003', nom: `GUESS${attempt}` }, `10.0.5.${attempt}`),
      ),
    );
    const statuses = accesses.map((access) => access.status);
    expect(statuses.filter((status) => status === 'not_found')).toHaveLength(WRONG_NAME_RULE.limit);
    expect(statuses.filter((status) => status === 'rate_limited')).toHaveLength(40 - WRONG_NAME_RULE.limit);
  });

  it('When right names are looked up many times, then nothing is counted against the claimant', async () => {
    const { db } = context.database;
    for (let attempt = 0; attempt < WRONG_NAME_RULE.limit + 5; attempt++) {
      expect((await findClaimForClaimant(db, { numero: 'SI-0000003', nom: 'MARTIN' }, '10.0.3.1')).status).toBe(
        'found',
      );
    }
  });

  it('When one address fails on many numbers and links, then it is limited', async () => {
    const { db } = context.database;
    for (let attempt = 0; attempt < FAILED_LOOKUP_BY_ADDRESS_RULE.limit; attempt++) {
      const credentials =
        attempt % 2 === 0
          ? { numero: `SI-55${String(attempt).padStart(5, '0')}`, nom: 'X' }
          : { hash: randomBytes(32).toString('base64url') };
      expect((await findClaimForClaimant(db, credentials, '10.0.4.1')).status).toBe('not_found');
    }
    expect((await findClaimForClaimant(db, { numero: 'SI-0000003', nom: 'MARTIN' }, '10.0.4.1')).status).toBe(
      'rate_limited',
    );
    expect((await findClaimForClaimant(db, { numero: 'SI-0000003', nom: 'MARTIN' }, '10.0.4.2')).status).toBe('found');
  });
});
