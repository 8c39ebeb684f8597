import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../contracts/languages.ts';
import { CUSTOMER_ROUTES } from '../../../contracts/routes.ts';
import { type DatabaseOrTransaction, queryRows } from '../../db/client.ts';

/**
 * The analysis page's queries (contracts/analysis.ts defines what they count): one named,
 * parameterised SQL statement per statistic, the same on PGlite and PostgreSQL. Sessions are
 * chosen by `created_at` (indexed); paths are read as canonical routes inside SQL, so a statistic
 * never ships history entries to Node.
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

/** Route names as SQL literals: constants of our code (checked), never request data. */
function literalList(values: readonly string[]): SQL {
  for (const value of values) if (!/^[a-z0-9-]+$/.test(value)) throw new Error(`not a route or language: ${value}`);
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

/** Last segments that name a page: our routes, and V2's step 6 (it is in the 2024 records). */
const ROUTE_NAMES = literalList([...CUSTOMER_ROUTES.filter((route) => route !== 'home'), 'declare-step6']);
const PREFIXED_LANGUAGES = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).join('|');

/** `created_at` within the range: from the start's instant to the end of the end's minute. */
function createdWithin(column: SQL, range: WallClockRange): SQL {
  return sql`${column} >= (${range.start}::timestamp at time zone ${range.timeZone})
    and ${column} < ((${range.end}::timestamp + interval '1 minute') at time zone ${range.timeZone})`;
}

/**
 * The canonical route of a path: its last segment when that names a page (`/veligo/en/faq` →
 * `/faq`); the home page for the root, `/index`, a bare brand or language (`/veligo`, `/en`,
 * `/veligo/de`); any other path as its last segment (a page that does not exist).
 */
function canonicalPage(path: SQL, lastSegment: SQL): SQL {
  return sql`case
    when ${lastSegment} in (${ROUTE_NAMES}) then '/' || ${lastSegment}
    when ${lastSegment} is null or ${lastSegment} = 'index'
      or ${path} ~ ${sql.raw(`'^(/[a-z0-9]+)?(/(${PREFIXED_LANGUAGES}))?/?$'`)} then '/'
    else '/' || ${lastSegment}
  end`;
}

/** The language of a path: its language segment after an optional brand, else French. */
function languageOf(path: SQL): SQL {
  return sql`coalesce(substring(${path} from ${sql.raw(`'^/(?:[a-z0-9]+/)?(${PREFIXED_LANGUAGES})(?:/|$)'`)}), ${DEFAULT_LANGUAGE})`;
}

/** The browser family of a user agent (the contract's rule; Edge and Opera also say Chrome, Chrome says Safari). */
function browserOf(userAgent: SQL): SQL {
  return sql`case
    when ${userAgent} = '' then 'Inconnu'
    when ${userAgent} ~ 'Edg(e|A|iOS)?/' then 'Edge'
    when ${userAgent} ~ '(OPR|Opera)/' then 'Opera'
    when ${userAgent} ~ 'SamsungBrowser/' then 'Samsung Internet'
    when ${userAgent} ~ '(Firefox|FxiOS)/' then 'Firefox'
    when ${userAgent} ~ '(Chrome|CriOS|HeadlessChrome)/' then 'Chrome'
    when ${userAgent} ~ 'Safari/' then 'Safari'
    else 'Autre'
  end`;
}

/** The contract's smartphone rule. */
function isMobile(userAgent: SQL): SQL {
  return sql`(${userAgent} ~ 'Mobi|Android|iPhone')`;
}

/**
 * CTEs `sessions` (records created in the range) and `visits`: each session's history as
 * canonical pages, a page repeated right after itself kept once, numbered (`position`), with the
 * pages right before and after it and its declaration step (0 to 6, or null).
 */
