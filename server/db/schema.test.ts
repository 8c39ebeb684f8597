import { CLAIM_NUMBER_PATTERN } from '../../contracts/claim-number.ts';
import { asc, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { drawClaimNumber } from './claim-numbers.ts';
import { type AppDatabase, openDatabase, queryRows } from './client.ts';
import { isUniqueViolation, loggableDatabaseError } from './errors.ts';
import { insertOnce } from './idempotent-insert.ts';
import * as schema from './schema.ts';
import { claims, contracts, guarantees, reasons, subscriptions } from './schema.ts';
import { DATABASE_DRIVERS, describeWithDatabases, prepareTestDatabase } from './test-database.ts';

const silent = createLogger('silent');

const TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

/** The reference rows a claim points to. */
async function insertReferenceData(db: AppDatabase): Promise<void> {
  await db.insert(contracts).values({ contratCompagnieId: 501, nom: 'Test contract', company: null });
  await db.insert(guarantees).values({ id: 1, ordre: 1, type: 'annulation' });
  await db.insert(reasons).values({ id: 11, guaranteeId: 1 });
  await db.insert(subscriptions).values({
    souscriptionId: 9001,
    contratCompagnieId: 501,
    assureNumero: 'SO-0000001',
    assureNom: 'MARTIN',
    sejourDebutDate: '2025-07-01',
    sejourFinDate: '2025-07-15',
  });
}

/** A claim declaration as the claims service will write it. */
function claimValues(idempotencyKey: string | null) {
  return {
    souscriptionId: 9001,
    contratCompagnieId: 501,
    assureNumero: 'SO-0000001',
    assureNom: 'MARTIN',
    assurePrenom: 'Claire',
    assureEmail: 'claire.martin@example.com',
    assureAdresse: '1 rue de la Paix',
    assureCp: '75002',
    assureVille: 'Paris',
    assurePays: 'France',
    assureTelephone: '0612345678',
    sinistreDate: '2025-07-03',
    sejourDebutDate: '2025-07-01',
    sejourFinDate: '2025-07-15',
    sejourMontant: '480.50',
    motifId: 11,
    garantieId: 1,
    lang: 'fr' as const,
    acquisitionMethode: 'portail_sandaya_web',
    idempotencyKey,
  };
}

describe('migrations', () => {
  for (const driver of DATABASE_DRIVERS) {
    it(`When the server starts on an empty ${driver} database, then every table is created, and a second start changes nothing`, async () => {
      const prepared = await prepareTestDatabase(driver, { migrated: false });
      try {
        const first = await openDatabase(prepared.config, silent);
        const tables = await queryRows<{ name: string }>(
          first.db,
          sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
        );
        expect(tables.map((table) => table.name)).toEqual(TABLES);
        // Claim numbers are drawn at random: no sequence hands them out any more.
        const sequences = await queryRows<{ name: string }>(
          first.db,
          sql`select sequence_name as name from information_schema.sequences where sequence_name = 'claim_number_seq'`,
        );
        expect(sequences).toHaveLength(0);
        const applied = await queryRows<{ hash: string }>(first.db, sql`select hash from drizzle.__drizzle_migrations`);
        expect(applied.length).toBeGreaterThan(0);
        await first.db.insert(contracts).values({ contratCompagnieId: 7, nom: 'kept' });
        await first.close();

        const second = await openDatabase(prepared.config, silent);
        expect(await queryRows(second.db, sql`select hash from drizzle.__drizzle_migrations`)).toEqual(applied);
        expect(await second.db.select({ nom: contracts.nom }).from(contracts)).toEqual([{ nom: 'kept' }]);
        await second.close();
      } finally {
        await prepared.remove();
      }
    }, 60_000);
  }
});

describeWithDatabases('schema', (context) => {
  it('When claims are inserted without a number, then the database draws one at random, SI- and 7 digits, and they start en_cours', async () => {
    const { db } = context.database;
    await insertReferenceData(db);
    const rows = await db
      .insert(claims)
      .values(Array.from({ length: 20 }, () => claimValues(null)))
      .returning({ numero: claims.numero, etat: claims.etat });
    for (const row of rows)
      expect(row).toEqual({ numero: expect.stringMatching(CLAIM_NUMBER_PATTERN), etat: 'en_cours' });
    const numbers = rows.map((row) => Number(row.numero.slice(3)));
    expect(new Set(numbers).size).toBe(20);
    // Not a sequence: twenty consecutive inserts do not get consecutive numbers.
    expect(numbers.slice(1).every((number, index) => number === (numbers[index] ?? 0) + 1)).toBe(false);
    await db.insert(claims).values({ ...claimValues(null), numero: 'SI-0000001' });
  });

  it('When a claim is read back, then dates, amounts and timestamps have the same shape on both drivers', async () => {
    const { db } = context.database;
    const [claim] = await db.select().from(claims).where(eq(claims.numero, 'SI-0000001'));
    expect(claim).toMatchObject({
      sinistreDate: '2025-07-03',
      sejourDebutDate: '2025-07-01',
      sejourMontant: '480.50',
      confirmationAnnulation: false,
      justificatifs: [],
      forceClientId: null,
    });
    expect(claim?.declarationDate).toBeInstanceOf(Date);
    expect(Math.abs((claim?.declarationDate.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('When a claim is inserted with drawn numbers and the first draw is taken, then insertOnce draws again and the retried key gets the same claim', async () => {
    const { db } = context.database;
    const draws = ['SI-0000001', 'SI-0000001', drawClaimNumber()];
    const key = 'key-redraw-0001';
    const values = () => ({ ...claimValues(key), numero: draws.shift() ?? drawClaimNumber() });
    const first = await insertOnce(db, claims, { column: claims.idempotencyKey, value: key }, values);
    expect(first.created).toBe(true);
    expect(first.row.numero).toMatch(CLAIM_NUMBER_PATTERN);
    expect(first.row.numero).not.toBe('SI-0000001');
    const retry = await insertOnce(db, claims, { column: claims.idempotencyKey, value: key }, values);
    expect(retry).toEqual({ created: false, row: first.row });
  });

  it('When a second claim reuses an idempotency key, then the unique constraint refuses it and the log form hides its values', async () => {
    const { db } = context.database;
    await db.insert(claims).values(claimValues('key-unique-0001'));
    const error = await db
      .insert(claims)
      .values(claimValues('key-unique-0001'))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(isUniqueViolation(error, 'claims_idempotency_key_unique')).toBe(true);
    const logged = JSON.stringify(loggableDatabaseError(error));
    expect(logged).toContain('23505');
    for (const value of ['MARTIN', 'claire.martin@example.com', 'key-unique-0001', '0612345678']) {
      expect(logged).not.toContain(value);
    }
    expect(await db.$count(claims, eq(claims.idempotencyKey, 'key-unique-0001'))).toBe(1);
  });

  it('When 20 submits with one idempotency key run at once, then one claim exists and all get its number', async () => {
    const { db } = context.database;
    const key = 'key-concurrent-0001';
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) => insertOnce(tx, claims, { column: claims.idempotencyKey, value: key }, claimValues(key))),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const numbers = new Set(results.map((result) => result.row.numero));
    expect(numbers.size).toBe(1);
    const stored = await db
      .select({ numero: claims.numero })
      .from(claims)
      .where(eq(claims.idempotencyKey, key))
      .orderBy(asc(claims.id));
    expect(stored.map((row) => row.numero)).toEqual([...numbers]);
  });

  it('When a flag is neither 0 nor 1, then the database refuses it', async () => {
    const { db } = context.database;
    const error = await db
      .insert(guarantees)
      .values({ id: 2, priorisationDeclare: 2 as 0 })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(loggableDatabaseError(error)).toMatchObject({ code: '23514', constraint: 'guarantees_priorisation_flag' });
  });
});
