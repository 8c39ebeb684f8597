/**
 * The numbered errors of the specification that the visitor's browser reports to the server
 * (`POST /client_errors`), in a module without zod: every island that can fail imports the sender,
 * and none should load zod for it. `client-errors.ts` re-exports these values with its schemas.
 */

/** Where the browser sends a report, on the statistics service (`PUBLIC_STATS_URL`, by default the site's origin). */
export const CLIENT_ERRORS_PATH = '/client_errors';

/**
 * Every code a browser may report: the error catalogues of spec 1 §8 and spec 2 §8, and the codes
 * our islands give their own failures (proofs, countries). Anything else is refused, so the counts
 * hold no free text.
 */
export const CLIENT_ERROR_CODES = [
  '1',
  '2',
  '639',
  '640',
  '651',
  '6548',
  '6549',
  '421001G',
  '452305E',
  '452305F',
  '452305V',
  '462301D',
  '462301E',
  '562321E',
  '562335E',
  '562336E',
  '652153E',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Longest page path a report carries (as the live events' PagePathSchema). */
export const CLIENT_ERROR_PAGE_MAX_LENGTH = 200;
/** A page is a URL path without query string or fragment. Example: "/veligo/en/declare-step1". */
export const CLIENT_ERROR_PAGE_FORMAT = /^\/[A-Za-z0-9_\-/.]*$/;
