/**
 * The date rules of a claim declaration (spec 1 §5 step 5), shared by the server, which enforces
 * them, and the declaration wizard, which shows the same problems before anything is sent. Plain
 * functions without zod, so an island that imports them pays only for what it calls.
 *
 * Dates are ISO `yyyy-mm-dd` strings, compared as text (the format sorts like the calendar);
 * `sinistre_date` travels as dd/mm/yyyy (spec 1 §3), converted by `dates.ts`.
 */

import { utcDayOf } from './dates.ts';

/** Claim groups whose declaration cancels the booking (spec 1 §5). */
export const CANCELLATION_GROUP_IDS = [1, 5, 35, 40, 46, 102, 110] as const;

/** A broken date rule of a declaration, as a message key of the claims or the common catalogue. */
export interface DateProblem {
  /** The declaration field the message belongs beside. */
  field: 'sinistre_date' | 'sejour_debut_date' | 'sejour_fin_date';
  /** The message key, e.g. `start_after_end`. */
  key: 'field_required' | 'start_after_end' | 'end_before_claim' | 'claim_date_in_future';
  /** ISO dates the message quotes, e.g. `{start: '2026-12-01', end: '2026-11-30'}`. */
  dates?: Record<string, string>;
}

/** What declarationDateProblems reads of a declaration, and the day it is checked on. */
export interface DeclarationDates {
  /** The claim date, ISO; undefined when it is absent or not a real date (reported apart). */
  claimDate: string | undefined;
  /** Start of the contract or stay, ISO, or '' when not given. */
  start: string;
  /** End of the contract or stay, ISO, or '' when not given. */
  end: string;
  /** Whether the brand requires the contract dates (`declaration.contractDatesRequired`). */
  contractDatesRequired: boolean;
  /** The latest day the claim may have, ISO (see latestToday). */
  today: string;
}

/**
 * The latest calendar day anywhere on Earth (UTC+14) at `now`: a claim dated today by a claimant
 * far east of Paris is not "in the future".
 */
export function latestToday(now: Date): string {
  return utcDayOf(now.getTime() + 14 * 60 * 60_000);
}

/** Whether a declaration's claim group is a cancellation (spec 1 §5). */
export function isCancellationGroup(guaranteeId: number): boolean {
  return (CANCELLATION_GROUP_IDS as readonly number[]).includes(guaranteeId);
}

/**
 * The date rules a declaration breaks: the claim date not after today; the contract dates given
 * when the brand requires them; start ≤ end, named on the start; otherwise end ≥ claim date, named
 * on the end (one ordering message at a time, the one the claimant most likely has to fix).
 */
export function declarationDateProblems(input: DeclarationDates): DateProblem[] {
  const { claimDate, start, end, contractDatesRequired, today } = input;
  const problems: DateProblem[] = [];
  if (claimDate !== undefined && claimDate > today)
    problems.push({ field: 'sinistre_date', key: 'claim_date_in_future' });
  if (contractDatesRequired) {
    if (start === '') problems.push({ field: 'sejour_debut_date', key: 'field_required' });
    if (end === '') problems.push({ field: 'sejour_fin_date', key: 'field_required' });
  }
  if (start !== '' && end !== '' && start > end) {
    problems.push({ field: 'sejour_debut_date', key: 'start_after_end', dates: { start, end } });
  } else if (end !== '' && claimDate !== undefined && end < claimDate) {
    problems.push({ field: 'sejour_fin_date', key: 'end_before_claim', dates: { end, claimDate } });
  }
  return problems;
}
