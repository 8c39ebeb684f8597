import { INSURER_TIME_ZONE } from '../../../contracts/time-zone.ts';
import { sendError, sendSuccess } from '../../answers.ts';
import { questionReaderOf } from '../question-box/readers.ts';
import type { ModelSettings } from '../../language-model.ts';
import { answerQuestion } from '../question-box/service.ts';
import { and, count, desc, gte, ilike, isNull, lt, type SQL, sql } from 'drizzle-orm';
import express, { type Request, type Response, Router } from 'express';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import {
  ActivitiesQuerySchema,
  BetweenDatesRequestSchema,
  QuestionBoxRequestSchema,
  CANONICAL_PAGES,
  type CanonicalPage,
  ONLINE_DAYS,
  ONLINE_MINUTES,
} from '../../../contracts/backoffice.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { activities } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { requireStaff } from '../sessions/require-staff.ts';
import { canonicalPageOf } from './canonical-pages.ts';

/**
 * The dashboard's and the activities page's reads (spec 3 §7): visits per time bucket, visited
 * pages per partner between two dates, and the activity records list. The back office is in
 * Paris time: dates it sends are read in Europe/Paris.
 */

export const STAFF_TIME_ZONE = INSURER_TIME_ZONE;

function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

interface Dependencies {
  /** The database: the question box runs on a snapshot of it when it is embedded. */
  database: Database;
  logger?: Logger | undefined;
  brands: BrandCatalog;
  onlineCount: () => Promise<number>;
  /** The model the question box may ask for SQL, when one is configured. */
  model?: ModelSettings | undefined;
}

/**
 * The 'Visite des pages' series from visit counts per path: one per partner whose brand file keeps
 * a series (`pageVisitSeries`), 'Base' for pages without a partner prefix, 'Global' for all.
 */
export function visitedPagesSeries(
  rows: readonly { page: string; count: string | number }[],
  brands: BrandCatalog,
): { name: string; label: string; counts: number[] }[] {
  const isKnownCompany = (slug: string) => brands.bySlug.has(slug);
  const index = new Map<CanonicalPage, number>(CANONICAL_PAGES.map((page, position) => [page, position]));
  const empty = () => CANONICAL_PAGES.map(() => 0);
  const perCompany = new Map<string, number[]>();
  const global = empty();
  for (const row of rows) {
    const { company, page } = canonicalPageOf(row.page, isKnownCompany);
    const position = index.get(page) ?? 0;
    const counts = perCompany.get(company) ?? empty();
    counts[position] = (counts[position] ?? 0) + Number(row.count);
    perCompany.set(company, counts);
    global[position] = (global[position] ?? 0) + Number(row.count);
  }
  return [
    ...brands.partners
      .filter((brand) => brand.pageVisitSeries)
      .map((brand) => ({ name: brand.slug, label: brand.name, counts: perCompany.get(brand.slug) ?? empty() })),
    { name: 'Base', label: 'Base', counts: perCompany.get('') ?? empty() },
    { name: 'Global', label: 'Global', counts: global },
  ];
}

