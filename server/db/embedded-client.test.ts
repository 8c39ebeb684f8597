import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './client.ts';
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
