import { sendSuccess } from '../../answers.ts';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import {
  CLIENT_ERROR_COUNT_DAYS,
  CLIENT_ERROR_COUNTS_PATH,
  CLIENT_ERRORS_PATH,
  type ClientErrorCountsAnswer,
  ClientErrorReportSchema,
} from '../../../contracts/client-errors.ts';
import type { AppDatabase } from '../../db/public.ts';
import { requestLanguage } from '../../i18n/public.ts';
import type { Logger } from '../../logger.ts';
import { limitByAddress, type RateLimitRule, refuseCrossSiteWrites } from '../../security/public.ts';
import { countClientError, readClientErrorCounts } from './repository.ts';
import { parseBody, refuseAsInvalidValue } from '../../http/public.ts';
import { utcDayOf } from '../../../contracts/dates.ts';

/**
 * POST /client_errors: the visitors' browsers report the numbered errors of the specification they
 * met, fire and forget; each is logged (code and page, nothing about the visitor)
 * and counted per code and UTC day. GET /client_errors: those counts, for staff.
 */

/**
 * Reports one address may send. A page reports each code a few times at most; a campsite's
 * visitors share one address, and when the API fails they all report at once, so the limit is
 * generous. Past it the reports are refused (429) and not counted.
 */
export const CLIENT_ERRORS_PER_ADDRESS: RateLimitRule = { name: 'client_errors:ip', limit: 120, windowMs: 10 * 60_000 };

/** A report is a code and a path: `{"code":"562321E","page":"/…"}` under 300 bytes. */
export const MAX_CLIENT_ERROR_BYTES = 1024;

export function createClientErrorsRouter({
  db,
  logger,
  allowedOrigins,
  requireStaff,
}: {
  db: AppDatabase;
  logger: Logger;
  /** Origins besides the server's own whose pages may report (the public site's). */
  allowedOrigins: readonly string[];
  /** The staff API's session check, given by the composition root: the counts are for staff only. */
  requireStaff: RequestHandler;
}): Router {
  const router = Router();
  // text/plain too: a browser may send the JSON as a plain beacon (no preflight across origins).
  const json = express.json({ limit: MAX_CLIENT_ERROR_BYTES, type: ['application/json', 'text/plain'] });

  router.post(
    CLIENT_ERRORS_PATH,
    refuseCrossSiteWrites(allowedOrigins),
    limitByAddress(db, CLIENT_ERRORS_PER_ADDRESS),
    json,
    async (request: Request, response: Response) => {
      const { code, page } = parseBody(
        request,
        ClientErrorReportSchema,
        refuseAsInvalidValue(requestLanguage(request)),
      );
      await countClientError(db, code, new Date());
      logger.warn({ clientError: code, page: page ?? null }, 'browser reported a numbered error');
      sendSuccess(response, {}, 202);
    },
  );

  router.get(CLIENT_ERROR_COUNTS_PATH, requireStaff, async (_request: Request, response: Response) => {
    const today = utcDayOf(new Date());
    const counts = await readClientErrorCounts(db, today, CLIENT_ERROR_COUNT_DAYS);
    sendSuccess(response, { datas: { today, counts } } satisfies Omit<ClientErrorCountsAnswer, 'status'>);
  });

  return router;
}
