import { and, count, desc, eq, gte, ilike, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { INSURER_TIME_ZONE } from '../../../contracts/time-zone.ts';
import { containsPattern, type DatabaseOrTransaction, queryRows, activities } from '../../db/public.ts';

/**
 * The named queries of the dashboard and the activities page (spec 3 §7). The back office is in
 * the insurer's time zone: the dates it sends are read there, and day buckets are its calendar days.
 */

/**
 * Visits (activity records created) per `minutes` bucket over the last `days` days, every bucket
 * present (0 when empty), the buckets aligned on the insurer's midnight.
 */
export async function countVisitsPerBucket(
  db: DatabaseOrTransaction,
  period: { days: number; minutes: number },
): Promise<{ time: Date; count: number }[]> {
  const step = `${period.minutes} minutes`;
  const rows = await queryRows<{ time: string | Date; count: string | number }>(
    db,
    sql`with bounds as (
          select date_bin(${step}::interval, now() - ${`${period.days} days`}::interval,
                          (date_trunc('day', now() at time zone ${INSURER_TIME_ZONE}) at time zone ${INSURER_TIME_ZONE})) as first
        ),
        visits as (
          select date_bin(${step}::interval, created_at, (select first from bounds)) as time, count(*) as count
          from activities where created_at >= (select first from bounds) group by 1
        )
        select series.time, coalesce(visits.count, 0) as count
        from generate_series((select first from bounds), now(), ${step}::interval) as series(time)
        left join visits on visits.time = series.time
        order by series.time`,
  );
  return rows.map((row) => ({ time: new Date(row.time), count: Number(row.count) }));
}

/**
 * Page visits between two local date-times (`YYYY-MM-DD HH:mm:ss`, insurer's time zone), counted
 * per visited path, in one query over every record's history entries.
 */
export function countVisitsPerPage(
  db: DatabaseOrTransaction,
  range: { start: string; end: string },
): Promise<{ page: string; count: string | number }[]> {
  const { start, end } = range;
  return queryRows<{ page: string; count: string | number }>(
    db,
    sql`select visit->>'page' as page, count(*) as count
        from activities, jsonb_array_elements(history_pages) as visit
        where (visit->>'at')::timestamptz >= (${start}::timestamp at time zone ${INSURER_TIME_ZONE})
          and (visit->>'at')::timestamptz <= (${end}::timestamp at time zone ${INSURER_TIME_ZONE})
          and created_at <= (${end}::timestamp at time zone ${INSURER_TIME_ZONE})
          and updated_at >= (${start}::timestamp at time zone ${INSURER_TIME_ZONE})
        group by 1`,
  );
}

/** The activities page's filters; an empty text filters nothing. */
export interface ActivitiesFilter {
  /** Contained in the entry page, whatever the case (same for currentPage and navigator). */
  entryPage: string;
  currentPage: string;
  navigator: string;
  /** 'true': only visitors connected now. */
  online: '' | 'true';
  /** The key (`socket_id`) of one session; '' for every session. */
  session: string;
  /** Created from this day (YYYY-MM-DD) to that day included, insurer's time zone. */
  from: string;
  to: string;
}

function activitiesWhere(filter: ActivitiesFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (filter.entryPage) filters.push(ilike(activities.entryPage, containsPattern(filter.entryPage)));
  if (filter.currentPage) filters.push(ilike(activities.currentPage, containsPattern(filter.currentPage)));
  if (filter.navigator) filters.push(ilike(activities.navigator, containsPattern(filter.navigator)));
  if (filter.online === 'true') filters.push(isNull(activities.disconnectedAt));
  if (filter.session) filters.push(eq(activities.socketId, filter.session));
  if (filter.from)
    filters.push(gte(activities.createdAt, sql`(${filter.from}::date::timestamp at time zone ${INSURER_TIME_ZONE})`));
  if (filter.to)
    filters.push(
      lt(activities.createdAt, sql`((${filter.to}::date + 1)::timestamp at time zone ${INSURER_TIME_ZONE})`),
    );
  return filters.length > 0 ? and(...filters) : undefined;
}

/** How many activity records the filters keep. */
export async function countActivities(db: DatabaseOrTransaction, filter: ActivitiesFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(activities).where(activitiesWhere(filter));
  return Number(row?.total ?? 0);
}

/** One page of the filtered activity records, newest first. */
export function listActivitiesPage(
  db: DatabaseOrTransaction,
  filter: ActivitiesFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(activities)
    .where(activitiesWhere(filter))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(page.limit)
    .offset(page.offset);
}
