import { z } from 'zod/mini';
import { isRealDate } from './dates.ts';

/**
 * The analysis page's calls of the statistics service (spec 3 §7): `POST /stats_01`, `/stats_04`,
 * `/stats_05` and `GET /analyse01`, `/analyse02`, all behind the staff session (401 without it).
 * Each statistic is one SQL query over the activity records (one record per visitor session,
 * written by the live events) or over the visitor reports. Shared by the server (it parses the
 * requests) and the back office (it parses the answers).
 *
 * Dates are wall-clock `YYYY-MM-DD HH:mm:00` in `timezone` (the back office sends the insurer's, Paris; default UTC). A session
 * belongs to the range when it was created in it, the end minute included: `end_date`
 * "2024-06-30 23:59:00" counts sessions up to 23:59:59.999.
 *
 * Definitions (the statistics' documented rules):
 * - **unique user**: one activity record, i.e. one visitor session (one browser tab's journey,
 *   kept across pages by the live events). No personal data (no IP address, no fingerprint) is
 *   used to merge sessions, so a person who comes back another day counts again.
 * - **page**: a visited path without its brand and language prefix, the canonical route:
 *   `/veligo/en/declare-step3` → `/declare-step3`, `/veligo/en` → `/`. A page seen again right
 *   after itself (a reload) counts once.
 * - **declaration step**: `/declare-stepN` is step N (1 to 6; step 6 only existed in V2);
 *   `/declare-sinistre` and `/declare-step0` (insured number, choice of subscription) are step 0.
 * - **finished** session: it reached `/confirmation-sinistre`. **Unfinished**: it reached a
 *   declaration step, never the confirmation. **Other**: neither.
 * - **furthest step**: the highest step an unfinished session reached, counted once however it
 *   skipped or went back; its next page is the page seen right after its last visit of that step.
 * - **last step**: the last declaration step in an unfinished session's history, and the page seen
 *   right after it. A session that left from the step has no next page.
 * - **smartphone**: a user agent matching /Mobi|Android|iPhone/. **Browser**: the first of Edge,
 *   Opera, Samsung Internet, Firefox, Chrome, Safari whose token the user agent holds, else
 *   "Autre" ("Inconnu" when empty).
 * - **language**: the language segment of the step's path (`/veligo/en/…` → en; none → fr).
 */

/** The earliest date the statistics cover (spec 3 §9). */
export const ANALYSIS_MINIMUM_DATE = '2023-10-19 00:00:00';

/** V3 went live then (spec 3 §2): a range cannot span it; before it, the wizard had a step 6. */
export const V3_BOUNDARY = '2024-05-21 10:00:00';

/** Releases marked on the date pickers (spec 3 §2). */
export const RELEASE_MARKERS = [
  { version: 'v3.0.0', at: '2024-05-21 10:00:00', label: 'passage en V3' },
  { version: 'v3.3.0', at: '2024-06-17 17:00:00', label: 'enregistrement du navigateur' },
  { version: 'v3.3.4', at: '2024-07-08 15:42:00', label: 'bouton suivant déplacé' },
  { version: 'v3.3.5', at: '2024-07-12 09:10:00', label: 'suivi des justificatifs validés ajouté' },
] as const;

/** Languages of the breakdowns: the specification's eight, then Portuguese, which we also serve. */
export const ANALYSIS_LANGUAGES = ['fr', 'en', 'es', 'it', 'de', 'da', 'nl', 'pl', 'pt'] as const;

/** Steps of the step tables: 0 (insured number), then the wizard's steps 1 to 6. */
export const ANALYSIS_STEPS = [0, 1, 2, 3, 4, 5, 6] as const;
type AnalysisStep = (typeof ANALYSIS_STEPS)[number];
export type StepKey = `step${AnalysisStep}`;

/**
 * Pages of the reference-page selector (spec 3 §2 with `{product}` = declare), default '/'.
 * `/declare-step0` is ours (the choice of subscription); `/declare-step6` existed in V2.
 */
export const REFERENCE_PAGES = [
  '/',
  '/declare-sinistre',
  '/declare-step0',
  '/declare-step1',
  '/declare-step2',
  '/declare-step3',
  '/declare-step4',
  '/declare-step5',
  '/declare-step6',
  '/confirmation-sinistre',
  '/faq',
  '/find-my-number',
  '/contact',
  '/mentions-legales',
  '/politique-confidentialite',
  '/claim',
  '/claim-step1',
  '/claim-step2',
  '/suivre-dossier',
  '/client-file',
] as const;
export type ReferencePage = (typeof REFERENCE_PAGES)[number];
export const DEFAULT_REFERENCE_PAGE: ReferencePage = '/';

export const UNIQUE_USERS_PATH = '/stats_01';
export const DECLARATION_FUNNEL_PATH = '/stats_04';
export const PAGES_AROUND_PATH = '/stats_05';
export const FIND_NUMBER_RATE_PATH = '/analyse01';
export const FOLLOW_UP_RATE_PATH = '/analyse02';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):00$/;

/** Whether `text` is a real wall-clock minute `YYYY-MM-DD HH:mm:00`. */
function isRealWallClock(text: string): boolean {
  const match = WALL_CLOCK.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return isRealDate(year, month, day, hour, minute);
}

