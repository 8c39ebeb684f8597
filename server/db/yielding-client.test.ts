import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { yieldingBetweenQueries } from './client.ts';

describe('the embedded database lets the process breathe between queries', () => {
  const raw = new PGlite();
  const client = yieldingBetweenQueries(raw);
  afterAll(() => raw.close());

  it('When three hundred queries are queued at once, then a timer set before them fires before the last one answers', {
    timeout: 60_000,
  }, async () => {
    await client.exec('create table burst (id serial primary key, value text)');
    const events: string[] = [];
    setTimeout(() => events.push('timer'), 1);
    await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        client.query('insert into burst (value) values ($1)', [String(index)]).then(() => {
          if (index === 299) events.push('last query');
        }),
      ),
    );
    // Without the turn between queries, the whole burst ran as one chain of microtasks: 'last query' came first.
    expect(events).toEqual(['timer', 'last query']);
  });

  it('When a transaction runs its own queries, then they run inside it and its result is answered', async () => {
    const rows = await client.transaction(async (transaction) => {
      await transaction.query("insert into burst (value) values ('in a transaction')");
      return (await transaction.query<{ count: number }>('select count(*)::int as count from burst')).rows;
    });
    expect(rows).toEqual([{ count: 301 }]);
  });
});
