import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { type DatabaseOrTransaction, queryRows } from './client.ts';
import { prepared } from './prepared-statements.ts';
import { describeWithDatabases } from './test-database.ts';

/**
 * A marked statement gives the same rows as before on both databases, runs as a named prepared
 * statement of its connection, and keeps working when a migration adds a column
 * to what it returns or when the server forgets its prepared statements.
 */

const insertProbe = (label: string) =>
  prepared('probe-insert', sql`insert into probes (label) values (${label}::text) returning id, label`);

async function insertLabel(db: DatabaseOrTransaction, label: string): Promise<string | undefined> {
  const [row] = await queryRows<{ label: string }>(db, insertProbe(label));
  return row?.label;
}

describeWithDatabases('prepared statements', (context) => {
  beforeAll(async () => {
    await context.database.db.execute(sql`create table probes (id serial primary key, label text not null)`);
  });

  it('When a marked statement runs again and again, then each run answers its own values', async () => {
    const { db } = context.database;
    for (const label of ['first', 'second', "l'apostrophe", 'fourth', 'fifth', 'sixth', 'seventh'])
      expect(await insertLabel(db, label)).toBe(label);
  });

  it('When a migration adds a column to the table it writes, then it still answers its named columns', async () => {
    const { db } = context.database;
    await db.transaction(async (tx) => {
      expect(await insertLabel(tx, 'before')).toBe('before');
    });
    await db.execute(sql`alter table probes add column note text`);
    await db.transaction(async (tx) => {
      expect(await insertLabel(tx, 'after')).toBe('after');
    });
  });

  it('When the server forgets the prepared statements, then the next run after the refused one prepares it again', async () => {
    const { db } = context.database;
    const refusedOrNot = await db
      .transaction(async (tx) => {
        await insertLabel(tx, 'kept');
        await tx.execute(sql`deallocate all`);
        return insertLabel(tx, 'forgotten');
      })
      .catch((error: unknown) => (error as { cause?: { code?: string } }).cause?.code);
    // The one run that still names the forgotten statement is refused (26000).
    expect(refusedOrNot).toBe('26000');
    await db.transaction(async (tx) => {
      expect(await insertLabel(tx, 'again')).toBe('again');
    });
  });

  it('When a marked statement runs in a transaction, then its values are read as the same unmarked statement’s are', async () => {
    const typed = sql`select ${'2026-03-14T10:15:02.123Z'}::timestamptz as at, ${'2026-03-14'}::date as day,
      ${'2 days'}::interval as span, 42::integer as n, ${'{"a":[1,"b"]}'}::jsonb as j, ${'l’été'}::text as t`;
    const [marked, unmarked] = await context.database.db.transaction(async (tx) => [
      await queryRows(tx, prepared('probe-types', typed)),
      await queryRows(tx, typed),
    ]);
    expect(marked).toEqual(unmarked);
    expect(marked?.[0]).toMatchObject({ n: 42, j: { a: [1, 'b'] }, t: 'l’été' });
  });

  it('When a marked statement has run in a transaction, then the database holds it prepared under its mark, once per shape', async () => {
    const names = await context.database.db.transaction(async (tx) => {
      await insertLabel(tx, 'one');
      await insertLabel(tx, 'two');
      await queryRows(tx, prepared('probe-insert', sql`insert into probes (label) values (${'three'}::text)`));
      return queryRows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements order by prepare_time`,
      );
    });
    const probes = names.filter((row) => row.name.startsWith('probe-insert-'));
    expect(probes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(probes.map((row) => row.statement)).size).toBe(probes.length);
    expect(probes.map((row) => row.statement).join('\n')).toContain('values ($1::text)');
  });

  it('When a marked statement fails in a transaction, then the transaction is rolled back and the next one runs it', async () => {
    const { db } = context.database;
    const failed = await db
      .transaction(async (tx) => {
        await insertLabel(tx, 'rolled back');
        await queryRows(
          tx,
          prepared('probe-insert', sql`insert into probes (label) values (${null}::text) returning id`),
        );
      })
      .catch((error: unknown) => (error as { cause?: { code?: string } }).cause?.code);
    expect(failed).toBe('23502');
    const rows = await queryRows<{ label: string }>(db, sql`select label from probes where label = 'rolled back'`);
    expect(rows).toHaveLength(0);
    await db.transaction(async (tx) => {
      expect(await insertLabel(tx, 'after the failure')).toBe('after the failure');
    });
  });

  it('When a prepared statement name breaks the rule, then it is refused before any SQL is built', () => {
    expect(() => prepared('Drop table; --', sql`select 1`)).toThrow(RangeError);
  });
});
