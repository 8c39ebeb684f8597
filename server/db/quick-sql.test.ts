import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { prepared } from './prepared-statements.ts';
import { QuickSql } from './quick-sql.ts';
import { claims, mailOutbox } from './schema.ts';

const dialect = new PgDialect();

/** Drizzle's own text and parameters for a statement, and the quick builder's for the same chunks. */
function bothWays(statement: SQL) {
  const drizzle = dialect.sqlToQuery(statement);
  const quick = dialect.sqlToQuery(new QuickSql(statement.queryChunks));
  return { drizzle: { sql: drizzle.sql, params: drizzle.params }, quick: { sql: quick.sql, params: quick.params } };
}

describe('a statement built by the quick builder', () => {
  it('When a statement mixes every kind of chunk, then its text and parameters are those Drizzle builds', () => {
    const declared = new Date('2026-12-04T09:30:00.000Z');
    const columns = [
      claims.numero,
      claims.declarationDate,
      claims.sinistreDate,
      claims.justificatifs,
      claims.sejourMontant,
    ];
    const statement = sql`
      with known as (select 1 from ${claims} where ${claims.idempotencyKey} = ${'key-1'} or souscription_id = ${42}::integer)
      insert into ${claims} (${sql.join(
        columns.map((column) => sql.identifier(column.name)),
        sql`, `,
      )})
      select ${sql.join(
        [
          sql`${sql.param('SIN-1', claims.numero)}::text`,
          sql`${sql.param(declared, claims.declarationDate)}::timestamptz`,
          sql`${sql.param('2026-12-01', claims.sinistreDate)}::date`,
          sql`${sql.param([3, 4], claims.justificatifs)}::jsonb`,
          sql`${sql.param(null, claims.sejourMontant)}::numeric`,
        ],
        sql`, `,
      )}
      where ${true} and ${null} is null and ${undefined} ${sql.raw('-- raw')}
        and kind in ${['a', 'b']} and lang = ${sql.placeholder('lang')}
        and ${sql`${'inlined'}`.inlineParams()} <> ''
        and exists (select 1 from ${mailOutbox} where ${mailOutbox.recipient} = ${'someone@example.com'})
      returning ${claims.id}, ${sql`${12.5}::numeric`.as('amount')}`;
    const { drizzle, quick } = bothWays(statement);
    expect(quick).toEqual(drizzle);
    // Every value went through its column's encoder, in order: a Date as text, the JSON as text.
    expect(quick.params).toContain(declared.toISOString());
    expect(quick.params).toContain('[3,4]');
  });

  it('When a statement is marked as prepared, then it takes the quick builder and keeps Drizzle’s text', () => {
    const query = sql`select ${claims.numero} from ${claims} where ${claims.id} = ${7}::integer and lang = ${'fr'}`;
    const marked = prepared('a-test', query);
    expect(marked).toBeInstanceOf(QuickSql);
    const { drizzle, quick } = bothWays(marked);
    expect(quick).toEqual(drizzle);
    expect(quick.sql.startsWith('/* prepared a-test */ select "claims"."numero"')).toBe(true);
    expect(quick.params).toEqual([7, 'fr']);
  });
});
