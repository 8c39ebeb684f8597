import { type SQL, sql } from 'drizzle-orm';
import { type DatabaseOrTransaction, queryRows } from '../../db/public.ts';
import type { SessionSummary } from './session-summary.ts';

/**
 * The analysis page's queries (contracts/analysis.ts defines what they count): one named,
 * parameterised SQL statement per statistic, the same on PGlite and PostgreSQL. Sessions are
 * chosen by `created_at` (indexed) and read through the summaries written with each record
 * (session-summary.ts: steps, languages, browser, next pages, page links), and, for whole hours
 * and days, through the running totals that migration 0009's triggers keep from those summaries:
 * a statistic never reads a history, and over a month reads a few thousand totals, not its rows.
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

/** stats_01: the sessions created in the range (the running totals' 'sessions' line). */
export async function countUniqueUsers(db: DatabaseOrTransaction, range: WallClockRange): Promise<number> {
  const lines = await funnelLines(db, range, ['sessions']);
  return lines.reduce((sum, line) => sum + Number(line.n), 0);
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
 * The range cut where the running totals can answer (migration 0009): `p` holds the range's
 * instants [s, e), the whole UTC hours inside it [h1, h2), and the whole UTC days inside those
 * [d1, d2). Days come from the daily totals, [h1, d1) and [d2, h2) from the hourly ones, and only
 * [s, h1) and [h2, e), less than an hour each, from the rows. Without a whole hour, h1 = h2 = e.
 */
function rangePieces(range: WallClockRange): SQL {
  return sql`
    bounds as (
      select (${range.start}::timestamp at time zone ${range.timeZone}) as s,
        ((${range.end}::timestamp + interval '1 minute') at time zone ${range.timeZone}) as e
    ),
    hours as (
      select s, e, date_trunc('hour', s, 'UTC')
          + case when date_trunc('hour', s, 'UTC') < s then interval '1 hour' else interval '0 hour' end as hs,
        date_trunc('hour', e, 'UTC') as he
      from bounds
    ),
    whole_hours as (
      select s, e, case when hs < he then hs else e end as h1, case when hs < he then he else e end as h2 from hours
    ),
    days as (
      select s, e, h1, h2, date_trunc('day', h1, 'UTC')
          + case when date_trunc('day', h1, 'UTC') < h1 then interval '24 hours' else interval '0 hour' end as ds,
        date_trunc('day', h2, 'UTC') as de
      from whole_hours
    ),
    p as (
      select s, e, h1, h2, case when ds < de then ds else h2 end as d1, case when ds < de then de else h2 end as d2
      from days
    )`;
}

/** A range cut into its pieces (see rangePieces), as instants PostgreSQL reads back. */
interface RangeCut {
  s: string;
  e: string;
  h1: string;
  h2: string;
  d1: string;
  d2: string;
}

/** Cuts a range (one small statement) so the statistic's own statement is planned for its real bounds. */
async function cutRange(db: DatabaseOrTransaction, range: WallClockRange): Promise<RangeCut> {
  const [cut] = await queryRows<RangeCut>(
    db,
    sql`with ${rangePieces(range)} select s::text as s, e::text as e, h1::text as h1, h2::text as h2,
      d1::text as d1, d2::text as d2 from p`,
  );
  if (!cut) throw new Error('range not cut');
  return cut;
}

/**
 * The pieces of a cut range as the one-row `p` of a statement, inlined (not materialised): the
 * planner sees each bound as a value, and estimates the rows of an end piece from it. Given as a
 * join parameter, a bound hid the range from the planner, which on a million records on
 * PostgreSQL chose to read the whole table.
 */
function piecesOf(cut: RangeCut): SQL {
  return sql`p as not materialized (
    select ${cut.s}::timestamptz as s, ${cut.e}::timestamptz as e, ${cut.h1}::timestamptz as h1,
      ${cut.h2}::timestamptz as h2, ${cut.d1}::timestamptz as d1, ${cut.d2}::timestamptz as d2
  )`;
}

/** The funnel's lines (activity_funnel_marginals) with their sessions, as the totals and rows give them. */
interface FunnelLine {
  kind: 'sessions' | 'finished' | StepRow['kind'];
  step: number;
  dimension: 'total' | 'mobile' | 'browser' | 'language' | 'next';
  value: string;
  n: number | string;
}

/** The funnel's lines over a range: one statement, whole days and hours from the totals, the ends from the rows. */
async function funnelLines(db: DatabaseOrTransaction, range: WallClockRange, kinds: readonly FunnelLine['kind'][]) {
  const marginals = sql`activity_funnel_marginals(a.finished, a.furthest_step, a.furthest_next_page,
    a.furthest_language, a.last_step, a.last_next_page, a.last_language, a.browser, a.mobile)`;
  const wanted = sql`array[${sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  )}]::text[]`;
  const totals = (period: 'hour' | 'day', from: SQL, to: SQL) => sql`
    select t.kind, t.step, t.dimension, t.value, t.sessions as n
    from p join activity_funnel_totals t on t.period = ${period} and t.starts_at >= ${from} and t.starts_at < ${to}
    where t.kind = any(${wanted})`;
  // The end pieces' records, grouped by summary first: the lines are then drawn once per group.
  const summaryColumns = sql`a.finished, a.furthest_step, a.furthest_next_page, a.furthest_language, a.last_step,
    a.last_next_page, a.last_language, a.browser, a.mobile`;
  const rows = (from: SQL, to: SQL) =>
    kinds.length === 1 && kinds[0] === 'sessions'
      ? sql`
    select 'sessions' as kind, -1::smallint as step, 'total' as dimension, '' as value, count(*) as n
    from p join activities a on a.created_at >= ${from} and a.created_at < ${to}`
      : sql`
    select m.kind, m.step, m.dimension, m.value, a.n
    from (
      select ${summaryColumns}, count(*) as n
      from p join activities a on a.created_at >= ${from} and a.created_at < ${to}
      group by ${summaryColumns}
    ) as a
    cross join lateral ${marginals} as m
    where m.kind = any(${wanted})`;
  const cut = await cutRange(db, range);
  return queryRows<FunnelLine>(
    db,
    sql`
      with ${piecesOf(cut)},
      lines as (
        ${totals('day', sql`p.d1`, sql`p.d2`)}
        union all ${totals('hour', sql`p.h1`, sql`p.d1`)}
        union all ${totals('hour', sql`p.d2`, sql`p.h2`)}
        union all ${rows(sql`p.s`, sql`p.h1`)}
        union all ${rows(sql`p.h2`, sql`p.e`)}
      )
      select kind, step, dimension, value, sum(n) as n from lines
      group by kind, step, dimension, value
      having sum(n) <> 0`,
  );
}

/**
 * stats_04 in one statement over the running totals and the range's ends: the sessions of the
 * range, the finished ones, and the unfinished declarations counted by step (furthest and last),
 * with their smartphones, browsers, languages and next pages.
 */
export async function countDeclarationFunnel(db: DatabaseOrTransaction, range: WallClockRange): Promise<FunnelRows> {
  const lines = await funnelLines(db, range, ['sessions', 'finished', 'furthest', 'last']);
  const steps = new Map<string, StepRow>();
  let sessions = 0;
  let finished = 0;
  let unfinished = 0;
  for (const line of lines) {
    const n = Number(line.n);
    if (line.kind === 'sessions') sessions += n;
    else if (line.kind === 'finished') finished += n;
    else {
      const step = Number(line.step);
      const key = `${line.kind}:${step}`;
      let entry = steps.get(key);
      if (!entry) {
        entry = { kind: line.kind, step, total: 0, mobile: 0, navigator: {}, languages: {}, next: {} };
        steps.set(key, entry);
      }
      if (line.dimension === 'total') {
        entry.total += n;
        if (line.kind === 'furthest') unfinished += n;
      } else if (line.dimension === 'mobile') entry.mobile += n;
      else if (line.dimension === 'browser') entry.navigator[line.value] = n;
      else if (line.dimension === 'language') entry.languages[line.value] = n;
      else entry.next[line.value] = n;
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
 * sessions of the range, each neighbour counted once per session (`activity_page_links`, whole
 * days and hours from their running totals, the range's ends from the links).
 */
export async function countPagesAround(
  db: DatabaseOrTransaction,
  range: WallClockRange,
  page: string,
): Promise<PagesAround> {
  const totals = (period: 'hour' | 'day', from: SQL, to: SQL) => sql`
    select t.direction, t.neighbour, t.links as n
    from p join activity_link_totals t
      on t.period = ${period} and t.page = ${page} and t.starts_at >= ${from} and t.starts_at < ${to}`;
  const links = (from: SQL, to: SQL) => sql`
    select l.direction, l.neighbour, 1 as n
    from p join activity_page_links l on l.page = ${page} and l.created_at >= ${from} and l.created_at < ${to}`;
  const cut = await cutRange(db, range);
  const rows = await queryRows<{ direction: 'previous' | 'next'; neighbour: string; n: number | string }>(
    db,
    sql`
      with ${piecesOf(cut)},
      lines as (
        ${totals('day', sql`p.d1`, sql`p.d2`)}
        union all ${totals('hour', sql`p.h1`, sql`p.d1`)}
        union all ${totals('hour', sql`p.d2`, sql`p.h2`)}
        union all ${links(sql`p.s`, sql`p.h1`)}
        union all ${links(sql`p.h2`, sql`p.e`)}
      )
      select direction, neighbour, sum(n) as n from lines group by direction, neighbour having sum(n) <> 0`,
  );
  const around: PagesAround = { previous: {}, next: {} };
  for (const row of rows) around[row.direction][row.neighbour] = Number(row.n);
  return around;
}

/** How a visitor's reports count as OK: any success (find-my-number) or a successful first attempt (follow-up). */
export type ReportSuccessRule = 'any_attempt' | 'first_attempt';

/**
 * analyse01/analyse02: visitors (a socket id; a report without one is its own visitor) whose
 * reports of `kind` in the range count as OK under `rule`, and the others. Visitors whose reports
 * all fall in one whole hour of the range come from the hourly totals (migration 0010); those of
 * the range's two end pieces and those whose reports span several hours are read from their
 * reports in the range.
 */
export async function countReportVisitors(
  db: DatabaseOrTransaction,
  range: WallClockRange,
  kind: 'find_number' | 'follow_up',
  rule: ReportSuccessRule,
): Promise<{ ok: number; ko: number }> {
  const succeeded = rule === 'any_attempt' ? sql`any_success` : sql`first_success`;
  const okTotal = rule === 'any_attempt' ? sql`t.ok_any` : sql`t.ok_first`;
  const endReports = (from: SQL, to: SQL) => sql`
    select coalesce(nullif(r.socket_id, ''), 'report:' || r.id::text) as visitor, r.status, r.created_at, r.id
    from p join visitor_reports r on r.kind = ${kind} and r.created_at >= ${from} and r.created_at < ${to}`;
  const cut = await cutRange(db, range);
  const [row] = await queryRows<{ visitors: number | string; ok: number | string }>(
    db,
    sql`
      with ${piecesOf(cut)},
      hour_totals as (
        select coalesce(sum(t.visitors), 0) as visitors, coalesce(sum(${okTotal}), 0) as ok
        from p join report_hour_totals t on t.kind = ${kind} and t.starts_at >= p.h1 and t.starts_at < p.h2
      ),
      end_reports as (
        select e.* from (${endReports(sql`p.s`, sql`p.h1`)} union all ${endReports(sql`p.h2`, sql`p.e`)}) as e
        where not exists (
          select 1 from report_visitors v where v.kind = ${kind} and v.visitor = e.visitor and v.straddles
        )
      ),
      straddling_reports as (
        select v.visitor, r.status, r.created_at, r.id
        from p join report_visitors v on v.kind = ${kind} and v.straddles and v.last_at >= p.s and v.first_at < p.e
        join visitor_reports r on r.kind = v.kind and r.socket_id = v.visitor
          and r.created_at >= p.s and r.created_at < p.e
      ),
      visitors as (
        select visitor,
          bool_or(status = 'success') as any_success,
          (array_agg(status order by created_at, id))[1] = 'success' as first_success
        from (select * from end_reports union all select * from straddling_reports) as read
        group by visitor
      )
      select (select visitors from hour_totals) + (select count(*) from visitors) as visitors,
        (select ok from hour_totals) + (select count(*) filter (where ${succeeded}) from visitors) as ok`,
  );
  const visitors = Number(row?.visitors ?? 0);
  const ok = Number(row?.ok ?? 0);
  return { ok, ko: visitors - ok };
}

// activity summaries --------------------------------------------------------------------------------

/**
 * Writes page links given as one JSON array parameter (`activity_id`, `created_at`, `page`,
 * `direction`, `neighbour` each); a pair already written is left as it is.
 */
export async function insertPageLinkRecords(db: DatabaseOrTransaction, json: string): Promise<void> {
  await db.execute(sql`
      insert into activity_page_links (activity_id, created_at, page, direction, neighbour)
      select * from jsonb_to_recordset(${json}::jsonb)
        as x(activity_id bigint, created_at timestamptz, page text, direction text, neighbour text)
      on conflict do nothing`);
}

/** Up to `limit` activity records not summarised yet, oldest first. */
export function listUnsummarisedActivities(db: DatabaseOrTransaction, limit: number) {
  return queryRows<{
    id: string | number;
    created_at: string | Date;
    navigator: string;
    history_pages: { page?: string }[] | string;
  }>(
    db,
    sql`select id, created_at, navigator, history_pages from activities
          where not summarised order by id limit ${limit}`,
  );
}

/** Writes each activity record's summary and marks it summarised, in one statement. */
export async function writeActivitySummaries(
  db: DatabaseOrTransaction,
  summaries: readonly { id: number; summary: SessionSummary }[],
): Promise<void> {
  const values = summaries.map(
    ({ id, summary }) => sql`(${id}::bigint, ${summary.finished}::boolean, ${summary.furthestStep}::smallint,
        ${summary.furthestNextPage}::text, ${summary.furthestLanguage}::text, ${summary.lastStep}::smallint,
        ${summary.lastNextPage}::text, ${summary.lastLanguage}::text, ${summary.browser}::text, ${summary.mobile}::boolean)`,
  );
  await db.execute(sql`
      update activities a set summarised = true, finished = v.finished, furthest_step = v.furthest_step,
        furthest_next_page = v.furthest_next_page, furthest_language = v.furthest_language,
        last_step = v.last_step, last_next_page = v.last_next_page, last_language = v.last_language,
        browser = v.browser, mobile = v.mobile
      from (values ${sql.join(values, sql`, `)}) as v(id, finished, furthest_step, furthest_next_page,
        furthest_language, last_step, last_next_page, last_language, browser, mobile)
      where a.id = v.id`);
}