export function createActivitiesRouter({ database, logger, brands, onlineCount, model }: Dependencies): Router {
  const router = Router();
  const { db } = database;
  const staff = requireStaff(db);
  // Made now, so that snapshots a crashed process left in DATA_DIR are removed at start.
  const questionReader = questionReaderOf(database, logger);

  router.get('/activities/:days/:minutes', staff, async (request: Request, response: Response) => {
    const days = Number(request.params['days']);
    const minutes = Number(request.params['minutes']);
    if (!(ONLINE_DAYS as readonly number[]).includes(days) || !(ONLINE_MINUTES as readonly number[]).includes(minutes))
      throw new HttpError(
        400,
        `Période : ${ONLINE_DAYS.join(', ')} jours ; intervalle : ${ONLINE_MINUTES.join(', ')} minutes.`,
      );
    const step = `${minutes} minutes`;
    // Buckets aligned on Paris midnight, so that day buckets are calendar days.
    const rows = await queryRows<{ time: string | Date; count: string | number }>(
      db,
      sql`with bounds as (
            select date_bin(${step}::interval, now() - ${`${days} days`}::interval,
                            (date_trunc('day', now() at time zone ${STAFF_TIME_ZONE}) at time zone ${STAFF_TIME_ZONE})) as first
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
    sendSuccess(response, {
      datas: {
        visits: rows.map((row) => ({ time: new Date(row.time).toISOString(), count: Number(row.count) })),
        online: await onlineCount(),
      },
    });
  });

  router.post('/activities/between_dates', staff, express.json({ limit: 16 * 1024 }), async (request, response) => {
    if (typeof request.body?.question === 'string') {
      // The question box: the SQL and its rows, or why it was refused.
      const box = QuestionBoxRequestSchema.safeParse(request.body);
      if (!box.success) throw new HttpError(400, box.error.issues[0]?.message ?? 'Question invalide');
      const answer = await answerQuestion(
        db,
        questionReader,
        box.data.question,
        { start: box.data.start_date, end: box.data.end_date },
        model,
      );
      if (answer.ok)
        sendSuccess(response, {
          datas: {
            query: answer.query,
            columns: answer.columns,
            result: answer.rows,
            ...(answer.dataAsOf === undefined ? {} : { dataAsOf: answer.dataAsOf.toISOString() }),
          },
        });
      else sendError(response, 422, { message: answer.reason, datas: { query: answer.query } });
      return;
    }
    const parsed = BetweenDatesRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Dates invalides');
    const { start_date: start, end_date: end } = parsed.data;
    // One query: every history entry in the range, counted per path.
    const rows = await queryRows<{ page: string; count: string | number }>(
      db,
      sql`select visit->>'page' as page, count(*) as count
          from activities, jsonb_array_elements(history_pages) as visit
          where (visit->>'at')::timestamptz >= (${start}::timestamp at time zone ${STAFF_TIME_ZONE})
            and (visit->>'at')::timestamptz <= (${end}::timestamp at time zone ${STAFF_TIME_ZONE})
            and created_at <= (${end}::timestamp at time zone ${STAFF_TIME_ZONE})
            and updated_at >= (${start}::timestamp at time zone ${STAFF_TIME_ZONE})
          group by 1`,
    );
    const series = visitedPagesSeries(rows, brands);
    sendSuccess(response, { datas: { result: { pages: CANONICAL_PAGES, series } } });
  });

  router.get('/activities', staff, async (request: Request, response: Response) => {
    const parsed = ActivitiesQuerySchema.safeParse(request.query);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Filtre invalide');
    const query = parsed.data;
    const filters: SQL[] = [];
    if (query.entryPage) filters.push(ilike(activities.entryPage, containing(query.entryPage)));
    if (query.currentPage) filters.push(ilike(activities.currentPage, containing(query.currentPage)));
    if (query.navigator) filters.push(ilike(activities.navigator, containing(query.navigator)));
    if (query.online === 'true') filters.push(isNull(activities.disconnectedAt));
    if (query.from)
      filters.push(gte(activities.createdAt, sql`(${query.from}::date::timestamp at time zone ${STAFF_TIME_ZONE})`));
    if (query.to)
      filters.push(lt(activities.createdAt, sql`((${query.to}::date + 1)::timestamp at time zone ${STAFF_TIME_ZONE})`));
    const where = filters.length > 0 ? and(...filters) : undefined;
    const [totalRow] = await db.select({ total: count() }).from(activities).where(where);
    const rows = await db
      .select()
      .from(activities)
      .where(where)
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    sendSuccess(response, {
      total: Number(totalRow?.total ?? 0),
      datas: rows.map((row) => ({
        id: row.id,
        socketId: row.socketId,
        entryPage: row.entryPage,
        currentPage: row.currentPage,
        historyPages: row.historyPages,
        store: row.store ?? null,
        navigator: row.navigator,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        disconnected_at: row.disconnectedAt?.toISOString() ?? null,
      })),
    });
  });

  return router;
}
