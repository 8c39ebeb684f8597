import type { Language } from '../../contracts/languages.ts';
import type { FindNumberReport, FollowUpReport } from '../../contracts/statistics.ts';
import { FIND_NUMBER_REPORT_PATH, FOLLOW_UP_REPORT_PATH } from '../../contracts/statistics-paths.ts';

/**
 * The islands' reports to the statistics service (spec 2 §7 `analyse01`, `analyse02`): fire and
 * forget. A report never throws, never delays the page, and survives the page being left
 * (`keepalive`); a statistics service that is down costs the visitor nothing.
 */

const STATS_ORIGIN: string = import.meta.env.PUBLIC_STATS_URL ?? '';

/** Where the report was made from (brand and language of the page). */
export interface ReportPlace {
  company: string;
  lang: Language;
}

function send(path: string, body: Record<string, unknown>): void {
  try {
    void fetch(`${STATS_ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // A browser without fetch or with a refused request: the report is optional.
  }
}

/** analyse01: a find-my-number attempt and what the visitor was shown. */
export function reportFindNumberAttempt(
  attempt: {
    status: 'success' | 'error';
    message: string;
    email: string;
    /** yyyy-mm-dd, or '' */
    startDate: string;
    /** yyyy-mm-dd, or '' */
    endDate: string;
  },
  place: ReportPlace,
): void {
  const report: FindNumberReport = {
    status: attempt.status,
    message: attempt.message.slice(0, 500),
    email: attempt.email.slice(0, 254),
    sejour_debut_date: attempt.startDate,
    sejour_fin_date: attempt.endDate,
    company: place.company,
    lang: place.lang,
  };
  send(FIND_NUMBER_REPORT_PATH, report);
}

/** analyse02: a follow-up attempt (suivre-dossier) and what the visitor was shown. */
export function reportFollowUpAttempt(
  attempt: { status: 'success' | 'error'; message: string; claimNumber: string; lastName: string },
  place: ReportPlace,
): void {
  const report: FollowUpReport = {
    status: attempt.status,
    message: attempt.message.slice(0, 500),
    dossier_numero: attempt.claimNumber.slice(0, 40),
    dossier_nom: attempt.lastName.slice(0, 100),
    company: place.company,
    lang: place.lang,
  };
  send(FOLLOW_UP_REPORT_PATH, report);
}
