import { type AppDatabase, type Database, loggableDatabaseError } from '../db/public.ts';
import type { Logger } from '../logger.ts';
import { onMailEnqueued } from './outbox.ts';
import { keptContentOf } from './kept-content.ts';
import {
  claimDueMail,
  markSent,
  type OutboxRow,
  releaseDeadLeases,
  releaseLeases,
  writeFailedAttempt,
} from './repository.ts';
import type { MailTransport } from './transport.ts';

/**
 * Delivers the outbox. Every server process may run a worker: a worker claims due rows in one
 * statement (`FOR UPDATE SKIP LOCKED`) and leases them by moving `next_attempt_at` into the
 * future, so no other process picks them while they are being sent. Then it sends them, and marks
 * the round's sent ones sent in one statement, or schedules a retry with exponential backoff, or
 * gives up after MAX_ATTEMPTS.
 * Delivery is at least once: a process that dies while sending leaves rows whose lease expires,
 * and they are sent again (with the same Message-ID, see transport.ts). A process that stops
 * finishes the mails it is sending and hands the rest of its round back at once.
 *
 * Logs carry ids, kinds and counts only: never a recipient, subject or body.
 */

/** Rows claimed per round. */
const BATCH_SIZE = 20;
/** After this many failed attempts a mail is `failed` and no longer retried. */
export const MAX_ATTEMPTS = 8;
/** How long claimed rows stay reserved: longer than a batch can take with the SMTP timeouts. */
const LEASE_MS = 15 * 60_000;
/** First retry delay, doubled at each failure, at most MAX_RETRY_DELAY_MS. */
const BASE_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** Mails sent at the same time by one worker, unless its transport says otherwise. */
const DEFAULT_SEND_CONCURRENCY = 4;

/** Every error column value is short and carries no personal data. */
const MAX_ERROR_LENGTH = 120;

export interface DeliveryOptions {
  /** The open database (db/client.ts): the outbox of every process using it is delivered. */
  database: Database;
  transport: MailTransport;
  logger: Logger;
  batchSize?: number;
  maxAttempts?: number;
  leaseMs?: number;
  /** Source of the retry jitter, in [0, 1); tests pass a constant. */
  random?: () => number;
  /**
   * Once aborted (the process is stopping), the round starts no further send: the mails being sent
   * finish and are recorded, and the round's other mails are handed back at once (their lease
   * released), for another process or the next start to send without waiting for the lease.
   */
  signal?: AbortSignal;
}

/** What one round did, by outbox id. */
export interface DeliveryReport {
  sent: number[];
  /** Failed this time, to be tried again later. */
  retried: number[];
  /** Failed for good (too many attempts, or a permanent SMTP rejection). */
  failed: number[];
}

/**
 * Delay before the next attempt after `attempts` failures: 30 s × 2^attempts, at most one hour,
 * then ±20 % of jitter so that mails that failed together are not retried together.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BASE_RETRY_DELAY_MS * 2 ** attempts, MAX_RETRY_DELAY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * A short, personal-data-free description of a send failure: error code, SMTP reply code and
 * command, or system call (`EMESSAGE 451 DATA`, `ENOSPC open`), never the server's reply text,
 * which can quote the recipient.
 */
function describeSendError(error: unknown): string {
  const { code, responseCode, command, syscall } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
    syscall?: unknown;
  };
  const parts = [code, responseCode, command, syscall]
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .map((part) => String(part).replaceAll(/[^A-Za-z0-9_. -]/g, ''));
  const name = error instanceof Error ? error.name : 'UnknownError';
  return (parts.join(' ') || name).slice(0, MAX_ERROR_LENGTH);
}

/** An SMTP reply that will not change on retry (5xx, except 503), as nodemailer flags it. */
function isPermanent(error: unknown): boolean {
  return (error as { permanent?: unknown } | null)?.permanent === true;
}

