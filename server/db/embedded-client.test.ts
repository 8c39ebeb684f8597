import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './client.ts';
import { ENDS_TRANSACTION } from './embedded-client.ts';
import { prepared } from './prepared-statements.ts';
import { isUniqueViolation, sqlStateOf } from './errors.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

describe('the embedded database runs beside the process, not in it', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.database.db.execute(sql`create table burst (id serial primary key, value text unique)`);
  });
  afterAll(() => database.close());

  it('When a query works for a second, then the process keeps serving its timers meanwhile', async () => {
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 10);
    const started = performance.now();
    try {
      await database.database.db.execute(sql`select pg_sleep(1)`);
    } finally {
      clearInterval(timer);
    }
    const during = ticks.filter((tick) => tick >= started);
    // About a hundred ticks of 10 ms; in the process's own thread, none would have fired.
    expect(during.length).toBeGreaterThan(20);
  });

  it('When three hundred queries are queued at once, then a timer set before them fires before the last one answers', async () => {
    const events: string[] = [];
    setTimeout(() => events.push('timer'), 1);
    await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        database.database.db.execute(sql`insert into burst (value) values (${String(index)})`).then(() => {
          if (index === 299) events.push('last query');
        }),
      ),
    );
    expect(events).toEqual(['timer', 'last query']);
  });

  it('When it starts, then it has 32 MB of shared buffers (PGlite zeroes them at each start)', async () => {
    const rows = await queryRows<{ shared_buffers: string }>(database.database.db, sql`show shared_buffers`);
    expect(rows).toEqual([{ shared_buffers: '32MB' }]);
  });

  it('When a transaction writes then fails, then nothing of it is kept and the error keeps its SQLSTATE and constraint', async () => {
    const failure = await database.database.db
      .transaction(async (transaction) => {
        await transaction.execute(sql`insert into burst (value) values ('kept only if committed')`);
        await transaction.execute(sql`insert into burst (value) values ('0')`);
      })
      .catch((error: unknown) => error);
    expect(sqlStateOf(failure)).toBe('23505');
    expect(isUniqueViolation(failure, 'burst_value_key')).toBe(true);
    const rows = await queryRows<{ count: number }>(
      database.database.db,
      sql`select count(*)::int as count from burst where value = 'kept only if committed'`,
    );
    expect(rows).toEqual([{ count: 0 }]);
  });

  it('When a transaction commits, then its own reads see its writes and others see them after', async () => {
    const inside = await database.database.db.transaction(async (transaction) => {
      await transaction.execute(sql`insert into burst (value) values ('committed')`);
      return queryRows<{ count: number }>(
        transaction,
        sql`select count(*)::int as count from burst where value = 'committed'`,
      );
    });
    expect(inside).toEqual([{ count: 1 }]);
    expect(
      await queryRows<{ at: string }>(database.database.db, sql`select now()::timestamptz::text as at`),
    ).toHaveLength(1);
    const after = await queryRows<{ count: number }>(
      database.database.db,
      sql`select count(*)::int as count from burst where value = 'committed'`,
    );
    expect(after).toEqual([{ count: 1 }]);
  });
});

