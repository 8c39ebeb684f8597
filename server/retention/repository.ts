import { sql } from 'drizzle-orm';
import { utcDayOf } from '../../contracts/dates.ts';
import { type AppDatabase, queryRows } from '../db/public.ts';

/**
 * The retention purge's named statements: each deletes what one kind of data keeps past its period
 * (purge.ts says the periods and runs them) and answers how many rows it deleted.
 */

/** The number of rows a `delete … returning 1` answered. */
async function deletedRows(db: AppDatabase, statement: ReturnType<typeof sql>): Promise<number> {
  return (await queryRows<{ one: number }>(db, statement)).length;
}

/**
 * purgeVisitorActivity: sessions begun before `cutoff`, oldest first in batches, then their page
 * links, then the analysis totals of the hours and days wholly before `cutoff` (and before any
 * session a long run left for the next). The totals' triggers take each deleted row out of its
 * hour and day, so what remains of those totals is zero: deleting them keeps every total equal to
 * its records recounted.
 */
export async function purgeVisitorActivity(
  db: AppDatabase,
  cutoff: Date,
  batches: { activitiesPerBatch: number; maxBatchesPerRun: number },
): Promise<{ activities: number; pageLinks: number }> {
  const before = cutoff.toISOString();
  let activities = 0;
  for (let batch = 0; batch < batches.maxBatchesPerRun; batch += 1) {
    const deleted = await deletedRows(
      db,
      sql`delete from activities where id in (
            select id from activities where created_at < ${before} order by created_at
            limit ${batches.activitiesPerBatch}
          ) returning 1 as one`,
    );
    activities += deleted;
    if (deleted < batches.activitiesPerBatch) break;
  }
  // Links are keyed by page first: one statement per page reads its old links from the key.
  const pages = await queryRows<{ page: string }>(
    db,
    sql`select distinct page from activity_link_totals where period = 'day' and starts_at < ${before}`,
  );
  let pageLinks = 0;
  for (const { page } of pages)
    pageLinks += await deletedRows(
      db,
      sql`delete from activity_page_links where page = ${page} and created_at < ${before} returning 1 as one`,
    );
  // When this run left older sessions for the next, their hours keep their totals until they go.
  const [oldest] = await queryRows<{ oldest: Date | string | null }>(
    db,
    sql`select min(created_at) as oldest from activities`,
  );
  const oldestLeft = oldest?.oldest == null ? undefined : new Date(oldest.oldest);
  const totalsBefore = oldestLeft !== undefined && oldestLeft < cutoff ? oldestLeft.toISOString() : before;
  await db.execute(sql`
    delete from activity_funnel_totals
    where (period = 'hour' and starts_at + interval '1 hour' <= ${totalsBefore})
       or (period = 'day' and starts_at + interval '1 day' <= ${totalsBefore})`);
  await db.execute(sql`
    delete from activity_link_totals
    where (period = 'hour' and starts_at + interval '1 hour' <= ${before})
       or (period = 'day' and starts_at + interval '1 day' <= ${before})`);
  return { activities, pageLinks };
}

/**
 * purgeVisitorReports: reports made before `cutoff`, in one statement (its trigger recounts the
 * visitors' outcomes and hourly totals from the reports left, migration 0010). One index range per
 * kind of report.
 */
export async function purgeVisitorReports(db: AppDatabase, cutoff: Date): Promise<number> {
  const before = cutoff.toISOString();
  // The trigger recounts every report after any delete statement, even one that deletes nothing:
  // the statement runs only when there is something to delete.
  const old = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from visitor_reports
        where kind in ('find_number', 'follow_up') and created_at < ${before} limit 1`,
  );
  if (old.length === 0) return 0;
  return deletedRows(
    db,
    sql`delete from visitor_reports
        where kind in ('find_number', 'follow_up') and created_at < ${before} returning 1 as one`,
  );
}

/**
 * purgeClientErrorCounts: the counts of UTC days before the day of `cutoff`, browser errors (the
 * number answered) and security events alike.
 */
export async function purgeClientErrorCounts(db: AppDatabase, cutoff: Date): Promise<number> {
  const day = utcDayOf(cutoff);
  await db.execute(sql`delete from security_event_counts where day < ${day}`);
  return deletedRows(db, sql`delete from client_error_counts where day < ${day} returning 1 as one`);
}

/** purgeExpiredFollowUpTokens: links past their expiry open nothing any more (claims/repository.ts). */
export function purgeExpiredFollowUpTokens(db: AppDatabase, now: Date): Promise<number> {
  return deletedRows(db, sql`delete from follow_up_tokens where expires_at <= ${now.toISOString()} returning 1 as one`);
}
