import { sql } from 'drizzle-orm';
import { type DatabaseOrTransaction, queryRows } from '../../db/public.ts';
import { type SessionLink, type SessionSummary, summariseSession } from './session-summary.ts';

/**
 * Writing the sessions' summaries (session-summary.ts) with their records: the columns of
 * `activities` and the rows of `activity_page_links`.
 */

/** The summary columns of an `activities` row. */
export function summaryColumnsOf(summary: SessionSummary) {
  return {
    summarised: true,
    finished: summary.finished,
    furthestStep: summary.furthestStep,
    furthestNextPage: summary.furthestNextPage,
    furthestLanguage: summary.furthestLanguage,
    lastStep: summary.lastStep,
    lastNextPage: summary.lastNextPage,
    lastLanguage: summary.lastLanguage,
    browser: summary.browser,
    mobile: summary.mobile,
  };
}

export interface PageLinkRow {
  activityId: number;
  createdAt: Date;
  page: string;
  direction: SessionLink['direction'];
  neighbour: string;
}

export function pageLinkRowsOf(activityId: number, createdAt: Date, links: readonly SessionLink[]): PageLinkRow[] {
  return links.map((link) => ({ activityId, createdAt, ...link }));
}

/** Rows per statement. */
const LINKS_PER_STATEMENT = 20_000;

/** Writes page links (one statement, one JSON parameter); a pair already written is left as it is. Answers the statements run. */
export async function insertPageLinks(db: DatabaseOrTransaction, rows: readonly PageLinkRow[]): Promise<number> {
  let statements = 0;
  for (let start = 0; start < rows.length; start += LINKS_PER_STATEMENT) {
    const slice = rows.slice(start, start + LINKS_PER_STATEMENT);
    // The rows as one JSON parameter, read by the database: no per-row parameters to encode.
    const json = JSON.stringify(
      slice.map((row) => ({
        activity_id: row.activityId,
        created_at: row.createdAt.toISOString(),
        page: row.page,
        direction: row.direction,
        neighbour: row.neighbour,
      })),
    );
    await db.execute(sql`
      insert into activity_page_links (activity_id, created_at, page, direction, neighbour)
      select * from jsonb_to_recordset(${json}::jsonb)
        as x(activity_id bigint, created_at timestamptz, page text, direction text, neighbour text)
      on conflict do nothing`);
    statements += 1;
  }
  return statements;
}

const BACKFILL_BATCH = 2_000;

/**
 * Summarises the records written before summaries existed (migration 0006), in batches.
 * Answers how many were summarised. Safe to run from several processes at once.
 */
export async function backfillActivitySummaries(db: DatabaseOrTransaction): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await queryRows<{
      id: string | number;
      created_at: string | Date;
      navigator: string;
      history_pages: { page?: string }[] | string;
    }>(
      db,
      sql`select id, created_at, navigator, history_pages from activities
          where not summarised order by id limit ${BACKFILL_BATCH}`,
    );
    if (rows.length === 0) return done;
    const links: PageLinkRow[] = [];
    const values = rows.map((row) => {
      const history = typeof row.history_pages === 'string' ? JSON.parse(row.history_pages) : row.history_pages;
      const summary = summariseSession(history, row.navigator);
      links.push(...pageLinkRowsOf(Number(row.id), new Date(row.created_at), summary.links));
      return sql`(${Number(row.id)}::bigint, ${summary.finished}::boolean, ${summary.furthestStep}::smallint,
        ${summary.furthestNextPage}::text, ${summary.furthestLanguage}::text, ${summary.lastStep}::smallint,
        ${summary.lastNextPage}::text, ${summary.lastLanguage}::text, ${summary.browser}::text, ${summary.mobile}::boolean)`;
    });
    await db.execute(sql`
      update activities a set summarised = true, finished = v.finished, furthest_step = v.furthest_step,
        furthest_next_page = v.furthest_next_page, furthest_language = v.furthest_language,
        last_step = v.last_step, last_next_page = v.last_next_page, last_language = v.last_language,
        browser = v.browser, mobile = v.mobile
      from (values ${sql.join(values, sql`, `)}) as v(id, finished, furthest_step, furthest_next_page,
        furthest_language, last_step, last_next_page, last_language, browser, mobile)
      where a.id = v.id`);
    await insertPageLinks(db, links);
    done += rows.length;
  }
}