function sessionVisits(range: WallClockRange): SQL {
  return sql`
    sessions as (
      select a.id, a.navigator, a.history_pages
      from activities a
      where ${createdWithin(sql`a.created_at`, range)}
    ),
    entries as (
      select s.id as session_id, e.ord, p.path, substring(p.path from '([^/]+)/?$') as last_segment
      from sessions s
      cross join lateral jsonb_array_elements(s.history_pages) with ordinality as e(value, ord)
      cross join lateral (select coalesce(e.value ->> 'page', '/') as path) as p
    ),
    pages as (
      select session_id, ord, path, ${canonicalPage(sql`path`, sql`last_segment`)} as page
      from entries
    ),
    repeats as (
      select session_id, ord, path, page, lag(page) over (partition by session_id order by ord) as before
      from pages
    ),
    visits as (
      select session_id, path, page,
        row_number() over w as position,
        lag(page) over w as previous_page,
        lead(page) over w as next_page,
        case
          when page in ('/declare-sinistre', '/declare-step0') then 0
          when page ~ '^/declare-step[1-9]$' then substring(page from '[0-9]$')::int
        end as step
      from repeats
      where before is distinct from page
      window w as (partition by session_id order by ord)
    )`;
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
 * stats_04 in one statement: finished, unfinished and all sessions; for each unfinished session
 * its furthest step (last visit of it) and its last declaration step, each described by language,
 * browser, smartphone and next page, counted per step.
 */
export async function countDeclarationFunnel(db: DatabaseOrTransaction, range: WallClockRange): Promise<FunnelRows> {
  const [row] = await queryRows<{
    sessions: number | string;
    finished: number | string;
    unfinished: number | string;
    steps: StepRow[] | string;
  }>(
    db,
    sql`
      with ${sessionVisits(range)},
      summary as (
        select session_id,
          bool_or(page = '/confirmation-sinistre') as finished,
          max(step) as furthest,
          max(position) filter (where step is not null) as last_step_position
        from visits
        group by session_id
      ),
      unfinished as (
        select * from summary where not finished and furthest is not null
      ),
      chosen as (
        select 'furthest' as kind, f.session_id, f.step, f.path, f.next_page
        from (
          select distinct on (v.session_id) v.session_id, v.step, v.path, v.next_page
          from visits v
          join unfinished u on u.session_id = v.session_id and v.step = u.furthest
          order by v.session_id, v.position desc
        ) f
        union all
        select 'last' as kind, v.session_id, v.step, v.path, v.next_page
        from visits v
        join unfinished u on u.session_id = v.session_id and v.position = u.last_step_position
      ),
      described as (
        select c.kind, c.step, c.next_page,
          ${languageOf(sql`c.path`)} as language,
          ${browserOf(sql`s.navigator`)} as browser,
          ${isMobile(sql`s.navigator`)} as mobile
        from chosen c
        join sessions s on s.id = c.session_id
      ),
      per_step as (
        select kind, step, count(*) as total, count(*) filter (where mobile) as mobile
        from described group by kind, step
      ),
      by_browser as (
        select kind, step, jsonb_object_agg(browser, n) as counts
        from (select kind, step, browser, count(*) as n from described group by kind, step, browser) x
        group by kind, step
      ),
      by_language as (
        select kind, step, jsonb_object_agg(language, n) as counts
        from (select kind, step, language, count(*) as n from described group by kind, step, language) x
        group by kind, step
      ),
      by_next as (
        select kind, step, jsonb_object_agg(next_page, n) as counts
        from (
          select kind, step, next_page, count(*) as n from described
          where next_page is not null group by kind, step, next_page
        ) x
        group by kind, step
      )
      select
        (select count(*) from sessions) as sessions,
        (select count(*) from summary where finished) as finished,
        (select count(*) from unfinished) as unfinished,
        (
          select coalesce(jsonb_agg(jsonb_build_object(
            'kind', p.kind, 'step', p.step, 'total', p.total, 'mobile', p.mobile,
            'navigator', coalesce(b.counts, '{}'::jsonb),
            'languages', coalesce(l.counts, '{}'::jsonb),
            'next', coalesce(n.counts, '{}'::jsonb)
          )), '[]'::jsonb)
          from per_step p
          left join by_browser b on b.kind = p.kind and b.step = p.step
          left join by_language l on l.kind = p.kind and l.step = p.step
          left join by_next n on n.kind = p.kind and n.step = p.step
        ) as steps`,
  );
  const steps = typeof row?.steps === 'string' ? (JSON.parse(row.steps) as StepRow[]) : (row?.steps ?? []);
  return {
    sessions: Number(row?.sessions ?? 0),
    finished: Number(row?.finished ?? 0),
    unfinished: Number(row?.unfinished ?? 0),
    steps: steps.map((step) => ({ ...step, total: Number(step.total), mobile: Number(step.mobile) })),
  };
}

export interface PagesAround {
  previous: Record<string, number>;
  next: Record<string, number>;
}

/**
 * stats_05: the pages seen right before and right after `page` (a canonical route) in the
 * sessions of the range, each neighbour counted once per session.
 */
export async function countPagesAround(
  db: DatabaseOrTransaction,
  range: WallClockRange,
  page: string,
): Promise<PagesAround> {
  const [row] = await queryRows<{ previous: Record<string, number> | string; next: Record<string, number> | string }>(
    db,
    sql`
      with ${sessionVisits(range)}
      select
        (
          select coalesce(jsonb_object_agg(previous_page, n), '{}'::jsonb)
          from (
            select previous_page, count(distinct session_id) as n from visits
            where page = ${page} and previous_page is not null group by previous_page
          ) x
        ) as previous,
        (
          select coalesce(jsonb_object_agg(next_page, n), '{}'::jsonb)
          from (
            select next_page, count(distinct session_id) as n from visits
            where page = ${page} and next_page is not null group by next_page
          ) x
        ) as next`,
  );
  const read = (value: Record<string, number> | string | undefined) =>
    typeof value === 'string' ? (JSON.parse(value) as Record<string, number>) : (value ?? {});
  return { previous: read(row?.previous), next: read(row?.next) };
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
