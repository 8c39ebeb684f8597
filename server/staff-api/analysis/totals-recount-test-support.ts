import { sql } from 'drizzle-orm';
import { type AppDatabase, queryRows } from '../../db/public.ts';

/**
 * For tests: the analysis's running totals (migrations 0009, 0010) beside the same totals
 * recounted from their records, each as sorted row keys, so a test can assert that whatever
 * happened to the records (upserts, deletes, a purge) the totals still equal them.
 */

/** Kept totals and their recount, as sorted `a|b|c` keys of the rows that are not zero. */
export interface TotalsAndRecount {
  kept: string[];
  recounted: string[];
}

function sortedKeys(rows: Record<string, unknown>[]): string[] {
  return rows
    .map((row) =>
      Object.values(row)
        .map((value) => (value instanceof Date ? value.toISOString() : String(value)))
        .join('|'),
    )
    .sort();
}

/** The funnel's totals per UTC hour and day, and the same recounted from `activities`. */
export async function funnelTotalsAndRecount(db: AppDatabase): Promise<TotalsAndRecount> {
  const recounted = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.period, date_trunc(p.period, a.created_at, 'UTC')::text as starts_at, m.kind, m.step, m.dimension,
          m.value, count(*)::text as n
        from activities a cross join (values ('hour'), ('day')) as p(period)
        cross join lateral activity_funnel_marginals(a.finished, a.furthest_step, a.furthest_next_page,
          a.furthest_language, a.last_step, a.last_next_page, a.last_language, a.browser, a.mobile) as m
        group by 1, 2, 3, 4, 5, 6`,
  );
  const kept = await queryRows<Record<string, unknown>>(
    db,
    sql`select period, starts_at::text as starts_at, kind, step, dimension, value, sessions::text as n
        from activity_funnel_totals where sessions <> 0`,
  );
  return { kept: sortedKeys(kept), recounted: sortedKeys(recounted) };
}

/** The page links' totals per UTC hour and day, and the same recounted from `activity_page_links`. */
export async function linkTotalsAndRecount(db: AppDatabase): Promise<TotalsAndRecount> {
  const recounted = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.period, l.page, date_trunc(p.period, l.created_at, 'UTC')::text as starts_at, l.direction,
          l.neighbour, count(*)::text as n
        from activity_page_links l cross join (values ('hour'), ('day')) as p(period)
        group by 1, 2, 3, 4, 5`,
  );
  const kept = await queryRows<Record<string, unknown>>(
    db,
    sql`select period, page, starts_at::text as starts_at, direction, neighbour, links::text as n
        from activity_link_totals where links <> 0`,
  );
  return { kept: sortedKeys(kept), recounted: sortedKeys(recounted) };
}
