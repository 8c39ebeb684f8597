import { z } from 'zod/mini';
import { isRealDate } from './dates.ts';
import { LANGUAGES } from './languages.ts';

/**
 * The customer side's fire-and-forget reports to the statistics service (spec 2 §7): `analyse01`
 * (a find-my-number attempt) and `analyse02` (a follow-up attempt). The browser sends what the
 * visitor typed, as the specification says; the server keeps only what the back office counts
 * (outcome, stay dates, brand, language) and a keyed hash of the e-mail, claim number and name
 * (repeat attempts stay countable), never the values themselves.
 */

export { FIND_NUMBER_REPORT_PATH, FOLLOW_UP_REPORT_PATH } from './statistics-paths.ts';

/** The outcome the visitor saw. */
const ReportStatusSchema = z.enum(['success', 'error']);

/** Text stored as sent: no NUL character, which PostgreSQL text cannot hold. */
const withoutNul = z.refine<string>((text) => !text.includes('\u0000'));

const common = {
  status: ReportStatusSchema,
  /** The message the visitor was shown (server text or default text). Example: "Erreur : …". */
  message: z._default(z.string().check(z.maxLength(500), withoutNul), ''),
  /** The visitor's live socket id, '' when there is none. */
  socketId: z._default(z.string().check(z.maxLength(64), withoutNul), ''),
  /** Partner slug of the page (the `slug` of its brands/ file), '' for the neutral brand. */
  company: z._default(z.string().check(z.regex(/^[a-z0-9]{0,40}$/)), ''),
  lang: z._default(z.enum(LANGUAGES), 'fr'),
};

/** Whether `YYYY-MM-DD` names a real day (PostgreSQL refuses 2024-13-45). */
function isRealDay(text: string): boolean {
  if (text === '') return true;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return isRealDate(year, month, day);
}

/** A calendar day `YYYY-MM-DD`, or '' when the visitor left it empty. */
const Day = z._default(z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/), z.refine(isRealDay)), '');

/** POST /analyse01: a find-my-number attempt. */
export const FindNumberReportSchema = z.strictObject({
  ...common,
  /** As typed; hashed by the server, never stored. */
  email: z._default(z.string().check(z.maxLength(254)), ''),
  sejour_debut_date: Day,
  sejour_fin_date: Day,
});
export type FindNumberReport = z.input<typeof FindNumberReportSchema>;

/** POST /analyse02: a follow-up attempt (suivre-dossier). */
export const FollowUpReportSchema = z.strictObject({
  ...common,
  /** As typed; hashed by the server, never stored. */
  dossier_numero: z._default(z.string().check(z.maxLength(40)), ''),
  /** As typed; hashed by the server, never stored. */
  dossier_nom: z._default(z.string().check(z.maxLength(100)), ''),
});
export type FollowUpReport = z.input<typeof FollowUpReportSchema>;
