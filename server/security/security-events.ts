import { type DatabaseOrTransaction, loggableDatabaseError } from '../db/public.ts';
import { utcDayOf } from '../../contracts/dates.ts';
import type { Logger } from '../logger.ts';
import { addSecurityEventCount, readSecurityEventCountRows } from './repository.ts';

/**
 * Security events: what an attack meets (a lockout, full upload slots, a flood, a refused mail),
 * logged at warn level and counted per kind and UTC day for staff (the dashboard reads the counts).
 *
 * An attack makes thousands of them: each kind logs its first event of a minute with its detail,
 * and the rest of that minute as one line with their count; counts are kept in memory and
 * written as one upsert per kind every few seconds, so a flood never becomes a flood of writes.
 * A detail never holds personal data or an address: logs hold none.
 */

/** The kinds of event, as the dashboard names them (staff texts `securityEvents.<kind>`). */
export const SECURITY_EVENT_KINDS = [
  /** Sign-in refused for a wrong login or password (each one: the account's banner says so too). */
  'sign_in_refused',
  /** Sign-in refused or slowed down for an account after repeated wrong passwords. */
  'sign_in_throttled',
  /** An upload refused because the uploads at once of an address group or of the process are taken. */
  'upload_slots_full',
  /** An upload refused because an address group's share, or everyone's, of the hourly bytes is spent. */
  'upload_budget_spent',
  /** A request body cut off because it arrived too slowly or stalled. */
  'slow_body',
  /** A socket connection refused because its address group holds too many. */
  'socket_connections_capped',
  /** A socket disconnected for sending more events than its own or its address group's budget. */
  'socket_flood',
  /** A socket disconnected for an event the contract does not list. */
  'socket_unknown_event',
  /** Visitor activity dropped because the writes fell behind or a session reached its page cap. */
  'activity_dropped',
  /** A socket handshake refused for its Origin. */
  'socket_origin_refused',
  /** A mail not sent because its recipient had reached their hourly share. */
  'mail_recipient_limited',
  /** A one-time code refused after its tries, or codes asked too often. */
  'one_time_code_refused',
  /** A request refused by a rate limit (429). */
  'rate_limited',
  /** A question-box answer cut at its byte bound, or its worker stopped at a resource limit. */
  'question_box_bounded',
  /** A write to a claim (proofs, a comment) refused because it came without the follow-up link. */
  'claim_write_without_link',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** Counts not yet written are written this often (and at stop). */
const SECURITY_EVENT_FLUSH_MS = 5_000;
/** Each kind logs one detailed line per this period; the others of the period are summed. */
const LOG_PERIOD_MS = 60_000;

export interface SecurityEvents {
  /** One event of `kind`: logged (or summed into the next line) and counted for staff. */
  record(kind: SecurityEventKind, detail?: Record<string, string | number | boolean>): void;
  /** Writes the counts kept in memory (tests read them after this). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

export function createSecurityEvents(
  db: DatabaseOrTransaction,
  logger: Logger,
  options: { flushEveryMs?: number; now?: () => number } = {},
): SecurityEvents {
  const now = options.now ?? Date.now;
  /** Counts to write, by `day|kind`. */
  let pending = new Map<string, number>();
  /** Per kind: when its log period began and how many events of it were not logged one by one. */
  const logged = new Map<SecurityEventKind, { since: number; quiet: number }>();
  let writing: Promise<void> = Promise.resolve();

  const logSummaries = (at: number, all: boolean) => {
    for (const [kind, period] of logged) {
      if (!all && at - period.since < LOG_PERIOD_MS) continue;
      if (period.quiet > 0) logger.warn({ securityEvent: kind, count: period.quiet }, 'security events (summed)');
      logged.delete(kind);
    }
  };

  const flush = (): Promise<void> => {
    logSummaries(now(), false);
    if (pending.size === 0) return writing;
    const batch = pending;
    pending = new Map();
    writing = writing.then(async () => {
      for (const [key, count] of batch) {
        const [day, kind] = key.split('|') as [string, string];
        try {
          await addSecurityEventCount(db, day, kind, count);
        } catch (error) {
          logger.warn({ err: loggableDatabaseError(error), securityEvent: kind }, 'security event count not written');
        }
      }
    });
    return writing;
  };

  const timer = setInterval(() => void flush(), options.flushEveryMs ?? SECURITY_EVENT_FLUSH_MS);
  timer.unref();

  return {
    record(kind, detail) {
      const at = now();
      const key = `${utcDayOf(at)}|${kind}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
      const period = logged.get(kind);
      if (period !== undefined && at - period.since < LOG_PERIOD_MS) {
        period.quiet += 1;
        return;
      }
      if (period !== undefined && period.quiet > 0)
        logger.warn({ securityEvent: kind, count: period.quiet }, 'security events (summed)');
      logged.set(kind, { since: at, quiet: 0 });
      logger.warn({ securityEvent: kind, ...detail }, `security event: ${kind}`);
    },
    flush,
    async stop() {
      clearInterval(timer);
      logSummaries(now(), true);
      await flush();
    },
  };
}

export interface SecurityEventCount {
  kind: SecurityEventKind;
  today: number;
  lastSevenDays: number;
}

/** Per kind seen within the last 7 UTC days (`today` included): its count today and over the 7 days. */
export async function readSecurityEventCounts(db: DatabaseOrTransaction, today: string): Promise<SecurityEventCount[]> {
  const rows = await readSecurityEventCountRows(db, today);
  const known: ReadonlySet<string> = new Set(SECURITY_EVENT_KINDS);
  return rows
    .filter((row) => known.has(row.kind))
    .map((row) => ({
      kind: row.kind as SecurityEventKind,
      today: Number(row.today ?? 0),
      lastSevenDays: Number(row.last_seven_days),
    }));
}

/** A security events sink that only logs (tools and tests that have no database to count in). */
export function logOnlySecurityEvents(logger: Logger): SecurityEvents {
  return {
    record(kind, detail) {
      logger.warn({ securityEvent: kind, ...detail }, `security event: ${kind}`);
    },
    flush: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}
