import { deleteOldOneTimeCodes, deleteExpiredUploads, EXPIRED_UPLOADS_PER_SWEEP } from '../customer-api/public.ts';
import { type AppDatabase, loggableDatabaseError } from '../db/public.ts';
import type { FileStore } from '../files/public.ts';
import type { Logger } from '../logger.ts';
import { clearOldMailContent } from '../mail/public.ts';
import { sweepRateLimits } from '../security/public.ts';
import { sweepStaffSessions } from '../staff-api/public.ts';
import {
  purgeClientErrorCounts,
  purgeExpiredFollowUpTokens,
  purgeVisitorActivity,
  purgeVisitorReports,
} from './repository.ts';

/**
 * Retention: what the portal keeps about visitors, and for how long. A purge runs by
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
 * The bodies of mails that belong to no claim (the mails page shows them; a claim's mails stay
 * with the claim). Three months: long enough to answer "what did you send me?".
 */
const MAIL_CONTENT_WITHOUT_CLAIM_RETENTION_MONTHS = 3;
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
  /** Mails without a claim whose bodies were emptied. */
  mailContents: number;
  followUpTokens: number;
  uploads: number;
  /** Files of deleted uploads the store could not remove (retried by nobody: logged). */
  uploadFilesNotRemoved: number;
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
  const mailContents = await clearOldMailContent(db, monthsBefore(now, MAIL_CONTENT_WITHOUT_CLAIM_RETENTION_MONTHS));
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
  return {
    ...visitorActivity,
    visitorReports,
    clientErrorCounts,
    mailContents,
    followUpTokens,
    uploads,
    uploadFilesNotRemoved,
  };
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
