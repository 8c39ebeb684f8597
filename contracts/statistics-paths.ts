/**
 * Paths of the reports on the statistics service (`PUBLIC_STATS_URL`, by default the site's
 * origin), in a module without zod so that the islands sending them do not load the schemas of
 * `statistics.ts`, which re-exports them.
 */
export const FIND_NUMBER_REPORT_PATH = '/analyse01';
export const FOLLOW_UP_REPORT_PATH = '/analyse02';
