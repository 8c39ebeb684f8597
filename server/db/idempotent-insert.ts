import { eq } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from './client.ts';

/**
 * Insert-once by a unique key: the pattern of an idempotent submit (a claim and its
 * `Idempotency-Key`).
 *
 * `INSERT … ON CONFLICT (key) DO NOTHING RETURNING *` creates the row, or returns nothing when the
 * key exists; then the existing row is read. When another transaction inserted the same key and
 * has not committed yet, PostgreSQL makes the INSERT wait for it: if it commits, ours does nothing
 * and the read (a new statement, so a new snapshot under READ COMMITTED, PostgreSQL's default)
 * sees its row; if it rolls back, ours inserts. So N concurrent calls with one key create one row
 * and all return it. Do not call it in a REPEATABLE READ or SERIALIZABLE transaction: there the
 * read could not see the other row.
 */

export interface InsertOnceResult<Row> {
  row: Row;
  /** true: this call inserted the row; false: it existed (a retried or concurrent submit). */
  created: boolean;
}

/**
 * Rounds of insert-then-read: when the row found by key disappears in between (deleted meanwhile),
 * or, with values drawn per round, when another unique column took the drawn value (a claim number
 * drawn twice: with ten million numbers and a hundred thousand claims, one draw in a hundred; eight
 * in a row, one in 10^16).
 */
const MAX_ROUNDS = 8;

/**
 * Inserts `values` unless a row with `key.value` in the unique column `key.column` exists, and
 * returns the row either way. `values` must carry the same key value.
 *
 * `values` may be a function, called for each round: then a conflict on ANY unique column does
 * nothing (`ON CONFLICT DO NOTHING` without a target, which still waits for a concurrent insert of
 * the same key), and a round that neither inserted nor finds the key draws the values again (a
 * random claim number already taken).
 *
 * @example
 * const { row, created } = await insertOnce(tx, claims, { column: claims.idempotencyKey, value: key }, {
 *   ...declaration,
 *   idempotencyKey: key,
 * });
 * if (created) await enqueueMail(tx, confirmationOf(row));
 */
export async function insertOnce<TTable extends PgTable>(
  db: DatabaseOrTransaction,
  table: TTable,
  key: { column: PgColumn; value: string | number },
  values: PgInsertValue<TTable> | (() => PgInsertValue<TTable>),
): Promise<InsertOnceResult<TTable['$inferSelect']>> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const insert = db.insert(table).values(typeof values === 'function' ? values() : values);
    const inserted = (await (typeof values === 'function'
      ? insert.onConflictDoNothing()
      : insert.onConflictDoNothing({ target: key.column })
    ).returning()) as TTable['$inferSelect'][];
    const [created] = inserted;
    if (created) return { row: created, created: true };
    const existing = (await db
      .select()
      .from(table as PgTable)
      .where(eq(key.column, key.value))
      .limit(1)) as TTable['$inferSelect'][];
    const [found] = existing;
    if (found) return { row: found, created: false };
  }
  throw new Error(
    'insertOnce: no row inserted nor found by its key in every round (deleted while inserting, or every drawn value taken).',
  );
}
