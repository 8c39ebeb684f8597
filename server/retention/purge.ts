import { deleteOldOneTimeCodes, deleteExpiredUploads, EXPIRED_UPLOADS_PER_SWEEP } from '../customer-api/public.ts';
import { sql } from 'drizzle-orm';
import { type AppDatabase, queryRows, loggableDatabaseError } from '../db/public.ts';
import type { FileStore } from '../files/public.ts';
import type { Logger } from '../logger.ts';
import { sweepRateLimits } from '../security/public.ts';
import { sweepStaffSessions } from '../staff-api/public.ts';

/**
 * Retention (issue 15 §15): what the portal keeps about visitors, and for how long. A purge runs by
 * itself in every server process (startRetentionPurge), shortly after start and then every hour;
 * each run deletes whatever is past its period at that moment. Every delete is idempotent, so
 * processes sharing one PostgreSQL may purge at the same time: a row is deleted once, the other
 * process finds it gone. Claims, their proofs and messages are business records, not covered here.
 */

/** Visitor sessions (`activities`), their page links and the analysis totals of the same hours and days. */
const VISITOR_ACTIVITY_RETENTION_MONTHS = 13;
/** Find-my-number and follow-up reports (`visitor_reports`, analyse01/analyse02), with their visitors' outcomes. */
const VISITOR_REPORT_RETENTION_MONTHS = 13;
/** The browsers' numbered errors counted per code and day (`client_error_counts`). */
const CLIENT_ERROR_COUNT_RETENTION_MONTHS = 13;
/**
 * Expired follow-up links, rate-limit windows, staff sessions and temporary uploads are deleted at
 * every run, as soon as they have expired: a follow-up link after its own expiry, a rate-limit
 * window one day after it began (security/rate-limit.ts), a staff session 30 minutes idle or 10
 * hours old (staff/sessions.ts), an upload never validated 24 hours after it was received
 * (customer-api/proofs/service.ts), its file removed from the file store with it.
 */
const PURGE_INTERVAL_MS = 60 * 60_000;
/** The first run waits this long after start, so that a starting server first serves. */
const FIRST_PURGE_DELAY_MS = 60_000;

/** How much one run deletes at a time (tests make them small). */
export interface PurgeBatches {
  /** Visitor sessions deleted per statement: each statement's triggers update the totals of its rows. */
  activitiesPerBatch: number;
  /** At most this many batches of sessions or uploads a run; the next run goes on. */
  maxBatchesPerRun: number;
}

const DEFAULT_BATCHES: PurgeBatches = { activitiesPerBatch: 5_000, maxBatchesPerRun: 100 };

/** The instant `months` calendar months before `now` (UTC), on the last day of a shorter month. */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cut = new Date(now);
  cut.setUTCDate(1);
  cut.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return cut;
}

/** How many rows or files each part of one run deleted. */
export interface PurgeSummary {
  activities: number;
  pageLinks: number;
  visitorReports: number;
  clientErrorCounts: number;
  followUpTokens: number;
  uploads: number;
  /** Files of deleted uploads the store could not remove (retried by nobody: logged). */
  uploadFilesNotRemoved: number;
}

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
async function purgeVisitorActivity(
  db: AppDatabase,
  cutoff: Date,
  batches: PurgeBatches,
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
async function purgeVisitorReports(db: AppDatabase, cutoff: Date): Promise<number> {
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
async function purgeClientErrorCounts(db: AppDatabase, cutoff: Date): Promise<number> {
  const day = cutoff.toISOString().slice(0, 10);
  await db.execute(sql`delete from security_event_counts where day < ${day}`);
  return deletedRows(db, sql`delete from client_error_counts where day < ${day} returning 1 as one`);
}

/** purgeExpiredFollowUpTokens: links past their expiry open nothing any more (claims/repository.ts). */
function purgeExpiredFollowUpTokens(db: AppDatabase, now: Date): Promise<number> {
  return deletedRows(db, sql`delete from follow_up_tokens where expires_at <= ${now.toISOString()} returning 1 as one`);
}

/** What purgeExpiredData keeps: a demo database keeps its visitor activity and reports. */
export interface PurgeOptions {
  /**
   * true: the visitor sessions and reports are the demo's (its 2024 sessions are the example of
   * the V2 statistics, README "Demo data"); they are kept, everything else is purged.
   */
  keepVisitorHistory?: boolean;
}

/**
 * One run of the purge at `now` (a test passes a frozen clock): everything past its period is
 * deleted, uploads' files removed from `fileStore` after their rows.
 */
export async function purgeExpiredData(
  db: AppDatabase,
  fileStore: FileStore,
  now: Date,
  options: PurgeOptions = {},
  batches: PurgeBatches = DEFAULT_BATCHES,
): Promise<PurgeSummary> {
  const visitorActivity = options.keepVisitorHistory
    ? { activities: 0, pageLinks: 0 }
    : await purgeVisitorActivity(db, monthsBefore(now, VISITOR_ACTIVITY_RETENTION_MONTHS), batches);
  const visitorReports = options.keepVisitorHistory
    ? 0
    : await purgeVisitorReports(db, monthsBefore(now, VISITOR_REPORT_RETENTION_MONTHS));
  const clientErrorCounts = await purgeClientErrorCounts(db, monthsBefore(now, CLIENT_ERROR_COUNT_RETENTION_MONTHS));
  const followUpTokens = await purgeExpiredFollowUpTokens(db, now);
  await sweepRateLimits(db, now.getTime());
  await deleteOldOneTimeCodes(db, now.getTime());
  await sweepStaffSessions(db, now);
  let uploads = 0;
  let uploadFilesNotRemoved = 0;
  for (let batch = 0; batch < batches.maxBatchesPerRun; batch += 1) {
    const sweep = await deleteExpiredUploads(db, fileStore, now);
    uploads += sweep.deleted;
    uploadFilesNotRemoved += sweep.bytesNotRemoved;
    if (sweep.deleted < EXPIRED_UPLOADS_PER_SWEEP) break;
  }
  return { ...visitorActivity, visitorReports, clientErrorCounts, followUpTokens, uploads, uploadFilesNotRemoved };
}

export interface RetentionPurge {
  /** Stops the timer and waits for a run under way, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Starts the purge: a first run FIRST_PURGE_DELAY_MS after start, then one every PURGE_INTERVAL_MS
 * (one timer, the next armed when a run ends, so runs never overlap). A failed run is logged and
 * the next one tries again; nothing of it reaches a visitor.
 */
export function startRetentionPurge({
  db,
  fileStore,
  logger,
  options = {},
  firstDelayMs = FIRST_PURGE_DELAY_MS,
  intervalMs = PURGE_INTERVAL_MS,
}: {
  db: AppDatabase;
  fileStore: FileStore;
  logger: Logger;
  options?: PurgeOptions;
  firstDelayMs?: number;
  intervalMs?: number;
}): RetentionPurge {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = async (): Promise<void> => {
    try {
      const summary = await purgeExpiredData(db, fileStore, new Date(), options);
      if (Object.values(summary).some((count) => count > 0)) logger.info({ purged: summary }, 'retention purge');
      if (summary.uploadFilesNotRemoved > 0)
        logger.warn({ files: summary.uploadFilesNotRemoved }, 'retention purge: files of expired uploads not removed');
    } catch (error) {
      logger.warn({ err: loggableDatabaseError(error) }, 'retention purge failed');
    }
  };
  const schedule = (delayMs: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().then(() => schedule(intervalMs));
    }, delayMs);
    // The purge never keeps the process alive on its own.
    timer.unref();
  };
  schedule(firstDelayMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
