import type { SecurityEvents } from './security-events.ts';
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import type { AppDatabase } from '../db/public.ts';
import { HttpError } from '../errors.ts';
import { commonMessages, requestLanguage, translate } from '../i18n/public.ts';
import {
  countRateLimitHit,
  deleteRateLimitWindowsBefore,
  rateLimitHitParts,
  type SqlPart,
  uncountRateLimitHit,
} from './repository.ts';

/**
 * Abuse limits shared by every server process: sliding-window counters in the `rate_limit_hits`
 * table, incremented with one upsert. Bucket keys hold a hash of what they count (an address, a
 * claim number), never the value itself, so the table holds no personal data.
 *
 * A window of a rule is counted as two fixed windows (the sliding-window-counter approximation):
 * the hits of the previous window weigh by the share of it the sliding window still covers. So a
 * burst at the end of one window followed by one at the start of the next counts as one burst,
 * which fixed windows let through at twice the limit.
 */

export interface RateLimitRule {
  /** Names the counter in bucket keys and logs. Example: "infos_dossier:ip". */
  name: string;
  /** Most hits (or, for a weighted rule, units such as KiB) allowed in any window of `windowMs`. */
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  /** Whether this hit is within the limit. */
  allowed: boolean;
  /** Hits counted over the sliding window, this one included (a weighted estimate, maybe fractional). */
  count: number;
  /** Seconds until one more hit would be allowed (at least 1). */
  retryAfterSeconds: number;
}

/** Windows older than this are deleted (the longest rule is one hour; the previous window is read). */
const KEEP_WINDOWS_MS = 24 * 60 * 60_000;
/** One hit in this many also deletes the old windows. */
const SWEEP_ONE_IN = 500;

