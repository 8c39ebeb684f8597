import { z } from 'zod/mini';
import { CLIENT_ERROR_CODES, CLIENT_ERROR_PAGE_FORMAT, CLIENT_ERROR_PAGE_MAX_LENGTH } from './client-error-codes.ts';

/**
 * The browsers' reports of numbered errors and the back office's counts of them.
 * Written with `zod/mini` like the other contracts the browser may import; the sender itself
 * imports only `client-error-codes.ts`, which has no zod.
 */

export { CLIENT_ERRORS_PATH } from './client-error-codes.ts';

/** One code of the allow-list. Example: "562321E". */
const ClientErrorCodeSchema = z.enum(CLIENT_ERROR_CODES);

/**
 * POST /client_errors: one numbered error a visitor's page met. Nothing else is accepted (no
 * message, no query string, no user agent): the report carries no personal data.
 * Example: { code: "562321E", page: "/veligo/en/declare-sinistre" }.
 */
export const ClientErrorReportSchema = z.strictObject({
  code: ClientErrorCodeSchema,
  /** The page's path, without query string. */
  page: z.optional(z.string().check(z.maxLength(CLIENT_ERROR_PAGE_MAX_LENGTH), z.regex(CLIENT_ERROR_PAGE_FORMAT))),
});

/** GET /client_errors (staff): the path of the counts, for the back office. */
export const CLIENT_ERROR_COUNTS_PATH = '/client_errors';

/** Days the back office's longest count covers, today included. */
export const CLIENT_ERROR_COUNT_DAYS = 30;

/** One reported code and how often browsers reported it (UTC days, today included). */
const ClientErrorCountSchema = z.object({
  code: ClientErrorCodeSchema,
  today: z.number(),
  lastSevenDays: z.number(),
  lastThirtyDays: z.number(),
  /** The last UTC day it was reported. Example: "2026-11-25". */
  lastDay: z.string(),
});

/** The answer of GET /client_errors: the codes reported in the last 30 days, most reported first. */
export const ClientErrorCountsAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    /** Today's UTC day. Example: "2026-11-25". */
    today: z.string(),
    counts: z.array(ClientErrorCountSchema),
  }),
});
export type ClientErrorCountsAnswer = z.output<typeof ClientErrorCountsAnswerSchema>;
