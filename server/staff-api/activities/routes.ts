import { staffText } from '../../i18n/public.ts';
import { sendError, sendSuccess } from '../../answers.ts';
import { questionReaderOf } from '../question-box/readers.ts';
import type { ModelSettings } from '../../language-model.ts';
import { answerQuestion } from '../question-box/service.ts';
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
import type { Database } from '../../db/public.ts';
import { z } from 'zod/mini';
import {
  parseBody,
  parseParams,
  parseQuery,
  refuseWith,
  refuseWithFirstProblem,
  sentField,
} from '../../http/public.ts';
import type { Logger } from '../../logger.ts';
import type { SecurityEvents } from '../../security/public.ts';
import { requireStaff } from '../sessions/require-staff.ts';
import { canonicalPageOf } from './canonical-pages.ts';
import { countActivities, countVisitsPerBucket, countVisitsPerPage, listActivitiesPage } from './repository.ts';

/**
 * The dashboard's and the activities page's reads (spec 3 §7): visits per time bucket, visited
 * pages per partner between two dates (or the question box's answer), and the activity records
 * list. The queries are in repository.ts; the back office's dates are read in the insurer's time zone.
 */

/** GET /activities/:days/:minutes: a period of the dashboard's choices, as numbers. */
const VisitsPeriodSchema = z
  .object({ days: z.coerce.number(), minutes: z.coerce.number() })
  .check(
    z.refine(
      ({ days, minutes }) =>
        (ONLINE_DAYS as readonly number[]).includes(days) && (ONLINE_MINUTES as readonly number[]).includes(minutes),
    ),
  );
const refuseVisitsPeriod = refuseWith(
  staffText('activities.badPeriod', { days: ONLINE_DAYS.join(', '), minutes: ONLINE_MINUTES.join(', ') }),
);

interface Dependencies {
  /** The database: the question box runs on a snapshot of it when it is embedded. */
  database: Database;
  logger?: Logger | undefined;
  brands: BrandCatalog;
  onlineCount: () => Promise<number>;
  /** The model the question box may ask for SQL, when one is configured. */
  model?: ModelSettings | undefined;
  /** Where an answer stopped at its size bound is counted for staff. */
  securityEvents?: SecurityEvents | undefined;
}

/**
 * The 'Visite des pages' series from visit counts per path (spec 3 §2): one per partner of the
 * brand files (one whose file keeps no chart series, `pageVisitSeries: false` like zenride, is
 * marked `chart: false`: the chart leaves it out, the table names it), 'Base' for pages without a
 * partner prefix, and 'Global' over the company list of the configuration, here the partners of
 * the brand files: every partner's visits together, the neutral brand's ('Base') not.
 */
export function visitedPagesSeries(
  rows: readonly { page: string; count: string | number }[],
  brands: BrandCatalog,
): { name: string; label: string; counts: number[]; chart?: false }[] {
  const companies = {
    isKnownCompany: (slug: string) => slug !== '' && brands.bySlug.has(slug),
    formerSlugOf: (slug: string) => brands.formerSlugs.get(slug),
  };
  const index = new Map<CanonicalPage, number>(CANONICAL_PAGES.map((page, position) => [page, position]));
  const empty = () => CANONICAL_PAGES.map(() => 0);
  const perCompany = new Map<string, number[]>();
  const global = empty();
  for (const row of rows) {
    const { company, page } = canonicalPageOf(row.page, companies);
    const position = index.get(page) ?? index.get('error') ?? 0;
    const counts = perCompany.get(company) ?? empty();
    counts[position] = (counts[position] ?? 0) + Number(row.count);
    perCompany.set(company, counts);
    if (company !== '') global[position] = (global[position] ?? 0) + Number(row.count);
  }
  return [
    ...brands.partners.map((brand) => ({
      name: brand.slug,
      label: brand.name,
      counts: perCompany.get(brand.slug) ?? empty(),
      ...(brand.pageVisitSeries ? {} : { chart: false as const }),
    })),
    { name: 'Base', label: 'Base', counts: perCompany.get('') ?? empty() },
    { name: 'Global', label: 'Global', counts: global },
  ];
}

export function createActivitiesRouter({
  database,
  logger,
  brands,
  onlineCount,
  model,
  securityEvents,
}: Dependencies): Router {
  const router = Router();
  const { db } = database;
  const staff = requireStaff(db);
  // Made now, so that snapshots a crashed process left in DATA_DIR are removed at start.
  const questionReader = questionReaderOf(database, logger);

  /** GET /activities/:days/:minutes: visits per bucket and who is online now. */
  async function answerVisits(request: Request, response: Response): Promise<void> {
    const { days, minutes } = parseParams(request, VisitsPeriodSchema, refuseVisitsPeriod);
    const visits = await countVisitsPerBucket(db, { days, minutes });
    sendSuccess(response, {
      datas: {
        visits: visits.map((visit) => ({ time: visit.time.toISOString(), count: visit.count })),
        online: await onlineCount(),
      },
    });
  }

  /** POST /activities/between_dates with a question: the question box's SQL and rows, or why it was refused. */
  async function answerQuestionBox(request: Request, response: Response): Promise<void> {
    const {
      question,
      start_date: start,
      end_date: end,
    } = parseBody(request, QuestionBoxRequestSchema, refuseWithFirstProblem(staffText('activities.badQuestion')));
    const answer = await answerQuestion(db, questionReader, question, { start, end }, model);
    if (!answer.ok) {
      // The weight only, never the query (it may hold what staff typed) nor a row.
      if (answer.bounded)
        securityEvents?.record(
          'question_box_bounded',
          answer.bounded.by === 'bytes' ? { by: 'bytes', bytes: answer.bounded.bytes } : { by: 'memory' },
        );
      sendError(response, 422, { message: answer.reason, datas: { query: answer.query } });
      return;
    }
    sendSuccess(response, {
      datas: {
        query: answer.query,
        columns: answer.columns,
        labels: answer.labels,
        result: answer.rows,
        ...(answer.dataAsOf === undefined ? {} : { dataAsOf: answer.dataAsOf.toISOString() }),
      },
    });
  }

  /** POST /activities/between_dates: the 'Visite des pages' series between two dates. */
  async function answerVisitedPages(request: Request, response: Response): Promise<void> {
    const { start_date: start, end_date: end } = parseBody(
      request,
      BetweenDatesRequestSchema,
      refuseWithFirstProblem(staffText('activities.badDates')),
    );
    const series = visitedPagesSeries(await countVisitsPerPage(db, { start, end }), brands);
    sendSuccess(response, { datas: { result: { pages: CANONICAL_PAGES, series } } });
  }

  /** GET /activities: the activity records, filtered and paged. */
  async function answerActivities(request: Request, response: Response): Promise<void> {
    const query = parseQuery(request, ActivitiesQuerySchema, refuseWithFirstProblem(staffText('claims.badFilter')));
    const total = await countActivities(db, query);
    const rows = await listActivitiesPage(db, query, { limit: query.size, offset: (query.page - 1) * query.size });
    sendSuccess(response, {
      total,
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
  }

  router.get('/activities/:days/:minutes', staff, answerVisits);
  router.post('/activities/between_dates', staff, express.json({ limit: 16 * 1024 }), (request, response) =>
    typeof sentField(request, 'body', 'question') === 'string'
      ? answerQuestionBox(request, response)
      : answerVisitedPages(request, response),
  );
  router.get('/activities', staff, answerActivities);
  return router;
}
