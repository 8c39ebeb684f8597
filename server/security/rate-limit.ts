import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { NextFunction, Request, Response } from 'express';
import { type AppDatabase, queryRows } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { requestLanguage, translate } from '../i18n/messages.ts';
import { commonMessages } from '../partner-api/messages.ts';

/**
 * Abuse limits shared by every server process: fixed-window counters in the `rate_limit_hits`
 * table, incremented with one upsert. Bucket keys hold a hash of what they count (an address, a
 * claim number), never the value itself, so the table holds no personal data.
 */

export interface RateLimitRule {
  /** Names the counter in bucket keys and logs. Example: "infos_dossier:ip". */
  name: string;
  /** Most hits allowed in one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  /** Whether this hit is within the limit. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** Windows older than this are deleted (the longest rule is one hour). */
const KEEP_WINDOWS_MS = 24 * 60 * 60_000;
/** One hit in this many also deletes the old windows. */
const SWEEP_ONE_IN = 500;

function bucketOf(rule: RateLimitRule, key: string): string {
  return `${rule.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
}

function windowOf(rule: RateLimitRule, now: number): { start: Date; retryAfterSeconds: number } {
  const start = now - (now % rule.windowMs);
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000)) };
}

/** Counts one hit of `key` under `rule` and tells whether it is allowed. */
export async function hitRateLimit(
  db: AppDatabase,
  rule: RateLimitRule,
  key: string,
  now: number = Date.now(),
): Promise<RateLimitState> {
  const window = windowOf(rule, now);
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    insert into rate_limit_hits (bucket, window_start, count)
    values (${bucketOf(rule, key)}, ${window.start.toISOString()}, 1)
    on conflict (bucket, window_start) do update set count = rate_limit_hits.count + 1
    returning count`,
  );
  if (Math.random() * SWEEP_ONE_IN < 1) await sweepRateLimits(db, now);
  const count = Number(rows[0]?.count ?? 1);
  return { allowed: count <= rule.limit, count, retryAfterSeconds: window.retryAfterSeconds };
}

/**
 * Takes back a hit counted at `now` (a hit that turned out not to be abuse, such as the right
 * name). Counting first and refunding after is what keeps concurrent requests within the limit:
 * each one's count comes from one atomic upsert.
 */
export async function refundRateLimit(db: AppDatabase, rule: RateLimitRule, key: string, now: number): Promise<void> {
  const window = windowOf(rule, now);
  await db.execute(
    sql`update rate_limit_hits set count = greatest(count - 1, 0)
    where bucket = ${bucketOf(rule, key)} and window_start = ${window.start.toISOString()}`,
  );
}

/** Deletes windows nobody needs any more. */
export async function sweepRateLimits(db: AppDatabase, now: number = Date.now()): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_hits where window_start < ${new Date(now - KEEP_WINDOWS_MS).toISOString()}`,
  );
}

/** The translated HTTP 429 of a limit reached, with `Retry-After`. */
export function tooManyRequests(request: Request, response: Response, state: RateLimitState): HttpError {
  response.setHeader('Retry-After', String(state.retryAfterSeconds));
  const minutes = Math.max(1, Math.ceil(state.retryAfterSeconds / 60));
  return new HttpError(
    429,
    translate(commonMessages, 'rate_limited', requestLanguage(request), { minutes }),
    undefined,
    'rate_limited',
  );
}

/** The client's address: Express's `request.ip`, which trusts exactly TRUST_PROXY proxies' X-Forwarded-For. */
export function clientAddressOf(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

/**
 * Middleware counting each request under `rule`, by the client's address. The address is Express's
 * `request.ip`, which trusts exactly `TRUST_PROXY` proxies' X-Forwarded-For and nothing else.
 */
export function limitByAddress(db: AppDatabase, rule: RateLimitRule) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const state = await hitRateLimit(db, rule, clientAddressOf(request));
    next(state.allowed ? undefined : tooManyRequests(request, response, state));
  };
}