function bucketOf(rule: RateLimitRule, key: string): string {
  return `${rule.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
}

/** Start of the fixed window holding `now`. */
function windowStartOf(rule: RateLimitRule, now: number): number {
  return now - (now % rule.windowMs);
}

/**
 * The sliding count: the current fixed window's hits plus the previous one's, weighted by how much
 * of the previous window the sliding window (ending now) still covers.
 */
function slidingCount(rule: RateLimitRule, now: number, previous: number, current: number): number {
  const elapsed = (now - windowStartOf(rule, now)) / rule.windowMs;
  return previous * (1 - elapsed) + current;
}

/**
 * Milliseconds until one more hit fits: while the current window's hits leave room, when enough of
 * the previous window has slid out; otherwise when enough of this window has slid out after it ends.
 */
function msUntilRoom(rule: RateLimitRule, now: number, previous: number, current: number): number {
  const elapsed = (now - windowStartOf(rule, now)) / rule.windowMs;
  const room = rule.limit - 1;
  if (current <= room && previous > 0) {
    const elapsedNeeded = 1 - (room - current) / previous;
    return Math.max(0, elapsedNeeded - elapsed) * rule.windowMs;
  }
  const intoNextWindow = current > 0 && room > 0 ? Math.max(0, 1 - room / current) : 1;
  return (1 - elapsed + intoNextWindow) * rule.windowMs;
}

function stateOf(rule: RateLimitRule, now: number, previous: number, current: number): RateLimitState {
  const count = slidingCount(rule, now, previous, current);
  const allowed = count <= rule.limit;
  const waitMs = allowed ? 0 : msUntilRoom(rule, now, previous, current);
  return { allowed, count, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * Counts one hit of `key` under `rule` and tells whether it is allowed. Refused hits are counted
 * too: a client that keeps hammering stays refused. `weight` counts one hit as several units (the
 * KiB of an upload for a byte budget).
 */
export async function hitRateLimit(
  db: AppDatabase,
  rule: RateLimitRule,
  key: string,
  now: number = Date.now(),
  weight = 1,
): Promise<RateLimitState> {
  const bucket = bucketOf(rule, key);
  const start = windowStartOf(rule, now);
  const row = await countRateLimitHit(db, bucket, start, start - rule.windowMs, weight);
  await sweepRateLimitsSometimes(db, now);
  const current = Number(row?.current ?? weight);
  const previous = Number(row?.previous ?? 0);
  return stateOf(rule, now, previous, current);
}

/**
 * One hit of `key` under `rule`, counted by another module's statement instead of a round trip of
 * its own (a claim submit's first statement): `upsert` goes in a data-modifying CTE at the
 * statement's top level, `previous` is a scalar subquery; `stateOf` reads the two counts the
 * statement answered. As hitRateLimit, the hit is counted whether allowed or not, provided the
 * statement's transaction commits.
 */
export function rateLimitHitInStatement(
  rule: RateLimitRule,
  key: string,
  now: number,
): { upsert: SqlPart; previous: SqlPart; stateOf: (current: unknown, previous: unknown) => RateLimitState } {
  const start = windowStartOf(rule, now);
  const parts = rateLimitHitParts(bucketOf(rule, key), start, start - rule.windowMs, 1);
  return {
    ...parts,
    stateOf: (current, previous) => stateOf(rule, now, Number(previous ?? 0), Number(current ?? 1)),
  };
}

/**
 * Takes back a hit counted at `now` (a hit that turned out not to be abuse, such as the right
 * name). Counting first and refunding after is what keeps concurrent requests within the limit:
 * each one's count comes from one atomic upsert.
 */
export async function refundRateLimit(
  db: AppDatabase,
  rule: RateLimitRule,
  key: string,
  now: number,
  weight = 1,
): Promise<void> {
  await uncountRateLimitHit(db, bucketOf(rule, key), windowStartOf(rule, now), weight);
}

/** Deletes the old windows at one hit in SWEEP_ONE_IN (after a hit counted by rateLimitHitInStatement too). */
export async function sweepRateLimitsSometimes(db: AppDatabase, now: number = Date.now()): Promise<void> {
  if (Math.random() * SWEEP_ONE_IN < 1) await sweepRateLimits(db, now);
}

/** Deletes windows nobody needs any more. */
export async function sweepRateLimits(db: AppDatabase, now: number = Date.now()): Promise<void> {
  await deleteRateLimitWindowsBefore(db, now - KEEP_WINDOWS_MS);
}

/**
 * The translated HTTP 429 of a limit reached, with `Retry-After`; counted for staff as a security
 * event (the app's sink, `app.locals.securityEvents`), named by its route's pattern only.
 */
export function tooManyRequests(request: Request, response: Response, state: RateLimitState): HttpError {
  const securityEvents = request.app?.locals['securityEvents'] as SecurityEvents | undefined;
  securityEvents?.record('rate_limited', { route: String(request.route?.path ?? '') });
  response.setHeader('Retry-After', String(state.retryAfterSeconds));
  const minutes = Math.max(1, Math.ceil(state.retryAfterSeconds / 60));
  return new HttpError(
    429,
    translate(commonMessages, 'rate_limited', requestLanguage(request), { count: minutes }),
    undefined,
    'rate_limited',
  );
}

/** An IPv6 address as its eight 16-bit groups; `address` must be valid IPv6 without a zone. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
}

/**
 * The group of addresses one client is counted as. An IPv6 client usually holds a whole /64 (its
 * device picks new addresses in it at will), so IPv6 addresses count by their /64 prefix; an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the IPv4
 * address it maps. Anything else (an IPv4 address, an unknown value) counts as itself.
 * Example: "2001:db8:0:7:a::1" → "2001:db8:0:7::/64".
 */
export function addressGroupOf(address: string): string {
  const [bare = ''] = address.split('%');
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The wider group an account-wide rule counts a client as (a staff sign-in's guesses at one
 * account): an IPv6 address by its /56, the prefix a home or small office is usually given, so
 * that a guesser holding one cannot spread over its 256 /64s and pass for 256 places; an
 * IPv4-mapped address is the IPv4 address, anything else itself (as addressGroupOf).
 * Example: "2001:db8:0:7:a::1" → "2001:db8:0:0::/56"; "2001:db8:0:1ff::9" → "2001:db8:0:100::/56".
 */
export function accountAddressGroupOf(address: string): string {
  const [bare = ''] = address.split('%');
  const group = addressGroupOf(address);
  if (!isIPv6(bare) || !group.endsWith('::/64')) return group;
  const groups = ipv6Groups(bare);
  const prefix = [groups[0] ?? 0, groups[1] ?? 0, groups[2] ?? 0, (groups[3] ?? 0) & 0xff00];
  return `${prefix.map((value) => value.toString(16)).join(':')}::/56`;
}

/**
 * The client an abuse limit counts: Express's `request.ip` (which trusts exactly TRUST_PROXY
 * proxies' X-Forwarded-For), grouped by addressGroupOf so that an IPv6 client cannot get a fresh
 * counter per address of its /64. Every per-address limit takes its key from here.
 */
export function clientAddressOf(request: Request): string {
  return addressGroupOf(request.ip ?? request.socket.remoteAddress ?? 'unknown');
}

/** The client an account-wide rule counts (accountAddressGroupOf of Express's `request.ip`: IPv6 by /56). */
export function accountClientAddressOf(request: Request): string {
  return accountAddressGroupOf(request.ip ?? request.socket.remoteAddress ?? 'unknown');
}

/**
 * Middleware counting each request under `rule`, by the client's address group (clientAddressOf:
 * Express's `request.ip`, trusting exactly `TRUST_PROXY` proxies, IPv6 by /64).
 */
export function limitByAddress(db: AppDatabase, rule: RateLimitRule) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const state = await hitRateLimit(db, rule, clientAddressOf(request));
    next(state.allowed ? undefined : tooManyRequests(request, response, state));
  };
}