async function markFailedAttempt(
  db: AppDatabase,
  row: OutboxRow,
  error: unknown,
  options: { maxAttempts: number; random: () => number },
): Promise<'retried' | 'failed'> {
  const attempts = row.attempts + 1;
  const outcome = attempts >= options.maxAttempts || isPermanent(error) ? 'failed' : 'retried';
  const delay = retryDelayMs(attempts, options.random);
  await writeFailedAttempt(db, row.id, {
    attempts,
    failed: outcome === 'failed',
    lastError: describeSendError(error),
    retryInMs: delay,
    kept: keptContentOf(row),
  });
  return outcome;
}

/**
 * Runs `task` on every item, at most `limit` at a time, and none started once `signal` is aborted.
 * Answers the items never started.
 */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<T[]> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return items.slice(next);
}

/**
 * One delivery round: claims the due rows (one batch), sends them, records each outcome (the sent
 * ones together, once every send has ended).
 * Tests call it directly; the worker calls it on its timer.
 */
export async function deliverDueMail(options: DeliveryOptions): Promise<DeliveryReport> {
  const { transport, logger } = options;
  const { db } = options.database;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const random = options.random ?? Math.random;
  const rows = await claimDueMail(db, options.batchSize ?? BATCH_SIZE, options.leaseMs ?? LEASE_MS);
  const report: DeliveryReport = { sent: [], retried: [], failed: [] };
  /** One row's bookkeeping failing (the database went away) must not lose the others' report. */
  const recordOutcome = async <T>(update: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await update();
    } catch (error) {
      logger.error({ err: loggableDatabaseError(error) }, 'mail outcome not recorded');
      return undefined;
    }
  };
  /** The rows sent this round: marked sent together once every send of the round has ended. */
  const sentRows: OutboxRow[] = [];
  const notStarted = await forEachLimited(
    rows,
    transport.concurrency ?? DEFAULT_SEND_CONCURRENCY,
    async (row) => {
      let sendError: { error: unknown } | undefined;
      try {
        await transport.send({
          id: row.id,
          createdAt: row.createdAt,
          lang: row.lang,
          to: row.recipient,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          attachments: row.attachments,
        });
      } catch (error) {
        sendError = { error };
      }
      if (!sendError) {
        sentRows.push(row);
        return;
      }
      const outcome = await recordOutcome(() => markFailedAttempt(db, row, sendError.error, { maxAttempts, random }));
      if (outcome === undefined) return;
      report[outcome].push(row.id);
      const log = {
        mailId: row.id,
        kind: row.kind,
        attempts: row.attempts + 1,
        error: describeSendError(sendError.error),
      };
      if (outcome === 'failed') logger.error(log, 'mail given up');
      else logger.warn(log, 'mail not sent, will retry');
    },
    options.signal,
  );
  if (notStarted.length > 0) {
    const released = await recordOutcome(() =>
      releaseLeases(
        db,
        notStarted.map((row) => row.id),
      ),
    );
    if (released !== undefined) logger.info({ released }, 'mail handed back at stop');
  }
  // One statement for the round's sent mails. If it fails, their lease expires and they are sent
  // again: at least once, never lost.
  await recordOutcome(() =>
    markSent(
      db,
      sentRows.map((row) => ({ id: row.id, kept: keptContentOf(row) })),
    ),
  );
  for (const row of sentRows.toSorted((a, b) => a.id - b.id)) {
    report.sent.push(row.id);
    logger.info({ mailId: row.id, kind: row.kind, transport: transport.kind }, 'mail sent');
  }
  return report;
}

export interface MailDeliveryOptions extends DeliveryOptions {
  /** Polling period for mail queued by other processes and retries. Default 5 s. */
  intervalMs?: number;
  /**
   * The database is this process's alone (PGlite, held under the embedded lock): leases found at
   * start were left by a process that died, and are released before the first round
   * (releaseDeadLeases). Never on a database that other processes may be delivering from.
   */
  soleDeliverer?: boolean;
}

