import { type SQL, sql } from 'drizzle-orm';
import { type DatabaseOrTransaction, queryRows } from '../../db/client.ts';

/**
 * The analysis page's queries (contracts/analysis.ts defines what they count): one named,
 * parameterised SQL statement per statistic, the same on PGlite and PostgreSQL. Sessions are
 * chosen by `created_at` (indexed) and read through the summaries written with each record
 * (session-summary.ts: steps, languages, browser, next pages, page links), so a statistic never
 * reads a history: on a million records it costs little more than counting them.
 */

/** A range of session creation instants, as wall clocks in a time zone (validated by the contract). */
export interface WallClockRange {
  /** "YYYY-MM-DD HH:mm:00" */
  start: string;
  /** "YYYY-MM-DD HH:mm:00", included to the end of its minute. */
  end: string;
  /** IANA name. Example: "Europe/Paris". */
  timeZone: string;
}

/** `created_at` within the range: from the start's instant to the end of the end's minute. */
function createdWithin(column: SQL, range: WallClockRange): SQL {
  return sql`${column} >= (${range.start}::timestamp at time zone ${range.timeZone})
    and ${column} < ((${range.end}::timestamp + interval '1 minute') at time zone ${range.timeZone})`;
}

/** stats_01: the sessions created in the range. */
export async function countUniqueUsers(db: DatabaseOrTransaction, range: WallClockRange): Promise<number> {
  const [row] = await queryRows<{ users: number | string }>(
    db,
    sql`select count(*) as users from activities a where ${createdWithin(sql`a.created_at`, range)}`,
  );
  return Number(row?.users ?? 0);
}

/** One row of a step table as the funnel query returns it. */
export interface StepRow {
  kind: 'furthest' | 'last';
  step: number;
  total: number;
  mobile: number;
  navigator: Record<string, number>;
  languages: Record<string, number>;
  next: Record<string, number>;
}

export interface FunnelRows {
  sessions: number;
  finished: number;
  unfinished: number;
  steps: StepRow[];
}

/**
 * stats_04 in one statement over the sessions' summaries (session-summary.ts): the sessions of the
 * range, the finished ones, and the unfinished declarations grouped by step (furthest and last),
 * language, browser, smartphone and next page; the caller sums the groups.
 */
export async function countDeclarationFunnel(db: DatabaseOrTransaction, range: WallClockRange): Promise<FunnelRows> {
  const rows = await queryRows<{
    kind: 'sessions' | 'finished' | StepRow['kind'];
    step: number | null;
    language: string | null;
    browser: string | null;
    mobile: boolean | null;
    next_page: string | null;
    n: number | string;
  }>(
    db,
    sql`
      with unfinished as (
        select furthest_step, furthest_next_page, furthest_language, last_step, last_next_page, last_language,
          browser, mobile
        from activities a
        where a.furthest_step is not null and not a.finished and ${createdWithin(sql`a.created_at`, range)}
      )
      select 'sessions' as kind, null::smallint as step, null as language, null as browser, null::boolean as mobile,
        null as next_page, count(*) as n
      from activities a where ${createdWithin(sql`a.created_at`, range)}
      union all
      select 'finished', null, null, null, null, null, count(*)
      from activities a where a.finished and ${createdWithin(sql`a.created_at`, range)}
      union all
      select 'furthest', furthest_step, furthest_language, browser, mobile, furthest_next_page, count(*)
      from unfinished group by furthest_step, furthest_language, browser, mobile, furthest_next_page
      union all
      select 'last', last_step, last_language, browser, mobile, last_next_page, count(*)
      from unfinished group by last_step, last_language, browser, mobile, last_next_page`,
  );
  const steps = new Map<string, StepRow>();
  let sessions = 0;
  let finished = 0;
  let unfinished = 0;
  const add = (counts: Record<string, number>, key: string, n: number) => {
    counts[key] = (counts[key] ?? 0) + n;
  };
  for (const row of rows) {
    const n = Number(row.n);
    if (row.kind === 'sessions') sessions = n;
    else if (row.kind === 'finished') finished = n;
    else {
      const step = Number(row.step);
      const key = `${row.kind}:${step}`;
      let entry = steps.get(key);
      if (!entry) {
        entry = { kind: row.kind, step, total: 0, mobile: 0, navigator: {}, languages: {}, next: {} };
        steps.set(key, entry);
      }
      entry.total += n;
      if (row.mobile) entry.mobile += n;
      add(entry.navigator, row.browser ?? '', n);
      add(entry.languages, row.language ?? '', n);
      if (row.next_page !== null) add(entry.next, row.next_page, n);
      if (row.kind === 'furthest') unfinished += n;
    }
  }
  return { sessions, finished, unfinished, steps: [...steps.values()] };
}

export interface PagesAround {
  previous: Record<string, number>;
  next: Record<string, number>;
}

/**
 * stats_05: the pages seen right before and right after `page` (a canonical route) in the
 * sessions of the range, each neighbour counted once per session (`activity_page_links`).
 */
export async function countPagesAround(
  db: DatabaseOrTransaction,
  range: WallClockRange,
  page: string,
): Promise<PagesAround> {
  const rows = await queryRows<{ direction: 'previous' | 'next'; neighbour: string; n: number | string }>(
    db,
    sql`
      select l.direction, l.neighbour, count(*) as n
      from activity_page_links l
      where l.page = ${page} and ${createdWithin(sql`l.created_at`, range)}
      group by l.direction, l.neighbour`,
  );
  const around: PagesAround = { previous: {}, next: {} };
  for (const row of rows) around[row.direction][row.neighbour] = Number(row.n);
  return around;
}

/** How a visitor's reports count as OK: any success (find-my-number) or a successful first attempt (follow-up). */
export type ReportSuccessRule = 'any_attempt' | 'first_attempt';

/**
 * analyse01/analyse02: visitors (a socket id; a report without one is its own visitor) whose
 * reports of `kind` in the range count as OK under `rule`, and the others.
 */
export async function countReportVisitors(
  db: DatabaseOrTransaction,
  range: WallClockRange,
  kind: 'find_number' | 'follow_up',
  rule: ReportSuccessRule,
): Promise<{ ok: number; ko: number }> {
  const succeeded = rule === 'any_attempt' ? sql`any_success` : sql`first_success`;
  const [row] = await queryRows<{ ok: number | string; ko: number | string }>(
    db,
    sql`
      with reports as (
        select coalesce(nullif(r.socket_id, ''), 'report:' || r.id::text) as visitor, r.status, r.created_at, r.id
        from visitor_reports r
        where r.kind = ${kind} and ${createdWithin(sql`r.created_at`, range)}
      ),
      visitors as (
        select visitor,
          bool_or(status = 'success') as any_success,
          (array_agg(status order by created_at, id))[1] = 'success' as first_success
        from reports
        group by visitor
      )
      select count(*) filter (where ${succeeded}) as ok, count(*) filter (where not ${succeeded}) as ko
      from visitors`,
  );
  return { ok: Number(row?.ok ?? 0), ko: Number(row?.ko ?? 0) };
}