describe("a transaction's statement that says it is the last", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.database.db.execute(sql`create table ended (id serial primary key, value text unique)`);
    await database.database.db.execute(
      sql`create table deferred (id integer references ended (id) deferrable initially deferred)`,
    );
  });
  afterAll(() => database.close());

  /** The values in `ended`, read outside any transaction; fails rather than wait on a held database. */
  const committedValues = () =>
    Promise.race([
      queryRows<{ value: string }>(database.database.db, sql`select value from ended order by id`),
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('the database is still held by the transaction')), 5_000),
      ),
    ]).then((rows) => rows.map((row) => row.value));

  it('When its one row says ends_transaction, then others read its writes before the callback returns, and a later statement through it fails', async () => {
    const seen = await database.database.db.transaction(async (transaction) => {
      await transaction.execute(sql`insert into ended (value) values ('first')`);
      await transaction.execute(
        prepared(
          'test-last',
          sql`insert into ended (value) values ('last') returning id, true as ${sql.identifier(ENDS_TRANSACTION)}`,
        ),
      );
      const outside = await committedValues();
      const after = await transaction.execute(sql`insert into ended (value) values ('too late')`).then(
        () => 'written',
        // Drizzle wraps the driver's error ("Failed query: …") with it as the cause.
        (error: unknown) => String((error as { cause?: Error }).cause?.message),
      );
      return { outside, after };
    });
    expect(seen.outside).toEqual(['first', 'last']);
    expect(seen.after).toMatch(/transaction has ended/);
    expect(await committedValues()).toEqual(['first', 'last']);
  });

  it('When the callback throws after that statement, then what the statement committed stays', async () => {
    const failure = await database.database.db
      .transaction(async (transaction) => {
        await transaction.execute(
          prepared('test-kept', sql`insert into ended (value) values ('kept') returning true as ends_transaction`),
        );
        throw new Error('a failure after the last statement');
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(await committedValues()).toContain('kept');
  });

  it('When the column is false, then the transaction goes on and a failure later rolls it all back', async () => {
    const failure = await database.database.db
      .transaction(async (transaction) => {
        await transaction.execute(
          prepared(
            'test-not-last',
            sql`insert into ended (value) values ('not the last') returning false as ends_transaction`,
          ),
        );
        await transaction.execute(sql`insert into ended (value) values ('first')`);
      })
      .catch((error: unknown) => error);
    expect(sqlStateOf(failure)).toBe('23505');
    expect(await committedValues()).not.toContain('not the last');
  });

  it('When several rows come back, then the column is not read and the transaction goes on', async () => {
    await database.database.db.transaction(async (transaction) => {
      await transaction.execute(
        prepared(
          'test-rows',
          sql`insert into ended (value) values ('row a'), ('row b') returning true as ends_transaction`,
        ),
      );
      await transaction.execute(sql`insert into ended (value) values ('row c')`);
    });
    expect(await committedValues()).toEqual(expect.arrayContaining(['row a', 'row b', 'row c']));
  });

  it('When an unmarked statement (a question box’s query) says ends_transaction, then the transaction goes on and rolls back', async () => {
    const failure = await database.database.db
      .transaction(async (transaction) => {
        await transaction.execute(
          sql`insert into ended (value) values ('unmarked') returning true as ${sql.identifier(ENDS_TRANSACTION)}`,
        );
        throw new Error('rolled back');
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(await committedValues()).not.toContain('unmarked');
  });

  it('When the commit after it fails (a deferred foreign key), then that statement fails and nothing of the transaction is kept', async () => {
    const failure = await database.database.db
      .transaction(async (transaction) => {
        await transaction.execute(sql`insert into ended (value) values ('never committed')`);
        await transaction.execute(
          prepared('test-deferred', sql`insert into deferred (id) values (-1) returning true as ends_transaction`),
        );
      })
      .catch((error: unknown) => error);
    expect(sqlStateOf(failure)).toBe('23503');
    expect(await committedValues()).not.toContain('never committed');
    // The database is free again: a new transaction commits as usual.
    await database.database.db.transaction(async (transaction) => {
      await transaction.execute(sql`insert into ended (value) values ('after the failed commit')`);
    });
    expect(await committedValues()).toContain('after the failed commit');
  });
});

describe('an embedded database given what it cannot take', () => {
  it('When a parameter cannot be copied to the database thread, then that query fails alone and the next is answered', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const { $client: client } = database.database.db as unknown as {
        $client: { query: (text: string, params: unknown[]) => Promise<unknown> };
      };
      await expect(client.query('select $1::text as value', [() => 'a function'])).rejects.toThrow();
      expect(await queryRows<{ one: number }>(database.database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe('a closed embedded database', () => {
  it('When the database has been closed, then a query fails at once instead of waiting', async () => {
    const database = await openTestDatabase('pglite');
    await database.close();
    await expect(database.database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
