import { type SQL, sql } from 'drizzle-orm';
import { type AppDatabase, type DatabaseOrTransaction, queryRows, securityEventCounts } from '../db/public.ts';

/** A piece of SQL another module's statement embeds (the modules outside repositories never import drizzle). */
export type SqlPart = SQL;
/**
 * The security module's named queries: the shared secrets (`app_secrets`), the rate limits'
 * sliding-window counters (`rate_limit_hits`) and the security events' counts per day and kind.
 */

// shared secrets --------------------------------------------------------------------------------

/** Stores `candidate` as secret `name` unless a process stored one first. */
export async function insertSecretOnce(db: AppDatabase, name: string, candidate: string): Promise<void> {
  await db.execute(
    sql`insert into app_secrets (name, value) values (${name}, ${candidate}) on conflict (name) do nothing`,
  );
}

/** Secret `name` as stored (base64url), if it is. */
export async function findSecret(db: AppDatabase, name: string): Promise<string | undefined> {
  const rows = await queryRows<{ value: string }>(db, sql`select value from app_secrets where name = ${name}`);
  return rows[0]?.value;
}

// rate limits -------------------------------------------------------------------------------------

/**
 * Adds `weight` to `bucket`'s window starting at `windowStart` in one atomic upsert, and reads the
 * window's new count with the previous window's (`previousWindowStart`) count.
 */
export async function countRateLimitHit(
  db: AppDatabase,
  bucket: string,
  windowStart: number,
  previousWindowStart: number,
  weight: number,
): Promise<{ current: number; previous: number | null } | undefined> {
  const rows = await queryRows<{ current: number; previous: number | null }>(
    db,
    sql`
    with hit as (
      insert into rate_limit_hits (bucket, window_start, count)
      values (${bucket}, ${new Date(windowStart).toISOString()}, ${weight})
      on conflict (bucket, window_start) do update set count = rate_limit_hits.count + excluded.count
      returning count
    )
    select (select count from hit) as current,
      (select count from rate_limit_hits
        where bucket = ${bucket} and window_start = ${new Date(previousWindowStart).toISOString()}) as previous`,
  );
  return rows[0];
}

/**
 * countRateLimitHit as parts of another module's statement, so a hit costs no round trip of its
 * own: `upsert`, the body of a data-modifying CTE (at the statement's top level) answering the
 * window's new `count`; `previous`, a scalar subquery answering the previous window's count.
 */
export function rateLimitHitParts(
  bucket: string,
  windowStart: number,
  previousWindowStart: number,
  weight: number,
): { upsert: SQL; previous: SQL } {
  return {
    upsert: sql`
      insert into rate_limit_hits (bucket, window_start, count)
      values (${bucket}, ${new Date(windowStart).toISOString()}, ${weight}::integer)
      on conflict (bucket, window_start) do update set count = rate_limit_hits.count + excluded.count
      returning count`,
    previous: sql`(select count from rate_limit_hits
      where bucket = ${bucket} and window_start = ${new Date(previousWindowStart).toISOString()})`,
  };
}

/** Takes `weight` back from `bucket`'s window starting at `windowStart`, never below zero. */
export async function uncountRateLimitHit(
  db: AppDatabase,
  bucket: string,
  windowStart: number,
  weight: number,
): Promise<void> {
  await db.execute(
    sql`update rate_limit_hits set count = greatest(count - ${weight}, 0)
    where bucket = ${bucket} and window_start = ${new Date(windowStart).toISOString()}`,
  );
}

/** Deletes the windows that started before `before`. */
export async function deleteRateLimitWindowsBefore(db: AppDatabase, before: number): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where window_start < ${new Date(before).toISOString()}`);
}

// security event counts ---------------------------------------------------------------------------

/** Adds `count` events of `kind` to UTC day `day`'s count. */
export async function addSecurityEventCount(
  db: DatabaseOrTransaction,
  day: string,
  kind: string,
  count: number,
): Promise<void> {
  await db.execute(sql`
    insert into ${securityEventCounts} as t (day, kind, count) values (${day}, ${kind}, ${count})
    on conflict (day, kind) do update set count = t.count + excluded.count`);
}

/** Per kind seen within the 7 UTC days up to `today`: its count today and over the 7 days, as text. */
export function readSecurityEventCountRows(
  db: DatabaseOrTransaction,
  today: string,
): Promise<{ kind: string; today: string; last_seven_days: string }[]> {
  return queryRows<{ kind: string; today: string; last_seven_days: string }>(
    db,
    sql`
    select kind, sum(count) filter (where day = ${today}::date)::text as today, sum(count)::text as last_seven_days
    from ${securityEventCounts}
    where day > ${today}::date - 7
    group by kind
    order by sum(count) desc, kind`,
  );
}
