import type { DatabaseOrTransaction } from '../../db/public.ts';
import { insertPageLinkRecords, listUnsummarisedActivities, writeActivitySummaries } from './repository.ts';
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
    await insertPageLinkRecords(db, json);
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
    const rows = await listUnsummarisedActivities(db, BACKFILL_BATCH);
    if (rows.length === 0) return done;
    const links: PageLinkRow[] = [];
    const summaries = rows.map((row) => {
      const history = typeof row.history_pages === 'string' ? JSON.parse(row.history_pages) : row.history_pages;
      const summary = summariseSession(history, row.navigator);
      links.push(...pageLinkRowsOf(Number(row.id), new Date(row.created_at), summary.links));
      return { id: Number(row.id), summary };
    });
    await writeActivitySummaries(db, summaries);
    await insertPageLinks(db, links);
    done += rows.length;
  }
}
