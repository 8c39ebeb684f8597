import { staffText } from '../../i18n/public.ts';
import { sendSuccess } from '../../answers.ts';
import express, { type Request, type Response, Router } from 'express';
import {
  DateRangeSchema,
  DECLARATION_FUNNEL_PATH,
  FIND_NUMBER_RATE_PATH,
  FOLLOW_UP_RATE_PATH,
  PAGES_AROUND_PATH,
  PagesAroundRequestSchema,
  UNIQUE_USERS_PATH,
} from '../../../contracts/analysis.ts';
import type { Database } from '../../db/public.ts';
import { parseBody, parseQuery, refuseNamingProblems } from '../../http/public.ts';
import { requireStaff } from '../sessions/require-staff.ts';
import type { WallClockRange } from './repository.ts';
import { countUniqueUsers, getDeclarationFunnel, getPagesAround, getReportRate } from './service.ts';

/**
 * The analysis page's statistics (spec 3 §7): POST /stats_01, /stats_04, /stats_05 (JSON body)
 * and GET /analyse01, /analyse02 (query string), each behind the staff session. The customer
 * side's POST /analyse01 and /analyse02 (reports, server/customer-api/reports) share the paths.
 */

/** The body is two dates, a time zone and a page. */
const MAX_BODY_BYTES = 2 * 1024;

/** A request refused: 400 with the invalid fields named. */
const refuseDates = refuseNamingProblems(staffText('analysis.badDates'));

function rangeOf(request: { start_date: string; end_date: string; timezone: string }): WallClockRange {
  return { start: request.start_date, end: request.end_date, timeZone: request.timezone };
}

export function createAnalysisRouter({ database }: { database: Database }): Router {
  const { db } = database;
  const router = Router();
  const staff = requireStaff(db);
  const json = express.json({ limit: MAX_BODY_BYTES });

  router.post(UNIQUE_USERS_PATH, staff, json, async (request: Request, response: Response) => {
    const range = rangeOf(parseBody(request, DateRangeSchema, refuseDates));
    sendSuccess(response, { datas: { unique_users: await countUniqueUsers(db, range) } });
  });

  router.post(DECLARATION_FUNNEL_PATH, staff, json, async (request: Request, response: Response) => {
    const range = rangeOf(parseBody(request, DateRangeSchema, refuseDates));
    sendSuccess(response, { datas: await getDeclarationFunnel(db, range) });
  });

  router.post(PAGES_AROUND_PATH, staff, json, async (request: Request, response: Response) => {
    const body = parseBody(request, PagesAroundRequestSchema, refuseDates);
    sendSuccess(response, { datas: await getPagesAround(db, rangeOf(body), body.referal_page) });
  });

  for (const [path, kind] of [
    [FIND_NUMBER_RATE_PATH, 'find_number'],
    [FOLLOW_UP_RATE_PATH, 'follow_up'],
  ] as const) {
    router.get(path, staff, async (request: Request, response: Response) => {
      const range = rangeOf(parseQuery(request, DateRangeSchema, refuseDates));
      sendSuccess(response, { datas: await getReportRate(db, range, kind) });
    });
  }

  return router;
}
