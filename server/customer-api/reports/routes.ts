import { sendSuccess } from '../../answers.ts';
import express, { type Request, type Response, Router } from 'express';
import type { z } from 'zod/mini';
import {
  FIND_NUMBER_REPORT_PATH,
  FindNumberReportSchema,
  FOLLOW_UP_REPORT_PATH,
  FollowUpReportSchema,
} from '../../../contracts/statistics.ts';
import type { Database } from '../../db/public.ts';
import { requestLanguage } from '../../i18n/public.ts';
import { createKeyedHasher, limitByAddress, type RateLimitRule, refuseCrossSiteWrites } from '../../security/public.ts';
import { parseBody, refuseAsInvalidValue } from '../../http/public.ts';
import { recordFindNumberReport, recordFollowUpReport } from './service.ts';

/**
 * POST /analyse01 and /analyse02 (spec 2 §7): the customer pages' fire-and-forget reports of
 * find-my-number and follow-up attempts, JSON. Answers 202 once stored; the browser never waits.
 */

/**
 * Reports one address may send in any hour: a visitor makes a few, so a couple of hundred guests
 * behind one campsite or carrier address fit; a script filling the statistics is stopped.
 */
export const REPORTS_PER_ADDRESS: RateLimitRule = { name: 'reports:ip', limit: 1200, windowMs: 60 * 60_000 };

/**
 * A report is a few short fields (the longest, the message shown, 500 characters): 4 KiB holds the
 * longest one escaped; the schemas bound some fields by pattern only, which jsonBodyBytesOf cannot size.
 */
const MAX_REPORT_BYTES = 4 * 1024;

export function createReportsRouter({
  database,
  allowedOrigins,
}: {
  database: Database;
  /** Origins besides the server's own whose pages may send reports (the public site's). */
  allowedOrigins: readonly string[];
}): Router {
  const { db } = database;
  const hash = createKeyedHasher(db);
  const router = Router();
  const json = express.json({ limit: MAX_REPORT_BYTES, type: ['application/json', 'text/plain'] });
  const sameSite = refuseCrossSiteWrites(allowedOrigins);
  const limit = limitByAddress(db, REPORTS_PER_ADDRESS);

  /** One report path: parse with the contract's schema, store, answer 202. */
  function acceptReports<Schema extends z.core.$ZodType>(
    path: string,
    schema: Schema,
    record: (db: typeof database.db, hasher: typeof hash, report: z.output<Schema>) => Promise<void>,
  ): void {
    router.post(path, sameSite, limit, json, async (request: Request, response: Response) => {
      const report = parseBody(request, schema, refuseAsInvalidValue(requestLanguage(request)));
      await hash.ready();
      await record(db, hash, report);
      sendSuccess(response, {}, 202);
    });
  }

  acceptReports(FIND_NUMBER_REPORT_PATH, FindNumberReportSchema, recordFindNumberReport);
  acceptReports(FOLLOW_UP_REPORT_PATH, FollowUpReportSchema, recordFollowUpReport);

  return router;
}
