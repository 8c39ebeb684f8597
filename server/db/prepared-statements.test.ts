import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseOrTransaction, queryRows } from './client.ts';
import { prepared } from './prepared-statements.ts';
import { describeWithDatabases, openTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A marked statement gives the same rows as before on both databases, on PostgreSQL runs as a
 * named prepared statement of its connection, and keeps working when a migration adds a column
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
    // PostgreSQL refuses the one run that still names the forgotten statement (26000); PGlite never prepared it.
    expect(refusedOrNot).toBe(context.driver === 'postgres' ? '26000' : 'forgotten');
    await db.transaction(async (tx) => {
      expect(await insertLabel(tx, 'again')).toBe('again');
    });
  });

  it('When a prepared statement name breaks the rule, then it is refused before any SQL is built', () => {
    expect(() => prepared('Drop table; --', sql`select 1`)).toThrow(RangeError);
  });
});

describe('prepared statements on the PostgreSQL server', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await database.database.db.execute(sql`create table probes (id serial primary key, label text not null)`);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('When a marked statement has run on a connection, then the connection holds it prepared under its mark, once per shape', async () => {
    const names = await database.database.db.transaction(async (tx) => {
      await insertLabel(tx, 'one');
      await insertLabel(tx, 'two');
      await queryRows(tx, prepared('probe-insert', sql`insert into probes (label) values (${'three'}::text)`));
      return queryRows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements order by prepare_time`,
      );
    });
    const probes = names.filter((row) => row.name.startsWith('probe-insert-'));
    expect(probes).toHaveLength(2);
    expect(probes[0]?.statement).toContain('returning id, label');
  });
});