/** A wall-clock minute. Example: "2024-06-01 00:00:00". */
const WallClockMinuteSchema = z.string().check(
  z.refine(isRealWallClock, 'Date attendue au format "YYYY-MM-DD HH:mm:00".'),
  z.refine((text) => text >= ANALYSIS_MINIMUM_DATE, 'Date antérieure au 19/10/2023.'),
);

/** An IANA time zone the browser reports. Example: "Europe/Paris". */
const TimeZoneSchema = z.string().check(
  z.maxLength(64),
  z.refine((name) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      return true;
    } catch {
      return false;
    }
  }, 'Fuseau horaire IANA attendu, par exemple "Europe/Paris".'),
);

const range = {
  /** Example: "2024-06-01 00:00:00". */
  start_date: WallClockMinuteSchema,
  /** Included to the end of its minute. Example: "2024-06-30 23:59:00". */
  end_date: WallClockMinuteSchema,
  /** Time zone of both dates. Default "UTC". Example: "Europe/Paris". */
  timezone: z._default(TimeZoneSchema, 'UTC'),
};

/** Wall-clock texts of one format compare like the dates they name. */
const startNotAfterEnd = z.refine<{ start_date: string; end_date: string }>(
  (value) => value.start_date <= value.end_date,
  { message: 'La date de début est après la date de fin.', path: ['end_date'] },
);

/** Body of POST /stats_01 and /stats_04, query of GET /analyse01 and /analyse02. */
export const DateRangeSchema = z.object(range).check(startNotAfterEnd);

/** Body of POST /stats_05. */
export const PagesAroundRequestSchema = z
  .object({ ...range, referal_page: z.enum(REFERENCE_PAGES) })
  .check(startNotAfterEnd);

const success = <Datas extends z.core.$ZodType>(datas: Datas) => z.object({ status: z.literal('success'), datas });

const Count = z.number().check(z.int(), z.nonnegative());
/** Counts per name. Example: { Chrome: 12, Safari: 4 }. */
const CountMap = z.record(z.string(), Count);

/** Answer of POST /stats_01. Example: { status: "success", datas: { unique_users: 1234 } }. */
export const UniqueUsersAnswerSchema = success(z.object({ unique_users: Count }));

/** One row of the furthest-step table. */
const StepDetailsSchema = z.object({
  /** Unfinished sessions whose furthest step is this one. */
  total: Count,
  /** Of them, on a smartphone. */
  totalMobile: Count,
  /** Per browser. Example: { Chrome: 10, Safari: 3 }. */
  navigator: CountMap,
  fr: Count,
  en: Count,
  es: Count,
  it: Count,
  de: Count,
  da: Count,
  nl: Count,
  pl: Count,
  pt: Count,
  /** The page seen right after the step, per page (sessions that left are not in it). Example: { "/faq": 2 }. */
  nextPage: CountMap,
});
export type StepDetails = z.output<typeof StepDetailsSchema>;

/** One row of the last-step table. */
const LastStepSchema = z.object({
  /** Unfinished sessions whose last declaration step is this one. */
  count: Count,
  totalMobile: Count,
  navigator: CountMap,
  fr: Count,
  en: Count,
  es: Count,
  it: Count,
  de: Count,
  da: Count,
  nl: Count,
  pl: Count,
  pt: Count,
  nextPage: CountMap,
});
export type LastStep = z.output<typeof LastStepSchema>;

const perStep = <Row extends z.core.$ZodType>(row: Row) =>
  z.object({ step0: row, step1: row, step2: row, step3: row, step4: row, step5: row, step6: row });

/**
 * Answer of POST /stats_04 (spec 3 §3). `step0` (insured number, choice of subscription) is ours,
 * so that the steps of the unfinished sessions add up to `total1`.
 */
export const DeclarationFunnelAnswerSchema = success(
  z.object({
    /** Unfinished declarations. */
    total1: Count,
    /** Finished declarations (confirmation reached). */
    total2: Count,
    /** Other sessions. */
    total3: Count,
    stepsDetails: perStep(StepDetailsSchema),
    lastStep: perStep(LastStepSchema),
  }),
);
type DeclarationFunnelAnswer = z.output<typeof DeclarationFunnelAnswerSchema>;
export type DeclarationFunnel = DeclarationFunnelAnswer['datas'];

/**
 * Answer of POST /stats_05: the pages seen right before and right after `referal_page`, each
 * counted once per session. Example: { previous_pages: { "/": 40 }, next_pages: { "/declare-step1": 31 } }.
 */
export const PagesAroundAnswerSchema = success(z.object({ previous_pages: CountMap, next_pages: CountMap }));

/**
 * Answer of GET /analyse01 and /analyse02. A visitor is a socket id (a report without one is its
 * own visitor). analyse01 (find-my-number): OK when the visitor retrieved the number in one of
 * the attempts; analyse02 (follow-up): OK when the visitor's first attempt opened the claim file.
 * `countOKPercent` = 100 × OK / (OK + KO), two decimals, 0 without any visitor.
 */
export const ReportRateAnswerSchema = success(
  z.object({
    countOK: Count,
    countKO: Count,
    /** Example: 87.5. */
    countOKPercent: z.number().check(z.minimum(0), z.maximum(100)),
  }),
);