export interface MailDelivery {
  /** Runs a round now (after the running one, if any) and returns what it did; nothing once stopped. */
  deliverNow(): Promise<DeliveryReport>;
  /**
   * Stops the timers and the round in progress: waits for the mails being sent and hands the
   * round's others back (DeliveryOptions.signal). The transport is the caller's to close.
   */
  stop(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 5_000;
/** After a local enqueue, the first look comes quickly: the caller's transaction is usually short. */
const FIRST_WAKE_MS = 10;
/** Then the looks slow down, up to this, until the mail is seen or WAKE_WINDOW_MS has passed. */
const MAX_WAKE_MS = 1_000;
const WAKE_WINDOW_MS = 10_000;

/**
 * Starts the worker of this process: a round every `intervalMs`, right after a full batch, and
 * soon after a mail is queued here (an in-process signal: the row may not be committed yet, so
 * the worker looks again a few times until it has seen it).
 */
export function startMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { logger } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  /** Mails queued here and not yet claimed by this worker, with the time after which we stop looking. */
  const awaited = new Map<number, number>();
  let wakeDelay = FIRST_WAKE_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let running: Promise<DeliveryReport> | undefined;
  const stopping = new AbortController();
  /** Dead leases are released once, before the first round. */
  let releasing: Promise<void> | undefined = options.soleDeliverer
    ? releaseDeadLeases(options.database.db).then(
        (released) => {
          if (released > 0) logger.info({ released }, 'mail leases of a stopped process released');
        },
        (error: unknown) => logger.error({ err: loggableDatabaseError(error) }, 'mail leases not released'),
      )
    : undefined;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    const at = Date.now() + delayMs;
    if (timer !== undefined && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Number.POSITIVE_INFINITY;
      void round().catch(() => {});
    }, delayMs);
    // The worker alone never keeps the process alive.
    timer.unref();
  };

  const afterRound = (report: DeliveryReport | undefined) => {
    const now = Date.now();
    for (const id of report ? [...report.sent, ...report.retried, ...report.failed] : []) awaited.delete(id);
    for (const [id, until] of awaited) if (until < now) awaited.delete(id);
    const claimed = report ? report.sent.length + report.retried.length + report.failed.length : 0;
    if (claimed >= batchSize) {
      schedule(0);
    } else if (awaited.size > 0) {
      wakeDelay = Math.min(wakeDelay * 2, MAX_WAKE_MS);
      schedule(wakeDelay);
    } else {
      wakeDelay = FIRST_WAKE_MS;
      schedule(intervalMs);
    }
  };

  /** A round asked for while one runs starts when it ends: it may see rows committed meanwhile. */
  const round = (): Promise<DeliveryReport> => {
    if (stopped) return Promise.resolve({ sent: [], retried: [], failed: [] });
    if (running) return running.catch(() => {}).then(round);
    let report: DeliveryReport | undefined;
    const current = (async () => {
      try {
        if (releasing) {
          await releasing;
          releasing = undefined;
        }
        report = await deliverDueMail({ ...options, signal: stopping.signal });
        const { sent, retried, failed } = report;
        if (sent.length + retried.length + failed.length > 0) {
          logger.info(
            {
              sent: sent.length,
              retried: retried.length,
              failed: failed.length,
            },
            'mail delivery round',
          );
        }
        return report;
      } catch (error) {
        logger.error({ err: loggableDatabaseError(error) }, 'mail delivery round failed');
        throw error;
      } finally {
        running = undefined;
        afterRound(report);
      }
    })();
    running = current;
    return current;
  };

  const stopListening = onMailEnqueued((id) => {
    awaited.set(id, Date.now() + WAKE_WINDOW_MS);
    wakeDelay = FIRST_WAKE_MS;
    schedule(FIRST_WAKE_MS);
  });
  schedule(0);

  return {
    deliverNow: round,
    async stop() {
      stopped = true;
      stopping.abort();
      stopListening();
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
